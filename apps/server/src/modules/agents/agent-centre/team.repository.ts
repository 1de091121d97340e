import type { Queryable } from '../../../db/database';

/**
 * The agent centre's reads of other modules' data, only through their published views (docs/architecture.md
 * "Read-only views"): identity's member_directory, member_login_facts and agent_tree, the merchant's
 * merchant_directory, the ledger's ledger_account_balances and ledger_entries, seamless's game_round_facts and the
 * catalogue's game_directory. Every team query starts from agent_tree under the caller, so nothing outside the
 * caller's subtree can be named.
 */

export type TreeMember = { id: bigint; username: string; userType: number; status: string };

export type DownlineDbRow = {
  id: bigint;
  username: string;
  nickname: string | null;
  userType: number;
  level: number;
  directCount: number;
  balanceMinor: bigint;
  lastLogin: Date | null;
  joinedAt: Date;
  status: string;
  remark: string | null;
};

export type DownlineFilter = {
  merchantId: number;
  callerId: bigint;
  parentId: bigint;
  /** The parent's depth under the caller (0: the caller). */
  parentLevel: number;
  /** Contains, without case; undefined: the parent's direct downline only. */
  search: string | undefined;
  currency: string;
};

/** Days are business days of the merchant's time zone, both included. */
export type TeamRange = { merchantId: number; callerId: bigint; fromDay: string; toDay: string; timezone: string };

const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** $1 merchant, $2 parent, $3 pattern (NULL: direct downline only): rows of agent_tree under the parent that the filter selects. */
const DOWNLINE_FROM = `
  FROM agent_tree t
  JOIN member_directory d ON d.merchant_id = t.merchant_id AND d.id = t.descendant_id
  WHERE t.merchant_id = $1 AND t.ancestor_id = $2
    AND (CASE WHEN $3::text IS NULL THEN t.depth = 1 ELSE t.depth >= 1 AND d.username ILIKE $3::text END)`;

const WINDOW = `r.settled_at >= ($3::date::timestamp AT TIME ZONE $5::text)
  AND r.settled_at < (($4::date + 1)::timestamp AT TIME ZONE $5::text)`;

export type TeamBetFilter = TeamRange & { username: string | undefined; gameType: string | undefined };

/** $1 merchant, $2 caller, $3..$5 window, $6 username, $7 game type. */
const TEAM_ROUNDS = `
  FROM agent_tree t
  JOIN member_directory d ON d.merchant_id = t.merchant_id AND d.id = t.descendant_id
  JOIN game_round_facts r ON r.merchant_id = t.merchant_id AND r.member_id = t.descendant_id
  LEFT JOIN game_directory g
    ON g.merchant_id = r.merchant_id AND g.vendor_code = r.vendor_code AND g.game_code = r.game_code
  WHERE t.merchant_id = $1 AND t.ancestor_id = $2 AND t.depth >= 1
    AND r.status = 'SETTLED' AND NOT r.play AND r.settled_at IS NOT NULL AND ${WINDOW}
    AND ($6::text IS NULL OR lower(d.username) = lower($6::text))
    AND ($7::text IS NULL OR coalesce(g.game_type, 'OTHER') = $7::text)`;

export type TeamBetRow = {
  username: string;
  vendor: string;
  gameCode: string;
  gameType: string;
  roundId: string;
  settledAt: Date;
  betMinor: bigint;
  stakeMinor: bigint;
  payoutMinor: bigint;
};
export type PlaySums = { rounds: number; betMinor: bigint; stakeMinor: bigint; payoutMinor: bigint };

export type TeamTransactionFilter = TeamRange & {
  username: string | undefined;
  /** null: every code of TEAM_CODES. */
  codes: readonly string[] | null;
  allCodes: readonly string[];
  currency: string;
};

/** $1 merchant, $2 caller, $3..$5 window, $6 username, $7 codes, $8 currency: both sides of the team's CASH rows. */
const TEAM_ENTRIES = `
  WITH team AS (
    SELECT a.id AS account_id, d.username
    FROM agent_tree t
    JOIN member_directory d ON d.merchant_id = t.merchant_id AND d.id = t.descendant_id
    JOIN ledger_account_balances a ON a.merchant_id = t.merchant_id AND a.owner_kind = 'MEMBER'
      AND a.owner_id = t.descendant_id AND a.purpose = 'CASH' AND a.currency = $8 AND a.shard = 0
    WHERE t.merchant_id = $1 AND t.ancestor_id = $2 AND t.depth >= 1
      AND ($6::text IS NULL OR lower(d.username) = lower($6::text))
  ), entries AS (
    SELECT e.id, e.created_at, e.code, -e.amount_minor AS signed_minor, e.debit_balance_after AS balance_after,
      team.username
    FROM team JOIN ledger_entries e ON e.merchant_id = $1 AND e.debit_account_id = team.account_id
    WHERE e.created_at >= ($3::date::timestamp AT TIME ZONE $5::text)
      AND e.created_at < (($4::date + 1)::timestamp AT TIME ZONE $5::text) AND e.code = ANY ($7::text[])
    UNION ALL
    SELECT e.id, e.created_at, e.code, e.amount_minor, e.credit_balance_after, team.username
    FROM team JOIN ledger_entries e ON e.merchant_id = $1 AND e.credit_account_id = team.account_id
    WHERE e.created_at >= ($3::date::timestamp AT TIME ZONE $5::text)
      AND e.created_at < (($4::date + 1)::timestamp AT TIME ZONE $5::text) AND e.code = ANY ($7::text[])
  )`;

export type TeamEntryRow = {
  id: bigint;
  username: string;
  createdAt: Date;
  code: string;
  signedMinor: bigint;
  balanceAfterMinor: bigint;
};

const big = (value: unknown): bigint => BigInt((value as string | number | bigint | null) ?? 0);

export const teamRepository = (db: Queryable) => ({
  /** The merchant's IANA time zone and its local date at `nowIso`. */
  localToday: async (merchantId: number, nowIso: string): Promise<{ timezone: string; today: string }> => {
    const { rows } = await db.query<{ timezone: string; today: string }>(
      `SELECT timezone, to_char($2::timestamptz AT TIME ZONE timezone, 'YYYY-MM-DD') AS today
       FROM merchant_directory WHERE id = $1`,
      [merchantId, nowIso],
    );
    const row = rows[0];
    if (row === undefined) throw new Error(`merchant ${merchantId} not found`);
    return row;
  },

  memberById: async (merchantId: number, id: bigint): Promise<TreeMember | undefined> => {
    const { rows } = await db.query<{ id: string; username: string; user_type: number; status: string }>(
      'SELECT id, username, user_type, status FROM member_directory WHERE merchant_id = $1 AND id = $2',
      [merchantId, id],
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    return { id: BigInt(row.id), username: row.username, userType: Number(row.user_type), status: row.status };
  },

  /** A member of the caller's subtree at depth ≥ `minDepth`, with its depth; undefined for anyone else. */
  inSubtree: async (
    merchantId: number,
    callerId: bigint,
    username: string,
    minDepth: number,
  ): Promise<(TreeMember & { level: number }) | undefined> => {
    const { rows } = await db.query<{ id: string; username: string; user_type: number; status: string; depth: number }>(
      `SELECT d.id, d.username, d.user_type, d.status, t.depth
       FROM member_directory d
       JOIN agent_tree t ON t.merchant_id = d.merchant_id AND t.ancestor_id = $2 AND t.descendant_id = d.id
       WHERE d.merchant_id = $1 AND lower(d.username) = lower($3) AND t.depth >= $4`,
      [merchantId, callerId, username, minDepth],
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    return {
      id: BigInt(row.id),
      username: row.username,
      userType: Number(row.user_type),
      status: row.status,
      level: Number(row.depth),
    };
  },

  /** The path from the caller (level 0) down to `memberId`, which must be in its subtree. */
  breadcrumb: async (merchantId: number, callerId: bigint, memberId: bigint) => {
    const { rows } = await db.query<{ username: string; level: number }>(
      `SELECT d.username, c.depth AS level
       FROM agent_tree up
       JOIN agent_tree c ON c.merchant_id = up.merchant_id AND c.ancestor_id = $2 AND c.descendant_id = up.ancestor_id
       JOIN member_directory d ON d.merchant_id = up.merchant_id AND d.id = up.ancestor_id
       WHERE up.merchant_id = $1 AND up.descendant_id = $3
       ORDER BY c.depth`,
      [merchantId, callerId, memberId],
    );
    return rows.map((row) => ({ username: row.username, level: Number(row.level) }));
  },

  /** How many accounts are directly under the agent. */
  directCount: async (merchantId: number, agentId: bigint): Promise<number> => {
    const { rows } = await db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM agent_tree WHERE merchant_id = $1 AND ancestor_id = $2 AND depth = 1',
      [merchantId, agentId],
    );
    return Number(rows[0]?.n ?? 0);
  },

  /** A page of the downline list, ordered by depth and username. */
  downlines: async (filter: DownlineFilter, offset: number, limit: number): Promise<DownlineDbRow[]> => {
    const search = filter.search === undefined ? null : likePattern(filter.search);
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT d.id, d.username, d.nickname, d.user_type, d.status, d.created_at, t.depth,
         (SELECT count(*) FROM agent_tree c WHERE c.merchant_id = $1 AND c.ancestor_id = d.id AND c.depth = 1)
           AS direct_count,
         (SELECT a.balance_minor FROM ledger_account_balances a WHERE a.merchant_id = $1 AND a.owner_kind = 'MEMBER'
           AND a.owner_id = d.id AND a.purpose = 'CASH' AND a.currency = $4 AND a.shard = 0) AS balance_minor,
         (SELECT max(l.logged_in_at) FROM member_login_facts l WHERE l.merchant_id = $1 AND l.member_id = d.id)
           AS last_login,
         (SELECT r.remark FROM agent_remarks r WHERE r.merchant_id = $1 AND r.agent_id = $5 AND r.member_id = d.id)
           AS remark
       ${DOWNLINE_FROM}
       ORDER BY t.depth, lower(d.username)
       OFFSET $6 LIMIT $7`,
      [filter.merchantId, filter.parentId, search, filter.currency, filter.callerId, offset, limit],
    );
    return rows.map((row) => ({
      id: big(row.id),
      username: String(row.username),
      nickname: (row.nickname as string | null) ?? null,
      userType: Number(row.user_type),
      level: filter.parentLevel + Number(row.depth),
      directCount: Number(row.direct_count),
      balanceMinor: big(row.balance_minor),
      lastLogin: row.last_login === null ? null : new Date(row.last_login as string),
      joinedAt: new Date(row.created_at as string),
      status: String(row.status),
      remark: (row.remark as string | null) ?? null,
    }));
  },

  /** Every id the downline filter selects (for the totals row), its count and balance sum. */
  downlineTotals: async (filter: DownlineFilter) => {
    const search = filter.search === undefined ? null : likePattern(filter.search);
    const { rows } = await db.query<{ ids: (string | bigint)[] | null; balance: string | null }>(
      `SELECT array_agg(d.id) AS ids,
         sum((SELECT a.balance_minor FROM ledger_account_balances a WHERE a.merchant_id = $1
           AND a.owner_kind = 'MEMBER' AND a.owner_id = d.id AND a.purpose = 'CASH' AND a.currency = $4
           AND a.shard = 0))::text AS balance
       ${DOWNLINE_FROM}`,
      [filter.merchantId, filter.parentId, search, filter.currency],
    );
    const ids = (rows[0]?.ids ?? []).map((id) => BigInt(id));
    return { ids, balanceMinor: big(rows[0]?.balance) };
  },

  /** The caller's downline at any depth (level ≥ 1), ordered by level and username, optionally one username. */
  teamMembers: async (range: Pick<TeamRange, 'merchantId' | 'callerId'>, username: string | undefined) => {
    const { rows } = await db.query<{ id: string; username: string; user_type: number; depth: number }>(
      `SELECT d.id, d.username, d.user_type, t.depth
       FROM agent_tree t JOIN member_directory d ON d.merchant_id = t.merchant_id AND d.id = t.descendant_id
       WHERE t.merchant_id = $1 AND t.ancestor_id = $2 AND t.depth >= 1
         AND ($3::text IS NULL OR lower(d.username) = lower($3::text))
       ORDER BY t.depth, lower(d.username)`,
      [range.merchantId, range.callerId, username ?? null],
    );
    return rows.map((row) => ({
      id: BigInt(row.id),
      username: row.username,
      userType: Number(row.user_type),
      level: Number(row.depth),
    }));
  },

  teamBets: async (filter: TeamBetFilter, offset: number, limit: number): Promise<TeamBetRow[]> => {
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT d.username, r.vendor_code, r.game_code, coalesce(g.game_type, 'OTHER') AS game_type, r.round_id,
         r.settled_at, r.bet_minor, r.valid_bet_minor, r.win_minor
       ${TEAM_ROUNDS}
       ORDER BY r.settled_at DESC, r.vendor_code, r.round_id
       OFFSET $8 LIMIT $9`,
      [...teamBetParams(filter), offset, limit],
    );
    return rows.map((row) => ({
      username: String(row.username),
      vendor: String(row.vendor_code),
      gameCode: String(row.game_code),
      gameType: String(row.game_type),
      roundId: String(row.round_id),
      settledAt: new Date(row.settled_at as string),
      betMinor: big(row.bet_minor),
      stakeMinor: big(row.valid_bet_minor),
      payoutMinor: big(row.win_minor),
    }));
  },

  teamBetTotals: async (filter: TeamBetFilter): Promise<PlaySums> => {
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT count(*)::text AS rounds, coalesce(sum(r.bet_minor), 0)::text AS bet,
         coalesce(sum(r.valid_bet_minor), 0)::text AS stake, coalesce(sum(r.win_minor), 0)::text AS payout
       ${TEAM_ROUNDS}`,
      teamBetParams(filter),
    );
    const row = rows[0] ?? {};
    return {
      rounds: Number(row.rounds ?? 0),
      betMinor: big(row.bet),
      stakeMinor: big(row.stake),
      payoutMinor: big(row.payout),
    };
  },

  teamEntries: async (filter: TeamTransactionFilter, offset: number, limit: number): Promise<TeamEntryRow[]> => {
    const { rows } = await db.query<Record<string, unknown>>(
      `${TEAM_ENTRIES}
       SELECT id, username, created_at, code, signed_minor, balance_after FROM entries
       ORDER BY created_at DESC, id DESC OFFSET $9 LIMIT $10`,
      [...entryParams(filter), offset, limit],
    );
    return rows.map((row) => ({
      id: big(row.id),
      username: String(row.username),
      createdAt: new Date(row.created_at as string),
      code: String(row.code),
      signedMinor: big(row.signed_minor),
      balanceAfterMinor: big(row.balance_after),
    }));
  },

  /** Count and signed sum per ledger code over every row the filter selects. */
  teamEntrySums: async (filter: TeamTransactionFilter) => {
    const { rows } = await db.query<{ code: string; n: string; total: string }>(
      `${TEAM_ENTRIES}
       SELECT code, count(*)::text AS n, sum(signed_minor)::text AS total FROM entries GROUP BY code`,
      entryParams(filter),
    );
    return rows.map((row) => ({ code: row.code, count: Number(row.n), signedMinor: BigInt(row.total) }));
  },
});

const teamBetParams = (filter: TeamBetFilter) => [
  filter.merchantId,
  filter.callerId,
  filter.fromDay,
  filter.toDay,
  filter.timezone,
  filter.username ?? null,
  filter.gameType ?? null,
];

const entryParams = (filter: TeamTransactionFilter) => [
  filter.merchantId,
  filter.callerId,
  filter.fromDay,
  filter.toDay,
  filter.timezone,
  filter.username ?? null,
  filter.codes ?? filter.allCodes,
  filter.currency,
];

export type TeamRepository = ReturnType<typeof teamRepository>;
