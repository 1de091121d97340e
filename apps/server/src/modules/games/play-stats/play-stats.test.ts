import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../../db/seed';
import { insertVendorGame, upsertVendor } from '../../../test/bets-helpers';
import { describeEachDatabase, openSecondPool } from '../../../test/databases';
import { demoMerchantId, insertMember } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createPlayStatsModule } from './index';
import { rollUpPlay } from './play-stats.jobs';
import { playStatsRepository } from './play-stats.repository';
import {
  businessDay,
  expectedRollups,
  storedRollups,
  writeRound,
  type Figures,
  type ModelRound,
} from '../../../test/play-stats-helpers';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Phase one settles rounds over ten days from here; phase two (late rounds and resettlements) the five after. */
const BASE_MS = Date.UTC(2026, 0, 1);
const PHASE_TWO_MS = BASE_MS + 10 * DAY_MS + HOUR_MS;
/** vendor, game code and the type the catalogue gives it (PS_B's game is not in the catalogue: OTHER). */
const GAMES = [
  { vendor: 'PS_A', gameCode: 'ps-rng', gameType: 'RNG' },
  { vendor: 'PS_A', gameCode: 'ps-live', gameType: 'LIVE' },
  { vendor: 'PS_B', gameCode: 'ps-unknown', gameType: 'OTHER' },
] as const;

const outcome = fc.record({
  stake: fc.bigInt({ min: 0n, max: 50_000n }),
  payout: fc.bigInt({ min: 0n, max: 100_000n }),
  status: fc.constantFrom('SETTLED', 'SETTLED', 'SETTLED', 'CANCELLED' as const),
  play: fc.constantFrom(false, false, false, true),
});
const roundArb = fc.record({
  member: fc.nat(1),
  game: fc.nat(GAMES.length - 1),
  outcome,
  /** Settlement, from the start of its phase. */
  settleMs: fc.integer({ min: 0, max: 5 * DAY_MS - 1 }),
  /** How long before its settlement the round started: up to three days (a late-settled round). */
  ageMs: fc.integer({ min: 0, max: 3 * DAY_MS }),
});
const scenarioArb = fc.record({
  first: fc.array(roundArb, { minLength: 1, maxLength: 14 }),
  second: fc.array(roundArb, { maxLength: 8 }),
  /** Phase-one rounds resettled in phase two: an index into `first`, a new outcome and a new settlement. */
  resettled: fc.array(fc.record({ index: fc.nat(), outcome, settleMs: fc.integer({ min: 0, max: 4 * DAY_MS }) }), {
    maxLength: 5,
  }),
  batch: fc.integer({ min: 1, max: 9 }),
});

describeEachDatabase('play statistics', (getDb, engine) => {
  let merchantId: number;
  let timeZone: string;
  let members: bigint[];
  let scenario = 0;

  beforeAll(async () => {
    const db = getDb();
    await seedDemo(db);
    merchantId = await demoMerchantId(db);
    const { rows } = await db.query<{ timezone: string }>('SELECT timezone FROM merchant_directory WHERE id = $1', [
      merchantId,
    ]);
    timeZone = rows[0]!.timezone;
    members = [(await insertMember(db)).id, (await insertMember(db)).id];
    await upsertVendor(db, merchantId, { code: 'PS_A', displayName: 'Play Stats A' });
    await upsertVendor(db, merchantId, { code: 'PS_B', displayName: 'Play Stats B' });
    await insertVendorGame(db, merchantId, { vendor: 'PS_A', gameType: 'RNG', code: 'ps-rng', names: { EN: 'R' } });
    await insertVendorGame(db, merchantId, { vendor: 'PS_A', gameType: 'LIVE', code: 'ps-live', names: { EN: 'L' } });
  });

  /** Empties the rounds, their journal and the rollups for the next scenario (rounds are never deleted in use). */
  const reset = async () => {
    for (const table of ['game_rounds', 'play_stat_rounds']) {
      await getDb().query(`DELETE FROM ${table} WHERE merchant_id = $1 AND member_id = ANY($2::bigint[])`, [
        merchantId,
        members.map(String),
      ]);
    }
    await playStatsRepository(getDb()).rebuild();
  };

  const toModel = (r: RoundInput, id: string, phaseMs: number) => {
    const game = GAMES[r.game]!;
    const settledAtMs = phaseMs + r.settleMs;
    return {
      ...{ roundId: id, memberId: members[r.member]!, ...game },
      ...{ stakeMinor: r.outcome.stake, payoutMinor: r.outcome.payout, status: r.outcome.status, play: r.outcome.play },
      ...{ startedAtMs: settledAtMs - r.ageMs, settledAtMs },
    } satisfies ModelRound;
  };

  it('should keep rollups equal to the raw rounds, count a late round on its settlement day and a resettlement on its own day without rewriting the earlier one, and rebuild the same', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ first, second, resettled, batch }) => {
        const db = getDb();
        await reset();
        scenario += 1;
        const rollUp = rollUpPlay(playStatsRepository(db), batch);
        const rounds = new Map<string, ModelRound>();
        const write = async (round: ModelRound) => {
          rounds.set(round.roundId, round);
          await writeRound(db, merchantId, round);
        };
        for (const [i, r] of first.entries()) await write(toModel(r, `s${scenario}-a${i}`, BASE_MS));
        await rollUp();
        const seen = [[...rounds.values()]];
        expect(await storedRollups(db, merchantId, members)).toEqual(expectedRollups(seen, timeZone));
        const days = await storedRollups(db, merchantId, members);

        for (const [i, r] of second.entries()) await write(toModel(r, `s${scenario}-b${i}`, PHASE_TWO_MS));
        for (const change of resettled) {
          const earlier = [...rounds.values()][change.index % first.length]!;
          // A round's play flag is its session's: a resettlement keeps it.
          const { stake, payout, status } = change.outcome;
          await write({
            ...earlier,
            ...{ stakeMinor: stake, payoutMinor: payout, status },
            settledAtMs: PHASE_TWO_MS + change.settleMs,
          });
        }
        await rollUp();
        seen.push([...rounds.values()]);
        const expected = expectedRollups(seen, timeZone);
        expect(await storedRollups(db, merchantId, members)).toEqual(expected);
        // Phase two only adds: no phase-one day changed (a resettlement's difference lands in phase two's days).
        const after = await storedRollups(db, merchantId, members);
        for (const [k, figures] of days) expect(after.get(k)).toEqual(figures);
        // Over all days, each round counts once with its latest state.
        expect(totalOf(after)).toEqual(totalOf(expectedRollups(rounds.values(), timeZone)));

        // Running the job again changes nothing; a rebuild from the raw rounds gives the same rollups.
        expect(await rollUp()).toBe(0);
        expect(await storedRollups(db, merchantId, members)).toEqual(expected);
        await playStatsRepository(db).rebuild();
        expect(await storedRollups(db, merchantId, members)).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  it('should count each round once when two nodes run the job at the same time', async () => {
    const db = getDb();
    await reset();
    // A second process's own pool on PostgreSQL; PGlite is one connection, shared.
    const second = engine.kind === 'postgres' ? await openSecondPool(db) : db;
    try {
      const rounds: ModelRound[] = Array.from({ length: 40 }, (_, i) => ({
        ...{ roundId: `race-${i}`, memberId: members[i % 2]!, ...GAMES[i % GAMES.length]! },
        ...{ stakeMinor: BigInt(100 + i), payoutMinor: BigInt(7 * i), status: 'SETTLED', play: false },
        ...{ startedAtMs: BASE_MS + i * HOUR_MS, settledAtMs: BASE_MS + i * HOUR_MS + 1_000 },
      }));
      for (const round of rounds) await writeRound(db, merchantId, round);
      const taken = await Promise.all([
        rollUpPlay(playStatsRepository(db), 7)(),
        rollUpPlay(playStatsRepository(second), 7)(),
      ]);
      expect(taken[0] + taken[1]).toBe(40);
      expect(await storedRollups(db, merchantId, members)).toEqual(expectedRollups(rounds, timeZone));
    } finally {
      if (second !== db) await second.close();
    }
  });

  it('should leave a round that arrives behind the watermark to the sweep, which counts it once', async () => {
    const db = getDb();
    await reset();
    const round = (id: string, settledAtMs: number): ModelRound => ({
      ...{ roundId: `behind-${id}`, memberId: members[0]!, ...GAMES[0] },
      ...{ stakeMinor: 1_000n, payoutMinor: 0n, status: 'SETTLED', play: false },
      ...{ startedAtMs: settledAtMs - HOUR_MS, settledAtMs },
    });
    const rollUp = createPlayStatsModule({ db }).rollUp;
    const recent = round('recent', BASE_MS + 2 * DAY_MS);
    await writeRound(db, merchantId, recent);
    await rollUp();
    // A bet pull brings in a round its vendor settled an hour before the one already taken in.
    const pulled = round('pulled', BASE_MS + 2 * DAY_MS - HOUR_MS);
    await writeRound(db, merchantId, pulled);
    expect(await rollUp()).toBe(0);
    const sweep = createPlayStatsModule({ db }).jobs.find((job) => job.name === 'play-stats.sweep')!;
    const signal = new AbortController().signal;
    expect(await sweep.run({ occurrence: new Date(), signal })).toEqual({ rounds: 1 });
    expect(await sweep.run({ occurrence: new Date(), signal })).toEqual({ rounds: 0 });
    expect(await storedRollups(db, merchantId, members)).toEqual(expectedRollups([recent, pulled], timeZone));
  });

  it('should take in, over several batches of one run, every round behind the watermark, each batch reading on from the one before', async () => {
    const db = getDb();
    await reset();
    const round = (id: string, settledAtMs: number): ModelRound => ({
      ...{ roundId: `batches-${id}`, memberId: members[1]!, ...GAMES[1] },
      ...{ stakeMinor: 700n, payoutMinor: 100n, status: 'SETTLED', play: false },
      ...{ startedAtMs: settledAtMs - HOUR_MS, settledAtMs },
    });
    const recent = round('recent', BASE_MS + 3 * DAY_MS);
    await writeRound(db, merchantId, recent);
    await rollUpPlay(playStatsRepository(db), 3)();
    // Eleven rounds a bet pull brings in a day behind the watermark, two of them settled at the same instant.
    const pulled = Array.from({ length: 11 }, (_, i) =>
      round(`pulled-${i}`, BASE_MS + 2 * DAY_MS + Math.min(i, 9) * 60_000),
    );
    for (const r of pulled) await writeRound(db, merchantId, r);
    const repo = playStatsRepository(db);
    const froms: (Date | null)[] = [];
    const watched = {
      takeIn: (batch: number, lookback: number, from: Date | null = null) => {
        froms.push(from);
        return repo.takeIn(batch, lookback, from);
      },
    };
    expect(await rollUpPlay(watched, 3)(undefined, 3 * 24 * 60)).toBe(11);
    // Four batches (3, 3, 3, 2): the first looks back from the watermark, each next one from the last it took in.
    expect(froms.map((from) => from?.getTime() ?? null)).toEqual([
      null,
      BASE_MS + 2 * DAY_MS + 2 * 60_000,
      BASE_MS + 2 * DAY_MS + 5 * 60_000,
      BASE_MS + 2 * DAY_MS + 8 * 60_000,
    ]);
    expect(await storedRollups(db, merchantId, members)).toEqual(expectedRollups([recent, ...pulled], timeZone));
    expect(await rollUpPlay(playStatsRepository(db), 3)(undefined, 3 * 24 * 60)).toBe(0);
  });

  it('should answer a process of the previous release, which calls play_stats_take_in(batch, overlap), with the count it took in', async () => {
    const db = getDb();
    await reset();
    const settledAtMs = BASE_MS + 4 * DAY_MS;
    const rounds: ModelRound[] = [1, 2, 3].map((i) => ({
      ...{ roundId: `previous-${i}`, memberId: members[0]!, ...GAMES[0] },
      ...{ stakeMinor: 100n * BigInt(i), payoutMinor: 0n, status: 'SETTLED', play: false },
      ...{ startedAtMs: settledAtMs - HOUR_MS, settledAtMs: settledAtMs + i * 1_000 },
    }));
    for (const round of rounds) await writeRound(db, merchantId, round);
    const taken = async () =>
      (await db.query<{ taken: number }>("SELECT play_stats_take_in(2, interval '5 minutes') AS taken")).rows[0]!.taken;
    expect([await taken(), await taken(), await taken()]).toEqual([2, 1, 0]);
    expect(await storedRollups(db, merchantId, members)).toEqual(expectedRollups(rounds, timeZone));
  });

  it('should run the rollup as the platform registers it', async () => {
    const db = getDb();
    await reset();
    const settledAtMs = BASE_MS + DAY_MS;
    const round: ModelRound = {
      ...{ roundId: 'registered-1', memberId: members[1]!, ...GAMES[1] },
      ...{ stakeMinor: 300n, payoutMinor: 900n, status: 'SETTLED', play: false },
      ...{ startedAtMs: settledAtMs - HOUR_MS, settledAtMs },
    };
    await writeRound(db, merchantId, round);
    const app = await buildTestApp({ db });
    try {
      expect(await app.jobs.trigger('play-stats.rollup')).toEqual({ status: 'DONE', report: { rounds: 1 } });
    } finally {
      await app.close();
    }
    expect(await storedRollups(db, merchantId, members)).toEqual(expectedRollups([round], timeZone));
  });

  it("should give a member's profit and loss by game type over a period of business days", async () => {
    const db = getDb();
    await reset();
    const at = (day: number, hour: number) => BASE_MS + day * DAY_MS + hour * HOUR_MS;
    const round = (id: string, game: number, stake: bigint, payout: bigint, settledAtMs: number): ModelRound => ({
      ...{ roundId: `profit-${id}`, memberId: members[0]!, ...GAMES[game]! },
      ...{ stakeMinor: stake, payoutMinor: payout, status: 'SETTLED', play: false },
      ...{ startedAtMs: settledAtMs - HOUR_MS, settledAtMs },
    });
    for (const r of [
      round('1', 0, 1_000n, 400n, at(2, 3)),
      round('2', 0, 500n, 1_500n, at(3, 3)),
      round('3', 1, 2_000n, 0n, at(3, 4)),
      round('4', 1, 9_000n, 0n, at(8, 4)),
      { ...round('5', 1, 7_000n, 0n, at(3, 5)), status: 'CANCELLED' as const },
    ]) {
      await writeRound(db, merchantId, r);
    }
    const playStats = createPlayStatsModule({ db });
    expect(playStats.jobs.map((job) => job.name)).toEqual(['play-stats.rollup', 'play-stats.sweep']);
    await playStats.rollUp();

    const profit = await playStats.memberProfit(
      merchantId,
      members[0]!,
      businessDay(timeZone, at(2, 3)),
      businessDay(timeZone, at(3, 4)),
    );
    expect(profit.byGameType).toEqual([
      {
        ...{ gameType: 'LIVE', rounds: 1, stakeMinor: 2_000n, validBetMinor: 2_000n },
        ...{ payoutMinor: 0n, profitMinor: -2_000n, bonusStakeMinor: 0n },
      },
      {
        ...{ gameType: 'RNG', rounds: 2, stakeMinor: 1_500n, validBetMinor: 1_500n },
        ...{ payoutMinor: 1_900n, profitMinor: 400n, bonusStakeMinor: 0n },
      },
    ]);
    expect(profit.total).toEqual({
      ...{ rounds: 3, stakeMinor: 3_500n, validBetMinor: 3_500n },
      ...{ payoutMinor: 1_900n, profitMinor: -1_600n, bonusStakeMinor: 0n },
    });
    // The same period's own figures for a list of members: the member without play is absent.
    const figures = await playStats.memberFigures(
      merchantId,
      members,
      businessDay(timeZone, at(2, 3)),
      businessDay(timeZone, at(3, 4)),
    );
    expect([...figures.keys()]).toEqual([String(members[0])]);
    expect(figures.get(String(members[0]))).toEqual(profit.total);
    // Another member sees none of it.
    const other = await playStats.memberProfit(merchantId, members[1]!, '2026-01-01', '2026-02-01');
    expect(other.byGameType).toEqual([]);
    expect(other.total.rounds).toBe(0);
  });
});

const totalOf = (rollups: Map<string, Figures>): Figures => {
  const total: Figures = {
    rounds: 0,
    stakeMinor: 0n,
    validBetMinor: 0n,
    payoutMinor: 0n,
    profitMinor: 0n,
    bonusStakeMinor: 0n,
  };
  for (const f of rollups.values()) {
    total.rounds += f.rounds;
    total.stakeMinor += f.stakeMinor;
    total.validBetMinor += f.validBetMinor;
    total.payoutMinor += f.payoutMinor;
    total.profitMinor += f.profitMinor;
    total.bonusStakeMinor += f.bonusStakeMinor;
  }
  return total;
};

type RoundInput = {
  member: number;
  game: number;
  outcome: { stake: bigint; payout: bigint; status: 'SETTLED' | 'CANCELLED'; play: boolean };
  settleMs: number;
  ageMs: number;
};
