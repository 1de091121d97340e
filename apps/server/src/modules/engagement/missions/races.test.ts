import { API, MISSIONS_API, MISSIONS_OPS_API, type Race } from '@platform/contracts';
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
import { memberWithSession } from '../../../test/wallet-helpers';

const HOUR_MS = 3_600_000;
let seq = 0;

/**
 * Races (issue 21, ADR 0044): live standings from play statistics by valid bet or best multiplier, ties to whoever got
 * there first; the settle job snapshots the places and offers the prize table once, however often it runs and on
 * however many processes; the prizes are claimed once in the reward centre.
 */
describeEachDatabase('races', (getDb) => {
  let app: FastifyInstance;
  let other: FastifyInstance;
  let games: Awaited<ReturnType<typeof seedGames>>;
  let staff: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    other = await buildTestApp({ db: getDb() }); // a second process on the same database
    games = await seedGames(getDb());
    staff = await staffHeaders(app, 'admin');
  });
  afterAll(async () => {
    await other.close();
    await app.close();
  });
  beforeEach(() => clearRateLimits(getDb()));

  const play = async (memberId: bigint, betMinor: bigint, winMinor: bigint, settledAtMs: number) => {
    seq += 1;
    await insertRound(getDb(), games.merchantId, {
      ...{ vendor: games.vendor, roundId: `rc-${Date.now()}-${seq}`, memberId, gameCode: games.slot },
      ...{ betMinor, winMinor, startedAtMs: settledAtMs - 1_000, settledAtMs },
    });
  };
  const rollUp = () => createPlayStatsModule({ db: getDb() }).rollUp(undefined, 3 * 24 * 60);
  const createRace = async (body: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: MISSIONS_OPS_API.races,
      headers: staff,
      payload: { gameType: null, minStake: '', payAs: 'CASH', turnoverMultiple: 0, ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as Race;
  };
  const ranks = async (token: string, id: string) => {
    const res = await app.inject({ url: MISSIONS_API.rankList.replace(':id', id), headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as Race;
  };

  it('should rank live by valid bet, settle once on two processes, and pay each prize once', async () => {
    const now = Date.now();
    const race = await createRace({
      name: 'Slot sprint',
      metric: 'VALID_BET',
      startsAt: new Date(now - 3 * HOUR_MS).toISOString(),
      endsAt: new Date(now - 10 * 60_000).toISOString(),
      prizes: ['50.00', '20.00'],
    });
    const [ann, ben, cat] = [
      await memberWithSession(app, getDb()),
      await memberWithSession(app, getDb()),
      await memberWithSession(app, getDb()),
    ];
    await play(ann.id, 10_000n, 0n, now - 2 * HOUR_MS);
    await play(ben.id, 25_000n, 0n, now - 2 * HOUR_MS);
    await play(cat.id, 10_000n, 0n, now - HOUR_MS); // ties with ann, later: ranks after her
    await play(cat.id, 90_000n, 0n, now - 4 * HOUR_MS); // before the race
    await play(ann.id, 90_000n, 0n, now - 5 * 60_000); // after the race
    await rollUp();

    const live = await ranks(ann.token, race.id);
    expect(live.state).toBe('ENDED');
    expect(live.top.map((s) => [s.rank, s.score, s.me, s.prize])).toEqual([
      [1, '250.00', false, '50.00'],
      [2, '100.00', true, '20.00'],
      [3, '100.00', false, null],
    ]);
    expect(live.me).toMatchObject({ rank: 2, score: '100.00' });
    expect(live.top[0]!.name).toContain('***');

    const runs = await Promise.all([
      app.jobs.trigger('races.settle'),
      other.jobs.trigger('races.settle'),
      app.jobs.trigger('races.settle'),
    ]);
    expect(runs).toHaveLength(3);
    await app.jobs.trigger('races.settle');
    const { rows: results } = await getDb().query<{ rank: number; member: string }>(
      'SELECT rank, member_id::text AS member FROM race_results WHERE race_id = $1 ORDER BY rank',
      [race.id],
    );
    expect(results).toEqual([
      { rank: 1, member: ben.id.toString() },
      { rank: 2, member: ann.id.toString() },
    ]);
    const { rows: offered } = await getDb().query<{ member: string; amount: string; id: string }>(
      `SELECT member_id::text AS member, amount_minor::text AS amount, id::text FROM rewards
       WHERE kind = 'RACE' AND reward_key LIKE $1 ORDER BY reward_key`,
      [`race:${race.id}:%`],
    );
    expect(offered.map((r) => [r.member, r.amount])).toEqual([
      [ben.id.toString(), '5000'],
      [ann.id.toString(), '2000'],
    ]);
    const settled = await ranks(ann.token, race.id);
    expect([settled.state, settled.me?.rank, settled.top.length]).toEqual(['SETTLED', 2, 2]);

    const annReward = offered.find((r) => r.member === ann.id.toString())!.id;
    const stranger = await app.inject({
      method: 'POST',
      url: API.rewards.claim.replace(':id', annReward),
      headers: bearer(ben.token),
    });
    expect([stranger.statusCode, stranger.json().code]).toEqual([404, 'REWARD_NOT_FOUND']);
    const claims = await Promise.all(
      [app, other].map((a) =>
        a.inject({ method: 'POST', url: API.rewards.claim.replace(':id', annReward), headers: bearer(ann.token) }),
      ),
    );
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    const { rows: paid } = await getDb().query(
      "SELECT id FROM ledger_transfers WHERE source = 'rewards' AND idempotency_key = $1",
      [`reward:${annReward}`],
    );
    expect(paid).toHaveLength(1);
    await expectSoundLedger(getDb(), games.merchantId);
  });

  it('should rank a running race by the best multiplier of one round, stakes below the minimum left out', async () => {
    const now = Date.now();
    const race = await createRace({
      name: 'Big multiplier',
      metric: 'MULTIPLIER',
      gameType: 'RNG',
      minStake: '1.00',
      startsAt: new Date(now - HOUR_MS).toISOString(),
      endsAt: new Date(now + HOUR_MS).toISOString(),
      prizes: ['30.00'],
    });
    const dan = await memberWithSession(app, getDb());
    const eva = await memberWithSession(app, getDb());
    await play(dan.id, 200n, 1_000n, now - 30 * 60_000); // ×5
    await play(dan.id, 50n, 5_000n, now - 20 * 60_000); // ×100 on a 0.50 stake: below the minimum
    await play(eva.id, 100n, 1_250n, now - 10 * 60_000); // ×12.5
    await rollUp();
    const standings = await ranks(dan.token, race.id);
    expect(standings.state).toBe('RUNNING');
    expect(standings.top.map((s) => [s.rank, s.score, s.me])).toEqual([
      [1, '12.50', false],
      [2, '5.00', true],
    ]);
    await app.jobs.trigger('races.settle');
    const { rows } = await getDb().query('SELECT rank FROM race_results WHERE race_id = $1', [race.id]);
    expect(rows).toHaveLength(0); // still running: nothing paid
    const board = await app.inject({ url: MISSIONS_API.leaderboard, headers: bearer(eva.token) });
    const mine = (board.json().value as { list: Race[] }).list.find((r) => r.id === race.id)!;
    expect(mine.me).toMatchObject({ rank: 1, score: '12.50', me: true });
  });
});
