import { OPS_API, type OpsVipLevel } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { clearRateLimits, demoMerchantId } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';

type Headers = Record<string, string>;

const gold = (overrides: Record<string, unknown> = {}) => ({
  name: { EN: 'Gold', TY: 'Ginto' },
  label: 'VIP7',
  upgradeBasis: 'DEPOSITS',
  threshold: '5000.00',
  upgradeBonus: '88.00',
  birthdayBonus: '18.80',
  withdrawDailyCount: 5,
  withdrawDailyMax: '20000.00',
  rebateRates: { RNG: '0.8', LIVE: '0.5' },
  ...overrides,
});

/**
 * VIP and rebate settings in the back office (issue 20): a level with its benefits (threshold and its basis, upgrade
 * and birthday bonuses, daily withdrawal limits, rebate rates per game type) written whole and audited; a rebate rate
 * above the game type's house edge, bad input and roles without promotions.manage are refused, writing nothing.
 */
describeEachDatabase('VIP levels in the back office', (getDb) => {
  let app: FastifyInstance;
  let merchantId: number;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    merchantId = await demoMerchantId(getDb());
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const put = (headers: Headers, level: number, payload: object) =>
    app.inject({ method: 'PUT', url: OPS_API.vipLevel.replace(':level', String(level)), headers, payload });
  const row = async (level: number) =>
    (
      await getDb().query<Record<string, unknown>>(
        `SELECT label, upgrade_basis, withdraw_daily_count, withdraw_daily_max_minor::text, birthday_bonus_minor::text,
           min_valid_bet_minor::text, rebate_rates FROM vip_levels WHERE merchant_id = $1 AND level = $2`,
        [merchantId, level],
      )
    ).rows[0];
  const audits = async () =>
    (
      await getDb().query<{ action: string; target_id: string }>(
        `SELECT action, target_id FROM staff_audit_log WHERE target_type = 'vip_level' ORDER BY id`,
      )
    ).rows.map((r) => `${r.action}:${r.target_id}`);

  it('should create and change a level with its benefits, audited, and list it with the house edges', async () => {
    const content = await staffHeaders(app, 'content');
    const created = await put(content, 7, gold());
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().value).toMatchObject({
      ...{ level: 7, label: 'VIP7', upgradeBasis: 'DEPOSITS', threshold: '5000.00', upgradeBonus: '88.00' },
      ...{ birthdayBonus: '18.80', withdrawDailyCount: 5, withdrawDailyMax: '20000.00' },
      rebateRates: { RNG: '0.8', LIVE: '0.5' },
    });
    expect(await row(7)).toEqual({
      ...{ label: 'VIP7', upgrade_basis: 'DEPOSITS', withdraw_daily_count: 5, withdraw_daily_max_minor: '2000000' },
      ...{ birthday_bonus_minor: '1880', min_valid_bet_minor: '500000', rebate_rates: { RNG: 80, LIVE: 50 } },
    });
    // No limits: null.
    const changed = await put(
      content,
      7,
      gold({ withdrawDailyCount: null, withdrawDailyMax: '', upgradeBasis: 'VALID_BET' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().value).toMatchObject({ withdrawDailyCount: null, withdrawDailyMax: null });
    const list = await app.inject({ url: OPS_API.vipLevels, headers: content });
    expect(list.statusCode, list.body).toBe(200);
    const value = list.json().value as { list: OpsVipLevel[]; houseEdges: Record<string, string> };
    expect(value.houseEdges).toMatchObject({ RNG: '3', LIVE: '1.2' });
    expect(value.list.find((l) => l.level === 7)).toMatchObject({ upgradeBasis: 'VALID_BET', label: 'VIP7' });
    // Zero bonuses are allowed (a level without them).
    const plain = await put(content, 7, gold({ upgradeBonus: '0.00', birthdayBonus: '0' }));
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().value).toMatchObject({ upgradeBonus: '0.00', birthdayBonus: '0.00' });
    expect(await audits()).toEqual(['vip.level.create:7', 'vip.level.update:7', 'vip.level.update:7']);
  });

  it('should refuse a rebate rate above the house edge, bad input and other roles, writing nothing', async () => {
    const content = await staffHeaders(app, 'content');
    expect((await put(content, 8, gold({ label: 'VIP8' }))).statusCode).toBe(200);
    const before = await row(8);
    const auditsBefore = await audits();
    const aboveEdge = await put(content, 8, gold({ label: 'X', rebateRates: { RNG: '0.8', LIVE: '1.3' } }));
    expect(aboveEdge.statusCode, aboveEdge.body).toBe(422);
    expect(aboveEdge.json()).toMatchObject({
      code: 'REBATE_RATE_ABOVE_EDGE',
      value: { gameType: 'LIVE', maxRate: '1.2' },
    });
    for (const [payload, status, code] of [
      [gold({ rebateRates: { RNG: '-1' } }), 400, 'VALIDATION_FAILED'],
      [gold({ rebateRates: { RNG: '0.123' } }), 400, 'VALIDATION_FAILED'],
      [gold({ label: '' }), 400, 'VALIDATION_FAILED'],
      [gold({ label: 'A-LABEL-TOO-LONG' }), 400, 'VALIDATION_FAILED'],
      [gold({ upgradeBasis: 'LOGINS' }), 400, 'VALIDATION_FAILED'],
      [gold({ withdrawDailyCount: -1 }), 400, 'VALIDATION_FAILED'],
      [gold({ withdrawDailyMax: '-5' }), 400, 'VALIDATION_FAILED'],
      [gold({ threshold: '1.234' }), 400, 'INVALID_AMOUNT'],
    ] as const) {
      const res = await put(content, 8, payload);
      expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
    }
    const badLevel = await put(content, 31, gold());
    expect(badLevel.statusCode).toBe(400);
    const support = await staffHeaders(app, 'support');
    expect((await put(support, 8, gold({ label: 'Y' }))).statusCode).toBe(403);
    expect(await row(8)).toEqual(before);
    expect(await audits()).toEqual(auditsBefore);
  });
});
