import { NO_PLAY, type PlayContribution } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { playStatsJobs, rollUpPlay } from './play-stats.jobs';
import { playStatsRankings } from './play-stats.rankings';
import { playStatsRepository, type PlayProfitRow } from './play-stats.repository';

export { PLAY_STATS_BATCH } from './play-stats.jobs';
export type { MemberNet, MemberValidBet, PlayProfitRow } from './play-stats.repository';
export type { RankingQuery, RankingRow } from './play-stats.rankings';

/** A member's profit and loss over a period: one row per game type and their totals. */
export type MemberProfit = { byGameType: PlayProfitRow[]; total: PlayContribution };

const totalOf = (rows: PlayProfitRow[]): MemberProfit['total'] => {
  const total = { ...NO_PLAY };
  for (const row of rows) {
    total.rounds += row.rounds;
    total.stakeMinor += row.stakeMinor;
    total.validBetMinor += row.validBetMinor;
    total.payoutMinor += row.payoutMinor;
    total.profitMinor += row.profitMinor;
    total.bonusStakeMinor += row.bonusStakeMinor;
  }
  return total;
};

/**
 * Play statistics (DESIGN.md §11, ADR 0028): rollups of every settled round per merchant, member, business day in the
 * merchant's time zone, vendor and game type, kept by the `play-stats.rollup` job from the seamless module's
 * game_round_facts. Every consumer (member centre, agent reports, rebates) reads these, never the raw rounds.
 */
export const createPlayStatsModule = ({ db }: { db: Database }) => {
  const repo = playStatsRepository(db);
  const rollUp = rollUpPlay(repo);
  return {
    jobs: playStatsJobs(rollUp),
    /** Takes in every round settled since the last run (what the job does). */
    rollUp,
    /** Compares the journal with the raw rounds, books differences, and recomputes every rollup from the journal. */
    rebuild: repo.rebuild,
    /** Each listed member's own figures over business days `from`..`to` (members without play are absent). */
    memberFigures: repo.memberFigures,
    /** Valid bet per member and game type over business days `from`..`to` (rebates and VIP levels). */
    validBetByGameType: repo.validBetByGameType,
    /** Members who lost over business days `from`..`to`, with their stake, valid bet and profit (cashback). */
    losingMembers: repo.losingMembers,
    /** Members ranked by valid bet or best multiplier over a time range, by settlement time (races). */
    rankings: playStatsRankings(db),
    /** A member's profit and loss by game type over business days `from`..`to` (member centre personalProfit). */
    memberProfit: async (merchantId: number, memberId: bigint, from: string, to: string): Promise<MemberProfit> => {
      const byGameType = await repo.memberProfit(merchantId, memberId, from, to);
      return { byGameType, total: totalOf(byGameType) };
    },
  };
};

export type PlayStatsModule = ReturnType<typeof createPlayStatsModule>;
