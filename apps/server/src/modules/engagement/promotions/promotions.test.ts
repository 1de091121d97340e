import { API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, demoMerchantId } from '../../../test/identity-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';
import type { PromotionRow } from './promotions.repository';

const HOUR = 3_600_000;

/**
 * Promotions for members (issue 20; spec §2 promotions, §4 activity statuses): the list with availablePromoCount, the
 * claim of a free bonus paid by the bonus wallet, and every refused claim answering 4xx with a code and writing nothing.
 */
describeEachDatabase('promotions', (getDb) => {
  let app: FastifyInstance;
  let merchantId = 0;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    merchantId = await demoMerchantId(getDb());
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const promotion = (overrides: Partial<Omit<PromotionRow, 'id' | 'claimedCount'>>) =>
    app.promotions.create(merchantId, {
      ...{ kind: 'FREE', title: { EN: 'Free 10', TY: 'Libreng 10' }, terms: { EN: 'Wager 5x' }, bannerUrl: null },
      ...{ audience: 'EVERYONE', audienceLevels: [], audienceAgentId: null, newMemberDays: 7 },
      ...{ startsAt: new Date(Date.now() - HOUR), endsAt: new Date(Date.now() + 24 * HOUR), status: 'ACTIVE' },
      ...{ perMemberLimit: 1, totalLimit: null, bonusFixedMinor: 1_000n, bonusPercentBp: 0, bonusMaxMinor: null },
      ...{ minDepositMinor: 0n, turnoverMultiple: 5, turnoverBase: 'BONUS', weights: {}, defaultWeight: 100 },
      ...{ maxBetMinor: 500n, maxConversionMinor: null, expiryHours: 72, onWithdraw: 'FORFEIT' },
      ...overrides,
    });
  const list = async (token: string, language = 'EN') => {
    const res = await app.inject({ url: `${API.promotions.list}?language=${language}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as { list: { id: string; status: string; title: string }[]; availablePromoCount: number };
  };
  const claim = (token: string, id: bigint | string) =>
    app.inject({ method: 'POST', url: API.promotions.claim.replace(':id', String(id)), headers: bearer(token) });
  const writes = async (memberId: bigint) => {
    const { rows } = await getDb().query<{ claims: number; grants: number }>(
      `SELECT (SELECT count(*)::integer FROM promotion_claims WHERE member_id = $1) AS claims,
              (SELECT count(*)::integer FROM bonus_grants WHERE member_id = $1) AS grants`,
      [memberId],
    );
    return rows[0];
  };

  it('should list what the member can take, claim a free bonus once, and pay it into the bonus wallet', async () => {
    const free = await promotion({});
    const welcome = await promotion({
      kind: 'FIRST_DEPOSIT',
      title: { EN: 'Welcome 100%' },
      bonusFixedMinor: 0n,
      bonusPercentBp: 10_000,
      bonusMaxMinor: 100_000n,
    });
    const alice = await memberWithSession(app, getDb());
    const before = await list(alice.token, 'TY');
    const mine = (id: bigint) => before.list.find((p) => p.id === id.toString());
    expect(mine(free)).toMatchObject({ status: 'claim', title: 'Libreng 10' });
    expect(mine(welcome)).toMatchObject({ status: 'join', title: 'Welcome 100%' });

    const claimed = await claim(alice.token, free);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().value).toMatchObject({
      status: 'claimed',
      grant: { status: 'ACTIVE', amount: '10.00', turnoverRequired: '50.00', maxBet: '5.00' },
    });
    const after = await list(alice.token);
    expect(after.list.find((p) => p.id === free.toString())?.status).toBe('claimed');
    expect(after.availablePromoCount).toBe(before.availablePromoCount - 1);
    // The public state's promotion part carries the same count (the badge).
    const state = (await app.inject({ url: API.promotions.state, headers: bearer(alice.token) })).json().value;
    expect(state.availablePromoCount).toBe(after.availablePromoCount);
    const details = (await app.inject({ url: API.bonus.details, headers: bearer(alice.token) })).json().value;
    expect(details.active).toMatchObject({ amount: '10.00', balance: '10.00' });

    // A second claim: refused, nothing written.
    const again = await claim(alice.token, free);
    expect([again.statusCode, again.json().code]).toEqual([409, 'PROMOTION_LIMIT_REACHED']);
    expect(await writes(alice.id)).toEqual({ claims: 1, grants: 1 });
    await expectSoundLedger(getDb(), merchantId);
  });

  it('should refuse claims that do not apply with a code, writing nothing', async () => {
    const bob = await memberWithSession(app, getDb());
    const deposit = await promotion({ kind: 'RELOAD', bonusFixedMinor: 0n, bonusPercentBp: 5_000 });
    const stopped = await promotion({ status: 'STOPPED' });
    const ended = await promotion({ startsAt: new Date(Date.now() - 48 * HOUR), endsAt: new Date(Date.now() - HOUR) });
    const team = await promotion({ audience: 'AGENT_TEAM', audienceAgentId: 999_999_999n });
    const soldOut = await promotion({ totalLimit: 1 });
    const carol = await memberWithSession(app, getDb());
    expect((await claim(carol.token, soldOut)).statusCode).toBe(200);
    for (const [id, status, code] of [
      [deposit, 409, 'PROMOTION_NOT_CLAIMABLE'],
      [stopped, 409, 'PROMOTION_CLOSED'],
      [ended, 409, 'PROMOTION_CLOSED'],
      [team, 403, 'PROMOTION_NOT_ELIGIBLE'],
      [soldOut, 409, 'PROMOTION_CLOSED'],
      [999_999_999n, 404, 'PROMOTION_NOT_FOUND'],
    ] as const) {
      const res = await claim(bob.token, id);
      expect([res.statusCode, res.json().code], String(id)).toEqual([status, code]);
    }
    const bad = await claim(bob.token, 'abc');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await writes(bob.id)).toEqual({ claims: 0, grants: 0 });
    // Outside its audience, a promotion is not listed at all.
    expect((await list(bob.token)).list.map((p) => p.id)).not.toContain(team.toString());
  });

  it('should refuse a claim while another bonus is being wagered, and leave no claim behind', async () => {
    const first = await promotion({});
    const second = await promotion({});
    const dave = await memberWithSession(app, getDb());
    expect((await claim(dave.token, first)).statusCode).toBe(200);
    const res = await claim(dave.token, second);
    expect([res.statusCode, res.json().code]).toEqual([409, 'BONUS_ACTIVE']);
    expect(await writes(dave.id)).toEqual({ claims: 1, grants: 1 });
  });

  it("should say in the public state whether the referral programme is on (the merchant's REFERRAL3 flag)", async () => {
    const member = await memberWithSession(app, getDb());
    const setReferral = (enabled: boolean) =>
      getDb().query(
        `INSERT INTO merchant_whitelabel_modules (merchant_id, mod_id, parent_mod_id, enabled, sort)
         VALUES ($1, 'REFERRAL3', NULL, $2, 100) ON CONFLICT (merchant_id, mod_id) DO UPDATE SET enabled = $2`,
        [merchantId, enabled],
      );
    const state = async () => {
      const res = await app.inject({ url: API.promotions.state, headers: bearer(member.token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as { availablePromoCount: number; availablePromo: { REFERRAL: { enabled: boolean } } };
    };
    await setReferral(true);
    expect((await state()).availablePromo).toEqual({ REFERRAL: { enabled: true } });
    await setReferral(false);
    expect((await state()).availablePromo).toEqual({ REFERRAL: { enabled: false } });
    expect((await app.inject({ url: API.promotions.state })).statusCode).toBe(401);
  });
});
