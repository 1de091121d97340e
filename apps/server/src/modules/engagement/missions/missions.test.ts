import {
  API,
  MISSIONS_API,
  MISSIONS_OPS_API,
  POINTS_API,
  type Mission,
  type MissionCostReport,
  type MissionSummary,
  type OpsMission,
} from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createPlayStatsModule } from '../../games/play-stats';
import { seedGames } from '../../../test/agent-helpers';
import { insertRound } from '../../../test/bets-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits } from '../../../test/identity-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { balanceOf, memberWithSession } from '../../../test/wallet-helpers';

const DAY_MS = 86_400_000;
let seq = 0;

/**
 * Missions (issue 21, ADR 0044): progress equals play statistics over the mission's window in the merchant's time zone
 * and the events counted from the bus; a completed mission is offered once in the reward centre, a reward claimed twice
 * pays once, and another member's claim answers 404 with a code and writes nothing.
 */
describeEachDatabase('missions', (getDb) => {
  let app: FastifyInstance;
  let games: Awaited<ReturnType<typeof seedGames>>;
  let staff: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    games = await seedGames(getDb());
    staff = await staffHeaders(app, 'admin');
    // Only this file's missions run (a database with the demo seed has its own).
    await getDb().query("UPDATE missions SET status = 'PAUSED'");
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const today = async () => {
    const { rows } = await getDb().query<{ day: string }>(
      'SELECT (now() AT TIME ZONE timezone)::date::text AS day FROM merchant_directory WHERE id = $1',
      [games.merchantId],
    );
    return rows[0]!.day;
  };
  const play = async (
    memberId: bigint,
    game: 'live' | 'slot',
    betMinor: bigint,
    settledAtMs: number,
    winMinor = 0n,
  ) => {
    seq += 1;
    await insertRound(getDb(), games.merchantId, {
      ...{ vendor: games.vendor, roundId: `ms-${Date.now()}-${seq}`, memberId, gameCode: games[game] },
      ...{ betMinor, winMinor, startedAtMs: settledAtMs - 1_000, settledAtMs },
    });
    await createPlayStatsModule({ db: getDb() }).rollUp(undefined, 3 * 24 * 60);
  };
  const createMission = async (body: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: MISSIONS_OPS_API.missions,
      headers: staff,
      payload: { payAs: 'CASH', turnoverMultiple: 0, startsOn: await today(), endsOn: null, gameType: null, ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().value as { id: string }).id;
  };
  const summary = async (token: string) => {
    const res = await app.inject({ url: MISSIONS_API.summary, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as MissionSummary;
  };
  const mission = (s: MissionSummary, id: string): Mission => s.list.find((m) => m.id === id)!;
  const claim = (token: string, id: string) =>
    app.inject({ method: 'POST', url: API.rewards.claim.replace(':id', id), headers: bearer(token) });
  const statistics = async (memberId: bigint, day: string, gameType: string) => {
    const { rows } = await getDb().query<{ valid: string; rounds: string }>(
      `SELECT coalesce(sum(valid_bet_minor), 0)::text AS valid, coalesce(sum(rounds), 0)::text AS rounds
       FROM play_stat_days WHERE merchant_id = $1 AND member_id = $2 AND business_day = $3 AND game_type = $4`,
      [games.merchantId, memberId, day, gameType],
    );
    return rows[0]!;
  };

  it('should measure valid bet and rounds as play statistics do, today only, per game type', async () => {
    const slotBet = await createMission({
      name: 'Slot bet',
      cadence: 'DAILY',
      metric: 'VALID_BET',
      gameType: 'RNG',
      target: '500.00',
      reward: '5.00',
    });
    const rounds = await createMission({
      name: 'Rounds',
      cadence: 'DAILY',
      metric: 'ROUNDS',
      target: '10',
      reward: '2.00',
    });
    const alice = await memberWithSession(app, getDb());
    await play(alice.id, 'slot', 12_345n, Date.now() - DAY_MS); // yesterday: the daily window has reset
    await play(alice.id, 'slot', 10_000n, Date.now() - 2_000);
    await play(alice.id, 'slot', 7_550n, Date.now() - 1_000);
    await play(alice.id, 'live', 40_000n, Date.now() - 1_000); // another game type

    const day = await today();
    const [slot, live] = [await statistics(alice.id, day, 'RNG'), await statistics(alice.id, day, 'LIVE')];
    const s = await summary(alice.token);
    expect(mission(s, slotBet)).toMatchObject({
      progress: '175.50',
      target: '500.00',
      percent: 35,
      status: 'IN_PROGRESS',
    });
    expect(BigInt(slot.valid)).toBe(17_550n);
    expect(mission(s, rounds)).toMatchObject({
      progress: String(Number(slot.rounds) + Number(live.rounds)),
      status: 'IN_PROGRESS',
      rewardId: null,
    });
    expect(mission(s, slotBet).resetsAt).not.toBeNull();
    await app.inject({
      method: 'POST',
      url: MISSIONS_OPS_API.missionStatus.replace(':id', slotBet),
      headers: staff,
      payload: { status: 'PAUSED' },
    });
    await app.inject({
      method: 'POST',
      url: MISSIONS_OPS_API.missionStatus.replace(':id', rounds),
      headers: staff,
      payload: { status: 'PAUSED' },
    });
  });

  it('should offer a completed mission once, pay a claim once, and refuse a second or a stranger’s claim', async () => {
    const id = await createMission({
      name: 'Bet 100',
      cadence: 'DAILY',
      metric: 'VALID_BET',
      target: '100.00',
      reward: '8.00',
    });
    const bob = await memberWithSession(app, getDb());
    const eve = await memberWithSession(app, getDb());
    await play(bob.id, 'slot', 6_000n, Date.now() - 1_000);
    expect(mission(await summary(bob.token), id)).toMatchObject({ status: 'IN_PROGRESS', percent: 60 });
    await play(bob.id, 'live', 5_000n, Date.now() - 1_000);
    await app.jobs.trigger('missions.evaluate');
    const done = await summary(bob.token);
    expect(mission(done, id)).toMatchObject({ status: 'CLAIMABLE', progress: '100.00', percent: 100 });
    expect(done.claimableCount).toBe(1);
    const rewardId = mission(done, id).rewardId!;
    const { rows: offered } = await getDb().query('SELECT id FROM rewards WHERE member_id = $1 AND kind = $2', [
      bob.id,
      'MISSION',
    ]);
    expect(offered).toHaveLength(1);

    const before = (await balanceOf(app, bob.token)).balance;
    const stranger = await claim(eve.token, rewardId);
    expect([stranger.statusCode, stranger.json().code]).toEqual([404, 'REWARD_NOT_FOUND']);
    expect(mission(await summary(bob.token), id).status).toBe('CLAIMABLE');
    expect((await balanceOf(app, eve.token)).balance).toBe('0.00');

    const answers = await Promise.all([claim(bob.token, rewardId), claim(bob.token, rewardId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('REWARD_CLAIMED');
    const again = await claim(bob.token, rewardId);
    expect([again.statusCode, again.json().code]).toEqual([409, 'REWARD_CLAIMED']);
    expect(Number((await balanceOf(app, bob.token)).balance) - Number(before)).toBeCloseTo(8, 2);
    const { rows: paid } = await getDb().query(
      "SELECT id FROM ledger_transfers WHERE source = 'rewards' AND idempotency_key = $1",
      [`reward:${rewardId}`],
    );
    expect(paid).toHaveLength(1);
    const after = await summary(bob.token);
    expect([mission(after, id).status, after.claimableCount]).toEqual(['CLAIMED', 0]);
    await expectSoundLedger(getDb(), games.merchantId);
    await app.inject({
      method: 'POST',
      url: MISSIONS_OPS_API.missionStatus.replace(':id', id),
      headers: staff,
      payload: { status: 'PAUSED' },
    });
  });

  it('should count deposits, a first withdrawal and qualified friends from the bus, each event once', async () => {
    const deposit = await createMission({
      name: 'Deposit',
      cadence: 'WEEKLY',
      metric: 'DEPOSIT',
      target: '50.00',
      reward: '3.00',
    });
    const friends = await createMission({
      name: 'Friends',
      cadence: 'ONCE',
      metric: 'FRIENDS_INVITED',
      target: '2',
      reward: '9.00',
    });
    const cleo = await memberWithSession(app, getDb());
    const order = {
      merchantId: games.merchantId,
      memberId: cleo.id,
      kind: 'deposit' as const,
      status: 'PAID' as const,
    };
    app.bus.emit('cashier.order', { ...order, orderNo: `D-ms-${cleo.id}`, amountMinor: 3_000n });
    app.bus.emit('cashier.order', { ...order, orderNo: `D-ms-${cleo.id}`, amountMinor: 3_000n }); // the same order again
    app.bus.emit('referral.qualified', { merchantId: games.merchantId, memberId: cleo.id, friendId: 1n });
    app.bus.emit('referral.qualified', { merchantId: games.merchantId, memberId: cleo.id, friendId: 1n });
    await app.bus.idle();
    let s = await summary(cleo.token);
    expect(mission(s, deposit)).toMatchObject({ progress: '30.00', status: 'IN_PROGRESS' });
    expect(mission(s, friends)).toMatchObject({ progress: '1', status: 'IN_PROGRESS', resetsAt: null });
    app.bus.emit('cashier.order', { ...order, orderNo: `D-ms2-${cleo.id}`, amountMinor: 2_000n });
    app.bus.emit('referral.qualified', { merchantId: games.merchantId, memberId: cleo.id, friendId: 2n });
    await app.bus.idle();
    s = await summary(cleo.token);
    expect(mission(s, deposit)).toMatchObject({ progress: '50.00', status: 'CLAIMABLE' });
    expect(mission(s, friends)).toMatchObject({ progress: '2', status: 'CLAIMABLE' });
    for (const m of [deposit, friends]) {
      await app.inject({
        method: 'POST',
        url: MISSIONS_OPS_API.missionStatus.replace(':id', m),
        headers: staff,
        payload: { status: 'PAUSED' },
      });
    }
  });

  it('should pay a mission’s reward in points once when claimed twice, into the POINTS balance, never as money', async () => {
    const id = await createMission({
      name: 'Points for bets',
      cadence: 'DAILY',
      metric: 'VALID_BET',
      target: '20.00',
      reward: '500',
      payAs: 'POINTS',
    });
    const dana = await memberWithSession(app, getDb());
    const pointsOf = async () => {
      const res = await app.inject({ url: POINTS_API.balance, headers: bearer(dana.token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.points as string;
    };
    await play(dana.id, 'slot', 2_500n, Date.now() - 1_000);
    const done = mission(await summary(dana.token), id);
    expect(done).toMatchObject({ status: 'CLAIMABLE', reward: '500', payAs: 'POINTS' });
    const cashBefore = (await balanceOf(app, dana.token)).balance;
    expect(await pointsOf()).toBe('0');

    const answers = await Promise.all([claim(dana.token, done.rewardId!), claim(dana.token, done.rewardId!)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 200)!.json().value).toMatchObject({ amount: '500', payAs: 'POINTS' });
    const again = await claim(dana.token, done.rewardId!);
    expect([again.statusCode, again.json().code]).toEqual([409, 'REWARD_CLAIMED']);
    expect(await pointsOf()).toBe('500');
    expect((await balanceOf(app, dana.token)).balance).toBe(cashBefore);
    const { rows: paid } = await getDb().query<{ currency: string; amount: string }>(
      `SELECT a.currency, t.amount_minor::text AS amount FROM ledger_transfers t
       JOIN ledger_accounts a ON a.merchant_id = t.merchant_id AND a.id = t.credit_account_id AND a.shard = t.credit_shard
       WHERE t.merchant_id = $1 AND t.idempotency_key = $2`,
      [games.merchantId, `reward:${done.rewardId}`],
    );
    expect(paid).toEqual([{ currency: 'PTS', amount: '500' }]);
    expect(mission(await summary(dana.token), id).status).toBe('CLAIMED');
    await expectSoundLedger(getDb(), games.merchantId);

    // Staff see it as points: in the list and in the cost report, apart from the money totals.
    const list = await app.inject({ url: MISSIONS_OPS_API.missions, headers: staff });
    const row = (list.json().value.list as OpsMission[]).find((m) => m.id === id);
    expect(row).toMatchObject({ reward: '500', payAs: 'POINTS' });
    const report = (await app.inject({ url: MISSIONS_OPS_API.report, headers: staff })).json()
      .value as MissionCostReport;
    expect(report.lines.find((l) => l.kind === 'MISSION' && l.id === id)).toMatchObject({
      ...{ payAs: 'POINTS', offered: 1, offeredAmount: '500', claimed: 1, claimedAmount: '500' },
    });
    expect(BigInt(report.offeredPoints)).toBeGreaterThanOrEqual(500n);
    await app.inject({
      method: 'POST',
      url: MISSIONS_OPS_API.missionStatus.replace(':id', id),
      headers: staff,
      payload: { status: 'PAUSED' },
    });
  });

  it('should refuse a points reward or race prize that is not whole points, naming the field, and write nothing', async () => {
    const mission = await app.inject({
      method: 'POST',
      url: MISSIONS_OPS_API.missions,
      headers: staff,
      payload: {
        ...{ name: 'Half points', cadence: 'DAILY', metric: 'ROUNDS', gameType: null, target: '3', reward: '2.5' },
        ...{ payAs: 'POINTS', turnoverMultiple: 0, startsOn: await today(), endsOn: null },
      },
    });
    expect([mission.statusCode, mission.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(mission.json().value.fields).toContainEqual({ path: 'reward', message: 'must be a whole number of points' });
    const race = (prizes: string[], name: string) =>
      app.inject({
        method: 'POST',
        url: MISSIONS_OPS_API.races,
        headers: staff,
        payload: {
          ...{ name, metric: 'VALID_BET', gameType: null, minStake: '', payAs: 'POINTS', turnoverMultiple: 0 },
          ...{ startsAt: new Date(Date.now() + 86_400_000).toISOString(), prizes },
          endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        },
      });
    const bad = await race(['500', '20.50'], 'Half race');
    expect([bad.statusCode, bad.json().value.fields]).toEqual([
      400,
      [{ path: 'prizes.1', message: 'must be a whole number of points' }],
    ]);
    const { rows } = await getDb().query(
      "SELECT 1 FROM missions WHERE name = 'Half points' UNION ALL SELECT 1 FROM races WHERE name = 'Half race'",
    );
    expect(rows).toHaveLength(0);
    const good = await race(['500', '200'], 'Points race');
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().value).toMatchObject({ payAs: 'POINTS', prizes: ['500', '200'] });
  });

  it('should refuse a mission form with a bad target, naming the field, and write nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: MISSIONS_OPS_API.missions,
      headers: staff,
      payload: {
        name: 'Bad',
        cadence: 'DAILY',
        metric: 'ROUNDS',
        gameType: null,
        target: '2.5',
        reward: '1.00',
        payAs: 'CASH',
        turnoverMultiple: 0,
        startsOn: await today(),
        endsOn: null,
      },
    });
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(JSON.stringify(res.json().value)).toContain('target');
    const { rows } = await getDb().query("SELECT id FROM missions WHERE name = 'Bad'");
    expect(rows).toHaveLength(0);
  });
});
