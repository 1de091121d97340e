import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, OPS_API } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, demoMerchantId } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';

const RULES = { minAmount: '100.00', maxAmount: '50000.00', dailyCount: 3, maxAccounts: 3, autoReceiveMinutes: 1440 };

describeEachDatabase('withdrawal settings in the back office', (getDb) => {
  let app: FastifyInstance;
  let merchantId: number;
  let memberToken: string;
  let finance: Record<string, string>;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    merchantId = await demoMerchantId(getDb());
    memberToken = (await memberWithSession(app, getDb())).token;
    finance = await staffHeaders(app, 'finance');
  });
  afterAll(() => app.close());

  const get = (headers: Record<string, string> = finance) => app.inject({ url: OPS_API.withdrawSettings, headers });
  const put = (body: unknown, headers: Record<string, string> = finance) =>
    app.inject({ method: 'PUT', url: OPS_API.withdrawSettings, headers, payload: body as object });
  const playerSettings = async () =>
    (await app.inject({ url: API.withdraw.settings, headers: bearer(memberToken) })).json().value;
  const audits = async () =>
    (
      await getDb().query<{ before: unknown; after: unknown }>(
        `SELECT before, after FROM staff_audit_log WHERE merchant_id = $1 AND action = 'withdraw-settings.update'
         ORDER BY id`,
        [merchantId],
      )
    ).rows;

  it('should show the rules and apply an edit to the player’s next request, with its audit entry', async () => {
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({ ...RULES, currencyScale: 2, currencySymbol: expect.any(String) });

    const edited = await put({ ...RULES, minAmount: '200', maxAmount: '75000.5', dailyCount: 5 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().value).toMatchObject({ minAmount: '200.00', maxAmount: '75000.50', dailyCount: 5 });
    expect(await playerSettings()).toMatchObject({ minAmount: '200.00', maxAmount: '75000.50', dailyCount: 5 });
    const [entry] = await audits();
    expect(entry?.before).toEqual(RULES);
    expect(entry?.after).toEqual({ ...RULES, minAmount: '200.00', maxAmount: '75000.50', dailyCount: 5 });
  });

  it('should refuse bad rules with a message per field, writing nothing', async () => {
    const current = (await get()).json().value;
    const written = (await audits()).length;
    const cases: [unknown, string[]][] = [
      [{ ...RULES, minAmount: '900', maxAmount: '800' }, ['maxAmount']],
      [{ ...RULES, minAmount: '0', dailyCount: 0, maxAccounts: 21 }, ['dailyCount', 'maxAccounts', 'minAmount']],
      [{ ...RULES, maxAmount: 'ten', autoReceiveMinutes: 1.5 }, ['autoReceiveMinutes', 'maxAmount']],
      [{ ...RULES, minAmount: '1.001' }, ['minAmount']],
      [{ ...RULES, dailyCount: undefined, fee: '1' }, ['', 'dailyCount']],
    ];
    for (const [body, paths] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      const fields = res.json().value.fields as { path: string }[];
      expect(fields.map((field) => field.path).sort(), JSON.stringify(body)).toEqual(paths);
    }
    expect((await get()).json().value).toEqual(current);
    expect(await audits()).toHaveLength(written);
  });

  it('should let only staff with payments.manage in', async () => {
    expect((await get({})).statusCode).toBe(401);
    const content = await staffHeaders(app, 'content');
    expect((await get(content)).statusCode).toBe(403);
    expect((await put(RULES, content)).statusCode).toBe(403);
  });
});
