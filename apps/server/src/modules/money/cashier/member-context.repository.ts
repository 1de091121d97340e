import type { Queryable } from '../../../db/database';

export type MemberContextRow = {
  id: bigint;
  username: string;
  userType: number;
  status: 'ACTIVE' | 'LOCKED' | 'CLOSED';
  registeredAt: Date;
  cashMinor: bigint;
  frozenMinor: bigint;
  depositTotalMinor: bigint;
  withdrawalTotalMinor: bigint;
  depositsToday: number;
  withdrawalsToday: number;
};

/**
 * The context of a page of members in ONE statement (no query per row), over the owners' read-only views
 * (docs/architecture.md): each correlated subquery is bounded by one member's rows on an index that starts with
 * (merchant_id, member_id) — deposit_orders_member_idx, withdraw_orders_member, and the ledger's (merchant_id,
 * owner_kind, owner_id, purpose, currency, shard) key; the views are plain projections, so the planner sees through
 * them. "Today" starts at midnight of the merchant's time zone at `$3`.
 */
const CONTEXT_SQL = `WITH day AS (
    SELECT date_trunc('day', $3::timestamptz AT TIME ZONE mt.timezone) AT TIME ZONE mt.timezone AS starts
    FROM merchant_directory mt WHERE mt.id = $1
  )
  SELECT m.id, m.username, m.user_type::int AS "userType", m.status, m.created_at AS "registeredAt",
    COALESCE((SELECT sum(a.balance_minor) FROM ledger_account_balances a
      WHERE a.merchant_id = m.merchant_id AND a.owner_kind = 'MEMBER' AND a.owner_id = m.id
        AND a.purpose = 'CASH' AND a.currency = $4), 0)::bigint AS "cashMinor",
    COALESCE((SELECT sum(a.balance_minor) FROM ledger_account_balances a
      WHERE a.merchant_id = m.merchant_id AND a.owner_kind = 'MEMBER' AND a.owner_id = m.id
        AND a.purpose = 'FROZEN' AND a.currency = $4), 0)::bigint AS "frozenMinor",
    COALESCE((SELECT sum(d.amount_minor) FROM deposit_order_facts d
      WHERE d.merchant_id = m.merchant_id AND d.member_id = m.id AND d.status IN ('PAID', 'APPROVED')), 0)::bigint
      AS "depositTotalMinor",
    COALESCE((SELECT sum(w.amount_minor) FROM withdraw_order_facts w
      WHERE w.merchant_id = m.merchant_id AND w.member_id = m.id AND w.status = 'PAID'), 0)::bigint
      AS "withdrawalTotalMinor",
    (SELECT count(*) FROM deposit_order_facts d
      WHERE d.merchant_id = m.merchant_id AND d.member_id = m.id AND d.created_at >= day.starts)::int
      AS "depositsToday",
    (SELECT count(*) FROM withdraw_order_facts w
      WHERE w.merchant_id = m.merchant_id AND w.member_id = m.id AND w.status <> 'HOLDING'
        AND w.created_at >= day.starts)::int AS "withdrawalsToday"
  FROM member_directory m CROSS JOIN day
  WHERE m.merchant_id = $1 AND m.id = ANY($2::bigint[])`;

/** Most members one call reads: a queue page is at most 50 rows. */
export const MEMBER_CONTEXT_MAX = 100;

export const memberContextRepository = (db: Queryable) => ({
  /** The members of `memberIds` (distinct, at most MEMBER_CONTEXT_MAX) that belong to the merchant. */
  read: async (
    merchantId: number,
    currency: string,
    memberIds: readonly bigint[],
    nowIso: string,
  ): Promise<MemberContextRow[]> => {
    if (memberIds.length === 0) return [];
    if (memberIds.length > MEMBER_CONTEXT_MAX) throw new Error('too many members for one context read');
    const { rows } = await db.query<MemberContextRow>(CONTEXT_SQL, [
      merchantId,
      memberIds.map(String),
      nowIso,
      currency,
    ]);
    return rows;
  },
});
