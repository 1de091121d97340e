import type { PlayContribution } from '@platform/contracts';
import type { Queryable } from '../../../db/database';

/** A member's figures on one game type over a period (sums of play_stat_days, contracts' playContribution). */
export type PlayProfitRow = PlayContribution & { gameType: string };

type FiguresDbRow = {
  rounds: string;
  stake_minor: string;
  valid_bet_minor: string;
  payout_minor: string;
  profit_minor: string;
  bonus_stake_minor: string;
};
type ProfitDbRow = FiguresDbRow & { game_type: string };

const figuresOf = (row: FiguresDbRow): PlayContribution => ({
  rounds: Number(row.rounds),
  stakeMinor: BigInt(row.stake_minor),
  validBetMinor: BigInt(row.valid_bet_minor),
  payoutMinor: BigInt(row.payout_minor),
  profitMinor: BigInt(row.profit_minor),
  bonusStakeMinor: BigInt(row.bonus_stake_minor),
});

const SUMS = `sum(rounds)::text AS rounds, sum(stake_minor)::text AS stake_minor,
  sum(valid_bet_minor)::text AS valid_bet_minor, sum(payout_minor)::text AS payout_minor,
  sum(profit_minor)::text AS profit_minor, sum(bonus_stake_minor)::text AS bonus_stake_minor`;

/** SQL for play_stat_days, play_stat_rounds and play_stat_cursor (migrations 0027 and 0029, sql/play-stats.sql). */
export const playStatsRepository = (db: Queryable) => ({
  /**
   * Takes in up to `batch` rounds that are new or changed, settled since the watermark less `lookbackMinutes` or, for a
   * run's next batch, since `from` (the previous batch's `last`); returns how many it took in and the latest settlement
   * time among them.
   */
  takeIn: async (
    batch: number,
    lookbackMinutes: number,
    from: Date | null = null,
  ): Promise<{ taken: number; last: Date | null }> => {
    const { rows } = await db.query<{ taken: number; last_settled: Date | null }>(
      `SELECT taken, last_settled
       FROM play_stats_take_in_from($1::integer, make_interval(mins => $2::integer), $3::timestamptz)`,
      [batch, lookbackMinutes, from],
    );
    return { taken: Number(rows[0]?.taken ?? 0), last: rows[0]?.last_settled ?? null };
  },

  /** Recomputes every rollup from the journal after comparing it with the raw rounds; returns the corrections. */
  rebuild: async (): Promise<number> => {
    const { rows } = await db.query<{ taken: number }>('SELECT play_stats_rebuild() AS taken');
    return Number(rows[0]?.taken ?? 0);
  },

  /** A member's figures per game type over business days `from`..`to` (inclusive, YYYY-MM-DD). */
  memberProfit: async (merchantId: number, memberId: bigint, from: string, to: string): Promise<PlayProfitRow[]> => {
    const { rows } = await db.query<ProfitDbRow>(
      `SELECT game_type, ${SUMS}
       FROM play_stat_days
       WHERE merchant_id = $1 AND member_id = $2 AND business_day BETWEEN $3::date AND $4::date
       GROUP BY game_type
       HAVING sum(rounds) <> 0
       ORDER BY game_type`,
      [merchantId, memberId, from, to],
    );
    return rows.map((row) => ({ gameType: row.game_type, ...figuresOf(row) }));
  },

  /** Each listed member's own figures over business days `from`..`to`; members without play are absent. */
  memberFigures: async (
    merchantId: number,
    memberIds: readonly bigint[],
    from: string,
    to: string,
  ): Promise<Map<string, PlayContribution>> => {
    if (memberIds.length === 0) return new Map();
    const { rows } = await db.query<FiguresDbRow & { member_id: string }>(
      `SELECT member_id::text, ${SUMS}
       FROM play_stat_days
       WHERE merchant_id = $1 AND member_id = ANY($2::bigint[]) AND business_day BETWEEN $3::date AND $4::date
       GROUP BY member_id
       HAVING sum(rounds) <> 0`,
      [merchantId, memberIds.map(String), from, to],
    );
    return new Map(rows.map((row) => [row.member_id, figuresOf(row)]));
  },

  /**
   * Valid bet (own money only, DESIGN.md §11) per member and game type over business days `from`..`to`, for every
   * member of the merchant, or only `memberId`; rows without valid bet are absent.
   */
  validBetByGameType: async (
    merchantId: number,
    from: string,
    to: string,
    memberId: bigint | null = null,
  ): Promise<MemberValidBet[]> => {
    const { rows } = await db.query<{ member_id: string; game_type: string; valid_bet_minor: string }>(
      `SELECT member_id::text, game_type, sum(valid_bet_minor)::text AS valid_bet_minor
       FROM play_stat_days
       WHERE merchant_id = $1 AND business_day BETWEEN $2::date AND $3::date
         AND ($4::bigint IS NULL OR member_id = $4::bigint)
       GROUP BY member_id, game_type
       HAVING sum(valid_bet_minor) <> 0
       ORDER BY member_id, game_type`,
      [merchantId, from, to, memberId?.toString() ?? null],
    );
    return rows.map((row) => ({
      memberId: BigInt(row.member_id),
      gameType: row.game_type,
      validBetMinor: BigInt(row.valid_bet_minor),
    }));
  },

  /**
   * Each member's stake, valid bet and profit over business days `from`..`to`, for members who lost (profit below
   * zero): what cashback is counted from.
   */
  losingMembers: async (merchantId: number, from: string, to: string): Promise<MemberNet[]> => {
    const { rows } = await db.query<{ member_id: string; stake: string; valid_bet: string; profit: string }>(
      `SELECT member_id::text, sum(stake_minor)::text AS stake, sum(valid_bet_minor)::text AS valid_bet,
         sum(profit_minor)::text AS profit
       FROM play_stat_days
       WHERE merchant_id = $1 AND business_day BETWEEN $2::date AND $3::date
       GROUP BY member_id
       HAVING sum(profit_minor) < 0
       ORDER BY member_id`,
      [merchantId, from, to],
    );
    return rows.map((row) => ({
      memberId: BigInt(row.member_id),
      stakeMinor: BigInt(row.stake),
      validBetMinor: BigInt(row.valid_bet),
      profitMinor: BigInt(row.profit),
    }));
  },
});

/** One member's totals over a period (profit negative when it lost). */
export type MemberNet = { memberId: bigint; stakeMinor: bigint; validBetMinor: bigint; profitMinor: bigint };

/** One member's valid bet on one game type over a period. */
export type MemberValidBet = { memberId: bigint; gameType: string; validBetMinor: bigint };

export type PlayStatsRepository = ReturnType<typeof playStatsRepository>;
