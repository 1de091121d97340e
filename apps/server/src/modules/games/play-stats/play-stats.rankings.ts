import type { Queryable } from '../../../db/database';

/** One member's place in a ranking: its score and when it reached it (earlier wins a tie). */
export type RankingRow = { memberId: bigint; score: bigint; reachedAt: Date };

export type RankingQuery = {
  merchantId: number;
  /** Rounds settled in [from, to). */
  from: Date;
  to: Date;
  /** Only this game type (null: every game type). */
  gameType: string | null;
  limit: number;
};

type DbRow = { member_id: string; score: string; reached_at: Date | string };
const toRow = (row: DbRow): RankingRow => ({
  memberId: BigInt(row.member_id),
  score: BigInt(row.score),
  reachedAt: new Date(row.reached_at),
});

/**
 * Rankings from the play-statistics journal (play_stat_rounds) by settlement time, for races (issue 21): the same
 * rounds and valid bet every report reads. A round's figures are the sum of its journal rows (a resettlement adds a
 * difference), so a round counts once with its latest figures.
 */
export const playStatsRankings = (db: Queryable) => ({
  /** Members by valid bet over the period, highest first; a tie goes to whoever reached the total first. */
  validBet: async (q: RankingQuery): Promise<RankingRow[]> => {
    const { rows } = await db.query<DbRow>(
      `SELECT member_id::text, sum(valid_bet_minor)::text AS score, max(settled_at) AS reached_at
       FROM play_stat_rounds
       WHERE merchant_id = $1 AND settled_at >= $2 AND settled_at < $3 AND ($4::text IS NULL OR game_type = $4)
       GROUP BY member_id
       HAVING sum(valid_bet_minor) > 0
       ORDER BY sum(valid_bet_minor) DESC, max(settled_at), member_id
       LIMIT $5`,
      [q.merchantId, q.from, q.to, q.gameType, q.limit],
    );
    return rows.map(toRow);
  },
  /**
   * Members by their best round's multiplier (payout ÷ stake, in hundredths: 250 is ×2.5) over the period, rounds
   * staked at least `minStakeMinor`; a tie goes to whoever hit it first.
   */
  bestMultiplier: async (q: RankingQuery & { minStakeMinor: bigint }): Promise<RankingRow[]> => {
    const { rows } = await db.query<DbRow>(
      `WITH round_totals AS (
         SELECT member_id, vendor_code, round_id, sum(stake_minor) AS stake, sum(payout_minor) AS payout,
                min(settled_at) AS settled_at
         FROM play_stat_rounds
         WHERE merchant_id = $1 AND settled_at >= $2 AND settled_at < $3 AND ($4::text IS NULL OR game_type = $4)
         GROUP BY member_id, vendor_code, round_id
       ), best AS (
         SELECT DISTINCT ON (member_id) member_id, floor(payout * 100 / stake)::bigint AS score, settled_at
         FROM round_totals
         WHERE stake > 0 AND stake >= $6 AND payout > 0
         ORDER BY member_id, floor(payout * 100 / stake) DESC, settled_at
       )
       SELECT member_id::text, score::text, settled_at AS reached_at FROM best
       ORDER BY best.score DESC, best.settled_at, best.member_id
       LIMIT $5`,
      [q.merchantId, q.from, q.to, q.gameType, q.limit, q.minStakeMinor.toString()],
    );
    return rows.map(toRow);
  },
});
export type PlayStatsRankings = ReturnType<typeof playStatsRankings>;
