import { AGENT_USER_TYPES, type MemberStatus } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { toIso } from '../../../lib/clock';

/** A member of the agent tree with the size of its team (members below it: directly, and at any depth). */
export type TreeNodeRow = {
  id: bigint;
  username: string;
  userType: number;
  status: MemberStatus;
  parentId: bigint | null;
  createdAt: Date;
  direct: number;
  total: number;
};

/** One level of the tree: top-level agents (parentId null) or a member's direct downline. */
export type TreeLevelFilter = {
  merchantId: number;
  parentId: bigint | null;
  /** Lower-case text the username contains, matched literally. */
  usernameContains?: string | undefined;
};

const NODE_COLUMNS = `m.id, m.username, m.user_type AS "userType", m.status, m.parent_id AS "parentId",
  m.created_at AS "createdAt", coalesce(s.direct, 0)::integer AS direct, coalesce(s.total, 0)::integer AS total`;

/** Team sizes from the closure table member_tree (migration 0030): one index range per listed member. */
const NODE_FROM = `members m
  LEFT JOIN LATERAL (SELECT count(*) FILTER (WHERE t.depth = 1) AS direct, count(*) FILTER (WHERE t.depth > 0) AS total
    FROM member_tree t WHERE t.merchant_id = m.merchant_id AND t.ancestor_id = m.id) s ON true`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const levelWhere = (filter: TreeLevelFilter) => ({
  sql: `m.merchant_id = $1
    AND (CASE WHEN $2::bigint IS NULL THEN m.parent_id IS NULL AND m.user_type = ANY($3::smallint[])
         ELSE m.parent_id = $2::bigint END)
    AND ($4::text IS NULL OR lower(m.username) LIKE '%' || $4::text || '%')`,
  params: [
    filter.merchantId,
    filter.parentId,
    AGENT_USER_TYPES,
    filter.usernameContains === undefined ? null : escapeLike(filter.usernameContains),
  ],
});

/**
 * The back office's reads of the agent tree and its one write, a member's upline (issue 18). The tree is members'
 * parent_id; member_tree (kept by the triggers of sql/member-tree.sql) answers team sizes and "is it below?".
 */
export const memberTreeStaffRepository = (db: Queryable) => ({
  /** A page of one level, agents first, then by username. */
  level: async (filter: TreeLevelFilter, offset: number, limit: number): Promise<TreeNodeRow[]> => {
    const where = levelWhere(filter);
    return (
      await db.query<TreeNodeRow>(
        `SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE ${where.sql}
         ORDER BY (m.user_type = ANY($3::smallint[])) DESC, lower(m.username), m.id OFFSET $5 LIMIT $6`,
        [...where.params, offset, limit],
      )
    ).rows;
  },

  countLevel: async (filter: TreeLevelFilter): Promise<number> => {
    const where = levelWhere(filter);
    const { rows } = await db.query<{ n: bigint | number }>(
      `SELECT count(*) AS n FROM members m WHERE ${where.sql}`,
      where.params,
    );
    return Number(rows[0]?.n ?? 0);
  },

  node: async (merchantId: number, memberId: bigint): Promise<TreeNodeRow | undefined> =>
    (
      await db.query<TreeNodeRow>(`SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE m.merchant_id = $1 AND m.id = $2`, [
        merchantId,
        memberId,
      ])
    ).rows[0],

  /** The member's uplines from the top down (the member itself not included). */
  uplines: async (merchantId: number, memberId: bigint) =>
    (
      await db.query<{ id: bigint; username: string }>(
        `SELECT m.id, m.username FROM member_tree t JOIN members m ON m.merchant_id = t.merchant_id AND m.id = t.ancestor_id
         WHERE t.merchant_id = $1 AND t.descendant_id = $2 AND t.depth > 0 ORDER BY t.depth DESC`,
        [merchantId, memberId],
      )
    ).rows,

  /**
   * The merchant's tree lock, held until the transaction ends: the key the member_tree trigger takes exclusively for
   * a move (sql/member-tree.sql), taken first so the checks before the move see the tree the move will change.
   */
  lockTree: async (merchantId: number): Promise<void> => {
    await db.query("SELECT pg_advisory_xact_lock(hashtext('member_tree'), $1::integer)", [merchantId]);
  },

  /**
   * The member's upline, type and username, its row locked until the transaction ends. NO KEY UPDATE, the lock the
   * update itself takes: a foreign-key check of a member moving under this one (KEY SHARE) does not wait for it.
   */
  lockForMove: async (merchantId: number, memberId: bigint) =>
    (
      await db.query<{ username: string; userType: number; parentId: bigint | null }>(
        `SELECT username, user_type AS "userType", parent_id AS "parentId" FROM members
         WHERE merchant_id = $1 AND id = $2 FOR NO KEY UPDATE`,
        [merchantId, memberId],
      )
    ).rows[0],

  /** Whether `descendantId` is `ancestorId` or below it. */
  isBelow: async (merchantId: number, ancestorId: bigint, descendantId: bigint): Promise<boolean> =>
    (
      await db.query('SELECT 1 FROM member_tree WHERE merchant_id = $1 AND ancestor_id = $2 AND descendant_id = $3', [
        merchantId,
        ancestorId,
        descendantId,
      ])
    ).rows.length > 0,

  /** The member and its descendants. */
  subtreeSize: async (merchantId: number, memberId: bigint): Promise<number> => {
    const { rows } = await db.query<{ n: bigint | number }>(
      'SELECT count(*) AS n FROM member_tree WHERE merchant_id = $1 AND ancestor_id = $2',
      [merchantId, memberId],
    );
    return Number(rows[0]?.n ?? 0);
  },

  /** Sets the upline; the member_tree trigger re-links the whole subtree in the same statement. */
  setParent: async (merchantId: number, memberId: bigint, parentId: bigint | null, nowMs: number): Promise<void> => {
    await db.query(
      'UPDATE members SET parent_id = $3, updated_at = $4::timestamptz WHERE merchant_id = $1 AND id = $2',
      [merchantId, memberId, parentId, toIso(nowMs)],
    );
  },
});

export type MemberTreeStaffRepository = ReturnType<typeof memberTreeStaffRepository>;
