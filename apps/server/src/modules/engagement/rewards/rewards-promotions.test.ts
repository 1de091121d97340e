import { API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, demoMerchantId } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';

const HOUR_MS = 3_600_000;

/**
 * The reward centre lists everything claimable or claimed (issue 20, ADR 0043): a promotion's bonus paid on the
 * promotions page (or with a deposit, or on an approved application) shows as a claimed PROMOTION reward with the
 * promotion's title in the member's language, beside the reward centre's own rewards, and has nothing to claim.
 */
describeEachDatabase('promotion bonuses in the reward centre', (getDb) => {
  let app: FastifyInstance;
  let merchantId = 0;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    merchantId = await demoMerchantId(getDb());
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  it('should list a claimed free bonus as a PROMOTION reward, newest first, only to its member', async () => {
    const free = await app.promotions.create(merchantId, {
      ...{ kind: 'FREE', title: { EN: 'Free 10', TY: 'Libreng 10' }, terms: {}, bannerUrl: null },
      ...{ audience: 'EVERYONE', audienceLevels: [], audienceAgentId: null, newMemberDays: 7 },
      ...{ startsAt: new Date(Date.now() - HOUR_MS), endsAt: null, status: 'ACTIVE' },
      ...{ perMemberLimit: 1, totalLimit: null, bonusFixedMinor: 1_000n, bonusPercentBp: 0, bonusMaxMinor: null },
      ...{ minDepositMinor: 0n, turnoverMultiple: 5, turnoverBase: 'BONUS', weights: {}, defaultWeight: 100 },
      ...{ maxBetMinor: null, maxConversionMinor: null, expiryHours: 72, onWithdraw: 'FORFEIT' },
    });
    const kim = await memberWithSession(app, getDb());
    const lee = await memberWithSession(app, getDb());
    await getDb().query(
      `INSERT INTO rewards (merchant_id, member_id, kind, reward_key, amount_minor, period, expires_at, created_at)
       VALUES ($1, $2, 'REBATE', $3, 250, '2026-01-01', now() + interval '1 day', now() - interval '1 hour')`,
      [merchantId, kim.id, `test-rebate:${kim.id}`],
    );
    const claimed = await app.inject({
      method: 'POST',
      url: API.promotions.claim.replace(':id', String(free)),
      headers: bearer(kim.token),
    });
    expect(claimed.statusCode, claimed.body).toBe(200);

    const list = async (token: string, language: string) => {
      const res = await app.inject({ url: `${API.rewards.list}?language=${language}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as { list: Record<string, unknown>[]; pendingCount: number };
    };
    const mine = await list(kim.token, 'TY');
    expect(mine.list.map((r) => [r.kind, r.status, r.amount, r.period])).toEqual([
      ['PROMOTION', 'CLAIMED', '10.00', 'Libreng 10'],
      ['REBATE', 'PENDING', '2.50', '2026-01-01'],
    ]);
    expect(mine.list[0]).toMatchObject({ payAs: 'BONUS', turnoverMultiple: 5 });
    expect(String(mine.list[0]!.id)).toMatch(/^promotion-\d+$/);
    expect(mine.pendingCount).toBe(1);
    expect((await list(kim.token, 'EN')).list[0]!.period).toBe('Free 10');
    expect((await list(lee.token, 'EN')).list).toEqual([]);

    const claimAgain = await app.inject({
      method: 'POST',
      url: API.rewards.claim.replace(':id', String(mine.list[0]!.id)),
      headers: bearer(kim.token),
    });
    expect(claimAgain.statusCode).toBe(400);
  });
});
