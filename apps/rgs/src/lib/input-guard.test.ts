import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { startHarness, type Harness } from '../test/harness';

describeEachDatabase('RGS edge guard', (getDb) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(getDb());
  });
  afterAll(async () => {
    await h.close();
  });

  const refusal = (res: { statusCode: number; json(): unknown }) => ({
    status: res.statusCode,
    code: (res.json() as { code?: string }).code,
  });

  it('should refuse a NUL in a query with 400 INVALID_CHARACTERS', async () => {
    const res = await h.rgs.inject({ url: '/rgs/v1/rounds?game=a%00b' });
    expect(refusal(res)).toEqual({ status: 400, code: 'INVALID_CHARACTERS' });
  });

  it('should refuse a lone surrogate in a JSON body before the session is looked up', async () => {
    const res = await h.rgs.inject({
      method: 'POST',
      url: '/rgs/v1/dice/roll',
      headers: { 'content-type': 'application/json' },
      payload: '{"bet":"1.00","target":"\\ud800"}',
    });
    expect(refusal(res)).toEqual({ status: 400, code: 'INVALID_CHARACTERS' });
  });

  it('should refuse a NUL escape in a signed transfer-protocol body, whose raw bytes the route keeps', async () => {
    const res = await h.rgs.inject({
      method: 'POST',
      url: '/rgs/v1/transfer/balance',
      headers: { 'content-type': 'application/json' },
      payload: '{"playerId":"p\\u0000"}',
    });
    expect(refusal(res)).toEqual({ status: 400, code: 'INVALID_CHARACTERS' });
  });

  it('should let text with a well-formed pair (an emoji) through to the route', async () => {
    const res = await h.rgs.inject({ url: `/rgs/v1/rounds?game=${encodeURIComponent('dice😀')}` });
    expect(refusal(res).code).not.toBe('INVALID_CHARACTERS');
  });
});
