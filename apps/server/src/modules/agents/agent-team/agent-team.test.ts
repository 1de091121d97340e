import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../../db/seed';
import { insertVendorGame, upsertVendor } from '../../../test/bets-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { demoMerchantId, insertMember } from '../../../test/identity-helpers';
import { createPlayStatsModule } from '../../games/play-stats';
import { expectedRollups, writeRound, businessDay, type ModelRound } from '../../../test/play-stats-helpers';
import { createAgentTeamModule } from './index';
import { rollUpTeams } from './agent-team.jobs';
import { agentTeamRepository } from './agent-team.repository';
import {
  addDays,
  expectedTeam,
  inTeam,
  memberDays,
  monthEnd,
  monthOf,
  playOf,
  playStatDaysOf,
  weekOf,
  type Parents,
} from './agent-team.test-support';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Each scenario settles its rounds in a 20-day stretch of its own, after the previous one's (the watermarks move on). */
const START_MS = Date.UTC(2026, 0, 20);
const GAMES = [
  { vendor: 'AT_A', gameCode: 'at-rng', gameType: 'RNG' },
  { vendor: 'AT_A', gameCode: 'at-live', gameType: 'LIVE' },
  { vendor: 'AT_B', gameCode: 'at-unknown', gameType: 'OTHER' },
] as const;

const outcome = fc.record({
  stake: fc.bigInt({ min: 0n, max: 50_000n }),
  payout: fc.bigInt({ min: 0n, max: 100_000n }),
  status: fc.constantFrom('SETTLED', 'SETTLED', 'SETTLED', 'CANCELLED' as const),
  play: fc.constantFrom(false, false, false, true),
});
const roundArb = fc.record({
  member: fc.nat(),
  game: fc.nat(GAMES.length - 1),
  outcome,
  settleMs: fc.integer({ min: 0, max: 9 * DAY_MS }),
  /** How long before its settlement the round started: up to three days (a late-settled round). */
  ageMs: fc.integer({ min: 0, max: 3 * DAY_MS }),
});
const scenarioArb = fc.record({
  /** Each member's upline: an earlier member (an index, wrapped) or none. */
  tree: fc.array(fc.option(fc.nat(), { nil: null, freq: 4 }), { minLength: 1, maxLength: 8 }),
  first: fc.array(roundArb, { minLength: 1, maxLength: 16 }),
  second: fc.array(roundArb, { maxLength: 8 }),
  resettled: fc.array(fc.record({ index: fc.nat(), outcome, settleMs: fc.integer({ min: 0, max: 4 * DAY_MS }) }), {
    maxLength: 4,
  }),
  batch: fc.integer({ min: 1, max: 7 }),
});

describeEachDatabase('agent team rollups', (getDb) => {
  let merchantId: number;
  let timeZone: string;
  let scenario = 0;

  beforeAll(async () => {
    const db = getDb();
    await seedDemo(db);
    merchantId = await demoMerchantId(db);
    const { rows } = await db.query<{ timezone: string }>('SELECT timezone FROM merchant_directory WHERE id = $1', [
      merchantId,
    ]);
    timeZone = rows[0]!.timezone;
    await upsertVendor(db, merchantId, { code: 'AT_A', displayName: 'Team A' });
    await upsertVendor(db, merchantId, { code: 'AT_B', displayName: 'Team B' });
    await insertVendorGame(db, merchantId, { vendor: 'AT_A', gameType: 'RNG', code: 'at-rng', names: { EN: 'R' } });
    await insertVendorGame(db, merchantId, { vendor: 'AT_A', gameType: 'LIVE', code: 'at-live', names: { EN: 'L' } });
  });

  /** Members under the tree's uplines: agents where they have a downline, players otherwise. */
  const plantTree = async (tree: (number | null)[]): Promise<{ ids: bigint[]; parents: Parents }> => {
    const ids: bigint[] = [];
    const parents: Parents = new Map();
    for (const [i, up] of tree.entries()) {
      const parent = up === null || i === 0 ? null : ids[up % i]!;
      const { id } = await insertMember(getDb(), { userType: 1, ...(parent === null ? {} : { parentId: parent }) });
      ids.push(id);
      parents.set(id, parent);
    }
    return { ids, parents };
  };

  it('should keep team rollups equal to the sums over each subtree of play_stat_days, count late and resettled rounds once on their settlement day, and rebuild the same', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ tree, first, second, resettled, batch }) => {
        const db = getDb();
        scenario += 1;
        const baseMs = START_MS + scenario * 20 * DAY_MS;
        const phaseTwoMs = baseMs + 10 * DAY_MS + HOUR_MS;
        const { ids, parents } = await plantTree(tree);
        const playStats = createPlayStatsModule({ db });
        const team = createAgentTeamModule({ db });
        const rollUp = rollUpTeams(agentTeamRepository(db), batch);
        const rounds = new Map<string, ModelRound>();
        const toModel = (r: (typeof first)[number], id: string, phaseMs: number): ModelRound => ({
          ...{ roundId: id, memberId: ids[r.member % ids.length]!, ...GAMES[r.game]! },
          ...{ stakeMinor: r.outcome.stake, payoutMinor: r.outcome.payout, status: r.outcome.status },
          ...{ play: r.outcome.play, startedAtMs: phaseMs + r.settleMs - r.ageMs, settledAtMs: phaseMs + r.settleMs },
        });
        const write = async (round: ModelRound) => {
          rounds.set(round.roundId, round);
          await writeRound(db, merchantId, round);
        };
        const firstDay = businessDay(timeZone, baseMs);
        const lastDay = businessDay(timeZone, phaseTwoMs + 10 * DAY_MS);
        /** Every member's figures over custom ranges, a week, a month and a day equal the model and play_stat_days. */
        const check = async (history: ModelRound[][]) => {
          const days = memberDays(expectedRollups(history, timeZone));
          const busiest = [...(days.get(ids[0]!)?.keys() ?? [firstDay])][0]!;
          const ranges: [string, string][] = [
            [firstDay, lastDay],
            // Custom ranges over whole months, whole weeks and single days.
            [addDays(firstDay, -45), lastDay],
            [addDays(firstDay, 3), addDays(lastDay, -2)],
            [weekOf(addDays(firstDay, 7)), addDays(weekOf(addDays(firstDay, 7)), 6)],
            [monthOf(addDays(firstDay, 12)), monthEnd(addDays(firstDay, 12))],
            [busiest, busiest],
          ];
          for (const agent of ids) {
            const members = ids.filter((m) => inTeam(parents, agent, m));
            for (const [from, to] of ranges) {
              const stored = playOf(await team.teamSummary(merchantId, agent, from, to));
              expect(stored).toEqual(expectedTeam(parents, days, agent, from, to));
              const { activeMembers: _, ...sums } = stored;
              expect(sums).toEqual(await playStatDaysOf(db, merchantId, members, from, to));
            }
            const byDay = await team.teamByDay(merchantId, agent, firstDay, lastDay);
            expect(byDay.map((d) => d.day)).toEqual(
              Array.from({ length: byDay.length }, (_, i) => addDays(firstDay, i)),
            );
            for (const d of byDay) expect(playOf(d)).toEqual(expectedTeam(parents, days, agent, d.day, d.day));
          }
          // The root's downline list: each member's own team, and nobody outside the root's subtree.
          const outsider = (await insertMember(db)).id;
          const list = await team.downlineFigures(merchantId, ids[0]!, [...ids, outsider], firstDay, lastDay);
          expect([...list.keys()].sort()).toEqual(
            ids
              .filter((m) => inTeam(parents, ids[0]!, m))
              .map(String)
              .sort(),
          );
          for (const [member, figures] of list) {
            expect(playOf(figures)).toEqual(expectedTeam(parents, days, BigInt(member), firstDay, lastDay));
          }
        };

        for (const [i, r] of first.entries()) await write(toModel(r, `at${scenario}-a${i}`, baseMs));
        await playStats.rollUp();
        await rollUp();
        const seen = [[...rounds.values()]];
        await check(seen);

        for (const [i, r] of second.entries()) await write(toModel(r, `at${scenario}-b${i}`, phaseTwoMs));
        for (const change of resettled) {
          const earlier = [...rounds.values()][change.index % first.length]!;
          const { stake, payout, status } = change.outcome;
          await write({
            ...earlier,
            stakeMinor: stake,
            payoutMinor: payout,
            status,
            settledAtMs: phaseTwoMs + change.settleMs,
          });
        }
        await playStats.rollUp();
        await rollUp();
        seen.push([...rounds.values()]);
        await check(seen);

        // Running the job again takes in nothing; a rebuild gives the same rollups.
        expect((await rollUp()).playChanges).toBe(0);
        await team.rebuild();
        await check(seen);
      }),
      { numRuns: 12 },
    );
    // Twelve trees with two phases of rounds, each member's figures read four ways per phase: slow on a busy machine.
  }, 180_000);
});
