import type { RewardKind } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { COLUMNS, toRow, type DbRow, type RewardRow } from './rewards.repository';

/** What a kind of reward cost a merchant over business days from..to: offered, and paid (claimed). */
export type RewardCostRow = {
  kind: RewardKind;
  offeredMinor: bigint;
  paidMinor: bigint;
  count: number;
  paidCount: number;
};

/**
 * Reads of the reward centre by kind (issue 21): a programme's own page (invite friends, raffles) shows its rewards
 * and their badge, and the back office's cost report sums them. SQL on rewards only (migration 0039).
 */
export const rewardsQueries = (db: Queryable) => ({
  /** The member's rewards of one kind, newest first, and how many of them wait for a claim and have not expired. */
  ofKind: async (merchantId: number, memberId: bigint, kind: RewardKind, limit: number, now: Date) => {
    const [list, count] = await Promise.all([
      db.query<DbRow>(
        `SELECT ${COLUMNS} FROM rewards WHERE merchant_id = $1 AND member_id = $2 AND kind = $3 ORDER BY id DESC LIMIT $4`,
        [merchantId, memberId.toString(), kind, limit],
      ),
      db.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM rewards
         WHERE merchant_id = $1 AND member_id = $2 AND kind = $3 AND status = 'PENDING' AND expires_at > $4`,
        [merchantId, memberId.toString(), kind, now],
      ),
    ]);
    return { list: list.rows.map(toRow), pendingCount: count.rows[0]?.n ?? 0 };
  },

  /** The rewards under these keys (a page's rewards by business key). */
  byKeys: async (merchantId: number, keys: readonly string[]): Promise<Map<string, RewardRow>> => {
    if (keys.length === 0) return new Map();
    const { rows } = await db.query<DbRow>(
      `SELECT ${COLUMNS} FROM rewards WHERE merchant_id = $1 AND reward_key = ANY($2::text[])`,
      [merchantId, keys],
    );
    return new Map(rows.map((row) => [row.rewardKey, toRow(row)]));
  },

  /** Offered and paid per kind, for rewards offered on business days from..to of the merchant. */
  cost: async (
    merchantId: number,
    kinds: readonly RewardKind[],
    from: string,
    to: string,
  ): Promise<RewardCostRow[]> => {
    const { rows } = await db.query<{ kind: RewardKind; offered: string; paid: string; n: number; paid_n: number }>(
      `SELECT r.kind, sum(r.amount_minor)::text AS offered,
              coalesce(sum(r.amount_minor) FILTER (WHERE r.status = 'CLAIMED'), 0)::text AS paid,
              count(*)::integer AS n, count(*) FILTER (WHERE r.status = 'CLAIMED')::integer AS paid_n
       FROM rewards r JOIN merchant_directory d ON d.id = r.merchant_id
       WHERE r.merchant_id = $1 AND r.kind = ANY($2::text[])
         AND (r.created_at AT TIME ZONE d.timezone)::date BETWEEN $3::date AND $4::date
       GROUP BY r.kind ORDER BY r.kind`,
      [merchantId, kinds, from, to],
    );
    return rows.map((r) => ({
      kind: r.kind,
      offeredMinor: BigInt(r.offered),
      paidMinor: BigInt(r.paid),
      count: r.n,
      paidCount: r.paid_n,
    }));
  },
});

export type RewardsQueries = ReturnType<typeof rewardsQueries>;
