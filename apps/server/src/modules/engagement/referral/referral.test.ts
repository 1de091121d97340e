import { API, REFERRAL_API, REFERRAL_OPS_API, type ReferralState } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { seedGames } from '../../../test/agent-helpers';
import { createPlayStatsModule } from '../../games/play-stats';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, TEST_CAPTCHA } from '../../../test/identity-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';
import { creditedDeposit, playedRound, registerWith } from '../../../test/referral-helpers';

const DAY_MS = 86_400_000;
const SETTINGS = {
  ...{ enabled: true, minDeposit: '100.00', minValidBet: '50.00', windowDays: 30 },
  ...{ reward: '20.00', sharePercent: '1' },
};

/**
 * Invite friends (issue 21; spec §2 referral, §3 availablePromo.REFERRAL.enabled, §6): a friend registered through the
 * referrer's code qualifies only once its credited deposits and valid bet (play statistics) both reach the thresholds;
 * the referrer is then offered one reward, claimed once; a stranger's claim is refused and writes nothing; the daily
 * share pays a part of qualified friends' valid bet once per day; the programme hides when its setting is off.
 */
describeEachDatabase('invite friends', (getDb) => {
  let app: FastifyInstance;
  let games: Awaited<ReturnType<typeof seedGames>>;
  const qualified: { memberId: bigint; friendId: bigint }[] = [];
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { captchaText: () => TEST_CAPTCHA } });
    games = await seedGames(getDb());
    app.bus.on('referral.qualified', (event) => {
      qualified.push({ memberId: event.memberId, friendId: event.friendId });
    });
    const res = await app.inject({
      method: 'PUT',
      url: REFERRAL_OPS_API.referralSettings,
      headers: await staffHeaders(app, 'admin'),
      payload: SETTINGS,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const state = async (token: string): Promise<ReferralState> => {
    const res = await app.inject({ url: REFERRAL_API.state, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as ReferralState;
  };
  const friendIdOf = async (username: string) => {
    const { rows } = await getDb().query<{ id: string }>('SELECT id::text FROM members WHERE username = $1', [
      username,
    ]);
    return BigInt(rows[0]!.id);
  };
  const qualify = async () => {
    await app.jobs.trigger('referral.qualify');
    await app.bus.idle();
  };
  const rewardTransfers = async (key: string) => {
    const { rows } = await getDb().query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM ledger_transfers WHERE source = 'rewards' AND reference = $1",
      [key],
    );
    return rows[0]!.n;
  };

  it('should qualify a friend only once deposits and valid bet both reach the thresholds, and pay the reward once', async () => {
    const referrer = await memberWithSession(app, getDb());
    const before = await state(referrer.token);
    expect(before).toMatchObject({ enabled: true, friends: [], pendingCount: 0, settings: SETTINGS });
    expect(before.linkPath).toBe(`/register?referralCode=${before.code}`);
    expect((await state(referrer.token)).code).toBe(before.code);

    const { res, username } = await registerWith(app, { referralCode: before.code!.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    const friendId = await friendIdOf(username);
    expect((await state(referrer.token)).friends).toMatchObject([{ qualified: false, deposit: '0.00' }]);

    await creditedDeposit(getDb(), games.merchantId, friendId, 5_000n);
    await playedRound(getDb(), games, friendId, 6_000n);
    await qualify();
    // 50.00 deposited is below 100.00: valid bet alone does not qualify.
    expect((await state(referrer.token)).friends).toMatchObject([
      { qualified: false, deposit: '50.00', validBet: '60.00', reward: null },
    ]);
    expect(qualified.filter((q) => q.friendId === friendId)).toEqual([]);

    await creditedDeposit(getDb(), games.merchantId, friendId, 6_000n);
    await qualify();
    await qualify();
    const after = await state(referrer.token);
    expect(after.friends).toMatchObject([
      { qualified: true, deposit: '110.00', reward: { kind: 'REFERRAL', status: 'PENDING', amount: '20.00' } },
    ]);
    expect([after.qualifiedCount, after.pendingCount]).toEqual([1, 1]);
    expect(qualified.filter((q) => q.friendId === friendId)).toEqual([{ memberId: referrer.id, friendId }]);

    const rewardId = after.friends[0]!.reward!.id;
    const claim = (token: string) =>
      app.inject({ method: 'POST', url: API.rewards.claim.replace(':id', rewardId), headers: bearer(token) });
    const stranger = await memberWithSession(app, getDb());
    const refused = await claim(stranger.token);
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'REWARD_NOT_FOUND']);
    expect(await rewardTransfers(`referral:${friendId}`)).toBe(0);
    expect((await claim(referrer.token)).statusCode).toBe(200);
    const twice = await claim(referrer.token);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'REWARD_CLAIMED']);
    expect(await rewardTransfers(`referral:${friendId}`)).toBe(1);
    expect((await state(referrer.token)).pendingCount).toBe(0);
    await expectSoundLedger(getDb(), games.merchantId);
  });

  // Two qualified friends (the demo one and this one) across a text-ordered boundary ('18' < '7') once paid twice.
  it('should pay the daily share of qualified friends’ valid bet once per day', async () => {
    const referrer = await memberWithSession(app, getDb());
    const { code } = await state(referrer.token);
    const { res, username } = await registerWith(app, { referralCode: code });
    expect(res.statusCode, res.body).toBe(200);
    const friendId = await friendIdOf(username);
    await creditedDeposit(getDb(), games.merchantId, friendId, 20_000n);
    await playedRound(getDb(), games, friendId, 10_000n);
    await qualify();
    // Yesterday's play: 300.00; the share is 1 % of the day's valid bet as play statistics hold it when the job runs.
    await playedRound(getDb(), games, friendId, 30_000n, Date.now() - DAY_MS);
    const yesterday = new Date(Date.now() - DAY_MS).toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });
    const figures = await createPlayStatsModule({ db: getDb() }).memberFigures(
      games.merchantId,
      [friendId],
      yesterday,
      yesterday,
    );
    const validBet = figures.get(String(friendId))?.validBetMinor ?? 0n;
    expect(validBet).toBeGreaterThanOrEqual(30_000n);
    await app.jobs.trigger('referral.share');
    await app.jobs.trigger('referral.share');
    const { shares } = await state(referrer.token);
    expect(shares.map((s) => [s.period, s.amount])).toEqual([[yesterday, (Number(validBet) / 10_000).toFixed(2)]]);
  });

  it('should hide the programme and link no friend while its setting is off', async () => {
    const referrer = await memberWithSession(app, getDb());
    const { code } = await state(referrer.token);
    const admin = await staffHeaders(app, 'admin');
    const put = (enabled: boolean) =>
      app.inject({
        method: 'PUT',
        url: REFERRAL_OPS_API.referralSettings,
        headers: admin,
        payload: { ...SETTINGS, enabled },
      });
    expect((await put(false)).statusCode).toBe(200);
    try {
      expect(await state(referrer.token)).toMatchObject({ enabled: false, code: null, linkPath: null });
      const promo = await app.inject({ url: API.promotions.state, headers: bearer(referrer.token) });
      expect(promo.json().value.availablePromo).toEqual({ REFERRAL: { enabled: false } });
      const { res } = await registerWith(app, { referralCode: code });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      expect((await put(true)).statusCode).toBe(200);
    }
    expect((await state(referrer.token)).friends).toEqual([]);
  });

  it('should save zero thresholds and rewards, audit each change with before and after, and restore', async () => {
    const admin = await staffHeaders(app, 'admin');
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: REFERRAL_OPS_API.referralSettings, headers: admin, payload });
    const zero = { ...SETTINGS, minDeposit: '0', minValidBet: '0.00', reward: '0', sharePercent: '0.25' };
    try {
      const saved = await put(zero);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().value).toEqual({ ...zero, minDeposit: '0.00', minValidBet: '0.00', reward: '0.00' });
      const read = await app.inject({ url: REFERRAL_OPS_API.referralSettings, headers: admin });
      expect(read.json().value).toEqual(saved.json().value);
      const { rows } = await getDb().query<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
        `SELECT before, after FROM staff_audit_log WHERE merchant_id = $1 AND action = 'referral.settings'
         ORDER BY id DESC LIMIT 1`,
        [games.merchantId],
      );
      expect(rows[0]?.before).toMatchObject({ reward: '20.00', sharePercent: '1' });
      expect(rows[0]?.after).toMatchObject({ reward: '0.00', minDeposit: '0.00', sharePercent: '0.25' });
      // Too many decimals: refused under the field that holds them, nothing saved.
      const bad = await put({ ...SETTINGS, reward: '1.005' });
      expect([bad.statusCode, bad.json().value?.fields?.[0]?.path]).toEqual([400, 'reward']);
      expect((await app.inject({ url: REFERRAL_OPS_API.referralSettings, headers: admin })).json().value.reward).toBe(
        '0.00',
      );
    } finally {
      expect((await put(SETTINGS)).statusCode).toBe(200);
    }
  });

  it('should refuse settings staff may not change, and a share above 5 %', async () => {
    const support = await app.inject({
      method: 'PUT',
      url: REFERRAL_OPS_API.referralSettings,
      headers: await staffHeaders(app, 'support'),
      payload: SETTINGS,
    });
    expect(support.statusCode).toBe(403);
    const high = await app.inject({
      method: 'PUT',
      url: REFERRAL_OPS_API.referralSettings,
      headers: await staffHeaders(app, 'admin'),
      payload: { ...SETTINGS, sharePercent: '7' },
    });
    expect([high.statusCode, high.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
