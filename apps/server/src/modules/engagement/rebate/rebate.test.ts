import { API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createPlayStatsModule } from '../../games/play-stats';
import { seedGames } from '../../../test/agent-helpers';
import { insertRound } from '../../../test/bets-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits } from '../../../test/identity-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { buildTestApp } from '../../../test/test-app';
import { balanceOf, memberWithSession } from '../../../test/wallet-helpers';

const DAY_MS = 86_400_000;
let seq = 0;

/**
 * Rebates and the reward centre (issue 20; spec §2 rewardCenter, manualRebate, MANPLAYREB3): the daily job offers each
 * member's rebate of a closed window once, at its VIP level's rate per game type on valid bet; a claim pays it into
 * cash once; a second claim, another member's claim and a second manual rebate in one window answer 4xx with a code
 * and write nothing.
 */
describeEachDatabase('rebate and reward centre', (getDb) => {
  let app: FastifyInstance;
  let games: Awaited<ReturnType<typeof seedGames>>;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    games = await seedGames(getDb());
    const name = { EN: 'Level' };
    await app.vip.setLevel(games.merchantId, {
      ...{ level: 0, name, label: 'VIP0', minValidBetMinor: 0n, upgradeBonusMinor: 0n },
      rebateRatesBp: { RNG: 50, LIVE: 30 },
    });
    await app.vip.setLevel(games.merchantId, {
      ...{ level: 1, name, label: 'VIP1', minValidBetMinor: 1_000_000n, upgradeBonusMinor: 500n },
      rebateRatesBp: { RNG: 100, LIVE: 60 },
    });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const play = async (memberId: bigint, game: 'live' | 'slot', betMinor: bigint, settledAtMs: number) => {
    seq += 1;
    await insertRound(getDb(), games.merchantId, {
      ...{ vendor: games.vendor, roundId: `rb-${Date.now()}-${seq}`, memberId, gameCode: games[game] },
      ...{ betMinor, winMinor: 0n, startedAtMs: settledAtMs - 1_000, settledAtMs },
    });
    await createPlayStatsModule({ db: getDb() }).rollUp(undefined, 3 * 24 * 60);
  };
  const rewards = async (token: string) => {
    const res = await app.inject({ url: API.rewards.list, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as {
      list: { id: string; kind: string; status: string; amount: string; period: string }[];
      pendingCount: number;
    };
  };
  const claim = (token: string, id: string) =>
    app.inject({ method: 'POST', url: API.rewards.claim.replace(':id', id), headers: bearer(token) });
  const rewardTransfers = async () => {
    const { rows } = await getDb().query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM ledger_transfers WHERE source = 'rewards'",
    );
    return rows[0]!.n;
  };

  it('should offer yesterday’s rebate once, pay it into cash on claim, and refuse a second or a stranger’s claim', async () => {
    const alice = await memberWithSession(app, getDb());
    const bob = await memberWithSession(app, getDb());
    const yesterday = Date.now() - DAY_MS;
    await play(alice.id, 'slot', 20_000n, yesterday);
    await play(alice.id, 'live', 10_000n, yesterday);
    // Level 0: 0.5% of 200.00 slot + 0.3% of 100.00 live = 1.00 + 0.30.
    await app.jobs.trigger('rebate.daily');
    await app.jobs.trigger('rebate.daily');
    const offered = await rewards(alice.token);
    expect(offered.list.map((r) => [r.kind, r.status, r.amount])).toEqual([['REBATE', 'PENDING', '1.30']]);
    expect(offered.pendingCount).toBe(1);
    const id = offered.list[0]!.id;

    const transfersBefore = await rewardTransfers();
    const stranger = await claim(bob.token, id);
    expect([stranger.statusCode, stranger.json().code]).toEqual([404, 'REWARD_NOT_FOUND']);
    expect(await rewardTransfers()).toBe(transfersBefore);

    const before = await balanceOf(app, alice.token);
    const paid = await claim(alice.token, id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().value).toMatchObject({ status: 'CLAIMED', amount: '1.30' });
    expect(Number((await balanceOf(app, alice.token)).balance) - Number(before.balance)).toBeCloseTo(1.3, 2);
    expect((await rewards(alice.token)).pendingCount).toBe(0);

    const again = await claim(alice.token, id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'REWARD_CLAIMED']);
    expect(await rewardTransfers()).toBe(transfersBefore + 1);
    await expectSoundLedger(getDb(), games.merchantId);
  });

  it('should pay the manual rebate of today once per window, and leave the daily job only the rest', async () => {
    const carol = await memberWithSession(app, getDb());
    await play(carol.id, 'slot', 40_000n, Date.now() - 1_000);
    const state = await app.inject({ url: API.rebate.manual, headers: bearer(carol.token) });
    expect(state.json().value).toMatchObject({ enabled: true, claimable: '2.00', claimed: false });

    const first = await app.inject({ method: 'POST', url: API.rebate.manualClaim, headers: bearer(carol.token) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ kind: 'MANUAL_REBATE', status: 'CLAIMED', amount: '2.00' });
    const transfers = await rewardTransfers();
    // More play the same day: the window was claimed, so a second claim is refused and writes nothing.
    await play(carol.id, 'slot', 20_000n, Date.now() - 500);
    const second = await app.inject({ method: 'POST', url: API.rebate.manualClaim, headers: bearer(carol.token) });
    expect([second.statusCode, second.json().code]).toEqual([409, 'REBATE_CLAIMED']);
    expect(await rewardTransfers()).toBe(transfers);
    const after = (await app.inject({ url: API.rebate.manual, headers: bearer(carol.token) })).json().value;
    expect(after).toMatchObject({ claimed: true, claimedAmount: '2.00', claimable: '0.00' });

    // The day closes: the daily job offers the window's rebate less what the manual claim paid (3.00 - 2.00).
    const { rows } = await getDb().query<{ period: string }>(
      "SELECT period FROM rewards WHERE member_id = $1 AND kind = 'MANUAL_REBATE'",
      [carol.id],
    );
    await getDb().query(
      "UPDATE rewards SET period = $2, reward_key = 'rebate-manual:' || $2 || ':' || member_id WHERE member_id = $1",
      [carol.id, new Date(Date.parse(`${rows[0]!.period}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10)],
    );
    await getDb().query('UPDATE play_stat_days SET business_day = business_day - 1 WHERE member_id = $1', [carol.id]);
    await app.jobs.trigger('rebate.daily');
    const list = await rewards(carol.token);
    expect(list.list.map((r) => [r.kind, r.status, r.amount])).toEqual([
      ['REBATE', 'PENDING', '1.00'],
      ['MANUAL_REBATE', 'CLAIMED', '2.00'],
    ]);
    await expectSoundLedger(getDb(), games.merchantId);
  });

  it('should refuse the manual rebate while MANPLAYREB3 is off, and when there is nothing to claim', async () => {
    const dave = await memberWithSession(app, getDb());
    const nothing = await app.inject({ method: 'POST', url: API.rebate.manualClaim, headers: bearer(dave.token) });
    expect([nothing.statusCode, nothing.json().code]).toEqual([409, 'REBATE_NOTHING']);
    await play(dave.id, 'slot', 10_000n, Date.now() - 1_000);
    await getDb().query("UPDATE merchant_whitelabel_modules SET enabled = false WHERE mod_id = 'MANPLAYREB3'");
    try {
      const off = await app.inject({ method: 'POST', url: API.rebate.manualClaim, headers: bearer(dave.token) });
      expect([off.statusCode, off.json().code]).toEqual([403, 'REBATE_DISABLED']);
      const { rows } = await getDb().query('SELECT 1 FROM rewards WHERE member_id = $1', [dave.id]);
      expect(rows).toHaveLength(0);
    } finally {
      await getDb().query("UPDATE merchant_whitelabel_modules SET enabled = true WHERE mod_id = 'MANPLAYREB3'");
    }
  });

  it('should refuse a rebate rate above the game type’s house edge', async () => {
    const before = await app.vip.levels(games.merchantId);
    await expect(
      app.vip.setLevel(games.merchantId, {
        ...{ level: 2, name: { EN: 'Too generous' }, label: 'VIP9', minValidBetMinor: 9_000_000n },
        ...{ upgradeBonusMinor: 0n, rebateRatesBp: { LIVE: 500 } },
      }),
    ).rejects.toMatchObject({ code: 'REBATE_RATE_ABOVE_EDGE' });
    expect(await app.vip.levels(games.merchantId)).toEqual(before);
  });
});
