import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, OPS_API, seamlessPath } from '@platform/contracts';
import { describeEachDatabase } from '../test/databases';
import { freshIp, insertMember, loginOk, sealed } from '../test/identity-helpers';
import { buildTestApp } from '../test/test-app';

describeEachDatabase('edge guard: text the database cannot store', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
  });
  afterAll(async () => {
    await app?.close();
  });

  const refusal = (res: { statusCode: number; json(): unknown }) => {
    const body = res.json() as { code?: string; value?: { fields?: { path: string }[] } };
    return { status: res.statusCode, code: body.code, field: body.value?.fields?.[0]?.path };
  };
  const headers = () => ({ 'x-forwarded-for': freshIp() });

  it('should refuse a NUL in a public query with 400 INVALID_CHARACTERS, not a 500 from the database', async () => {
    // Before the guard: GET /wps/agent/affiliate?code=%00 reached a query and answered 500.
    const res = await app.inject({ url: `${API.agent.affiliate}?code=a%00b`, headers: headers() });
    expect(refusal(res)).toEqual({ status: 400, code: 'INVALID_CHARACTERS', field: 'code' });
  });

  it('should refuse a lone surrogate in a JSON body and name the field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: OPS_API.auth.login,
      headers: { ...headers(), 'content-type': 'application/json' },
      payload: '{"username":"owner\\ud800","password":"x"}',
    });
    expect(refusal(res)).toEqual({ status: 400, code: 'INVALID_CHARACTERS', field: 'username' });
  });

  it('should refuse a NUL in a path parameter', async () => {
    const res = await app.inject({ url: API.system.flag.replace(':countryCode', 'P%00H'), headers: headers() });
    expect(refusal(res)).toMatchObject({ status: 400, code: 'INVALID_CHARACTERS' });
  });

  it('should refuse a NUL inside a sealed body once it is opened', async () => {
    const res = await sealed(app, 'POST', API.session.login, { username: 'a\u0000b', password: 'x', side: 'member' });
    expect(refusal(res)).toEqual({ status: 400, code: 'INVALID_CHARACTERS', field: 'username' });
  });

  it("should refuse a NUL escape in a vendor's signed body, whose bytes the route keeps", async () => {
    const res = await app.inject({
      method: 'POST',
      url: seamlessPath('balance'),
      headers: { ...headers(), 'content-type': 'application/json' },
      payload: '{"sessionToken":"\\u0000"}',
    });
    expect(refusal(res)).toMatchObject({ status: 400, code: 'INVALID_CHARACTERS' });
  });

  it('should refuse a NUL in a form body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: API.member.forgotByEmail,
      headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a%00&email=a%40example.com',
    });
    expect(refusal(res)).toEqual({ status: 400, code: 'INVALID_CHARACTERS', field: 'username' });
  });

  it('should let a well-formed emoji through to the route', async () => {
    const member = await insertMember(getDb());
    const { token } = await loginOk(app, member.username, member.password);
    const res = await app.inject({
      method: 'PUT',
      url: API.member.profile,
      headers: { ...headers(), authorization: `Bearer ${token}` },
      payload: { nickname: 'Ace 😀' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
