import { AGENT_USER_TYPES, type MemberStatus } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { toIso } from '../../../lib/clock';

/** What the search filters on, already checked and normalised by the service. */
export type MemberSearchFilter = {
  merchantId: number;
  /** Lower-case prefixes, matched literally (LIKE wildcards in them are escaped). */
  usernamePrefix?: string | undefined;
  realNamePrefix?: string | undefined;
  /** Candidate (country code, national number) pairs, or a national number alone (any country). */
  mobile?: { pairs: [string, string][]; national: string | null } | undefined;
  userTypes?: readonly number[] | undefined;
  status?: MemberStatus | undefined;
  /** Days (YYYY-MM-DD) in the merchant's time zone, both ends included. */
  registeredFrom?: string | undefined;
  registeredTo?: string | undefined;
  parentId?: bigint | undefined;
};

export type MemberSummaryRow = {
  id: bigint;
  username: string;
  nickname: string | null;
  realName: string | null;
  userType: number;
  status: MemberStatus;
  countryDialingCode: string | null;
  mobileNum: string | null;
  upline: string | null;
  registeredAt: Date;
  lastLoginAt: Date | null;
};

export type MemberDetailRow = MemberSummaryRow & {
  parentId: bigint | null;
  email: string | null;
  birthday: string | null;
  idNumber: string | null;
  address: string | null;
  nationality: string | null;
  occupation: string | null;
  sourceOfIncome: string | null;
  placeOfBirth: string | null;
  qqNum: string | null;
  whatsapp: string | null;
  facebook: string | null;
  telegram: string | null;
  line: string | null;
  zalo: string | null;
  wechat: string | null;
  language: string | null;
  affiliateCode: string | null;
  referrer: string | null;
  registerUrl: string | null;
  registerMethod: string | null;
  registerIp: string | null;
  lastLoginIp: string | null;
  passwordChangedAt: Date | null;
  hasPaymentPassword: boolean;
};

export type LoginHistoryRow = { loggedInAt: Date; ip: string; userAgent: string | null; method: string };

/**
 * The summary columns: the upline's username by primary key, and the last login as one backward step of
 * member_logins_member_idx per row of the page (never the whole history). Password hashes are never selected.
 */
const SUMMARY_COLUMNS = `m.id, m.username, m.nickname, m.payee_name AS "realName", m.user_type AS "userType", m.status,
  m.country_dialing_code AS "countryDialingCode", m.mobile_num AS "mobileNum", p.username AS upline,
  m.created_at AS "registeredAt", l.logged_in_at AS "lastLoginAt"`;

const SUMMARY_FROM = `members m
  LEFT JOIN members p ON p.merchant_id = m.merchant_id AND p.id = m.parent_id
  LEFT JOIN LATERAL (SELECT logged_in_at, ip FROM member_logins
    WHERE merchant_id = m.merchant_id AND member_id = m.id ORDER BY logged_in_at DESC LIMIT 1) l ON true`;

/**
 * WHERE and ORDER BY of a search. Each filter matches an index of 0016 (or 0002): username and real name compare as
 * `lower(...) COLLATE "C"`, the expression of their prefix indexes, and are listed in that order so the index gives
 * the order too; every other search is newest first. Column names come only from this function, never from input.
 */
/** `abc` → `abc%`, with the input's own `%`, `_` and backslash matched as themselves (LIKE's default escape). */
const prefixPattern = (prefix: string): string => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const sameTypes = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((type) => b.includes(type));

const searchClauses = (filter: MemberSearchFilter): { where: string; order: string; params: unknown[] } => {
  const params: unknown[] = [filter.merchantId];
  const add = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['m.merchant_id = $1'];
  if (filter.usernamePrefix !== undefined) {
    where.push(`lower(m.username) COLLATE "C" LIKE ${add(prefixPattern(filter.usernamePrefix))}`);
  }
  if (filter.realNamePrefix !== undefined) {
    where.push(
      `m.payee_name IS NOT NULL AND lower(m.payee_name) COLLATE "C" LIKE ${add(prefixPattern(filter.realNamePrefix))}`,
    );
  }
  if (filter.mobile !== undefined) {
    const alternatives = filter.mobile.pairs.map(
      ([code, national]) => `(m.country_dialing_code = ${add(code)} AND m.mobile_num = ${add(national)})`,
    );
    if (filter.mobile.national !== null) alternatives.push(`m.mobile_num = ${add(filter.mobile.national)}`);
    where.push(`m.mobile_num IS NOT NULL AND (${alternatives.join(' OR ')})`);
  }
  if (filter.userTypes !== undefined) {
    const [only] = filter.userTypes;
    // One type is an equality, so members_type_created_idx gives the order too; every agent type is the predicate of
    // members_agents_created_idx, written exactly as there (constants of ours, not input) so the planner can use it.
    if (filter.userTypes.length === 1 && only !== undefined) where.push(`m.user_type = ${add(only)}`);
    else if (sameTypes(filter.userTypes, AGENT_USER_TYPES))
      where.push(`m.user_type IN (${AGENT_USER_TYPES.join(', ')})`);
    else where.push(`m.user_type = ANY(${add(filter.userTypes)}::smallint[])`);
  }
  if (filter.status !== undefined) where.push(`m.status = ${add(filter.status)}`);
  const timezone = '(SELECT timezone FROM merchant_directory WHERE id = $1)';
  if (filter.registeredFrom !== undefined) {
    where.push(`m.created_at >= (${add(filter.registeredFrom)}::date::timestamp AT TIME ZONE ${timezone})`);
  }
  if (filter.registeredTo !== undefined) {
    where.push(`m.created_at < ((${add(filter.registeredTo)}::date + 1)::timestamp AT TIME ZONE ${timezone})`);
  }
  if (filter.parentId !== undefined) where.push(`m.parent_id = ${add(filter.parentId)}`);
  const order =
    filter.usernamePrefix !== undefined
      ? 'lower(m.username) COLLATE "C", m.id'
      : filter.realNamePrefix !== undefined
        ? 'lower(m.payee_name) COLLATE "C", m.id'
        : 'm.created_at DESC, m.id DESC';
  return { where: where.join(' AND '), order, params };
};

/** The page of a search and its capped count, as statements (the tests EXPLAIN them). */
export const searchStatements = (filter: MemberSearchFilter, page: { offset: number; limit: number; cap: number }) => {
  const { where, order, params } = searchClauses(filter);
  const n = params.length;
  return {
    page: {
      text: `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE ${where} ORDER BY ${order}
        OFFSET $${n + 1} LIMIT $${n + 2}`,
      params: [...params, page.offset, page.limit],
    },
    count: {
      // In the page's order, so the count walks the same index and stops after `cap` entries.
      text: `SELECT count(*) AS n FROM (SELECT 1 FROM members m WHERE ${where} ORDER BY ${order} LIMIT $${n + 1}) t`,
      params: [...params, page.cap],
    },
  };
};

/**
 * The back office's reads and status writes of members (member-ops, issue 7), owned here because identity owns
 * members and member_logins. SQL only (STYLE.md); every statement is scoped by merchant_id, so a member of another
 * merchant is not found.
 */
export const memberStaffRepository = (db: Queryable) => ({
  search: async (filter: MemberSearchFilter, offset: number, limit: number): Promise<MemberSummaryRow[]> => {
    const { page } = searchStatements(filter, { offset, limit, cap: 0 });
    return (await db.query<MemberSummaryRow>(page.text, page.params)).rows;
  },

  /** How many members match, counting at most `cap` (a broad search costs no more than `cap` index entries). */
  countSearch: async (filter: MemberSearchFilter, cap: number): Promise<number> => {
    const { count } = searchStatements(filter, { offset: 0, limit: 0, cap });
    const { rows } = await db.query<{ n: bigint | number }>(count.text, count.params);
    return Number(rows[0]?.n ?? 0);
  },

  findAgentId: async (merchantId: number, username: string, agentTypes: readonly number[]) =>
    (
      await db.query<{ id: bigint }>(
        `SELECT id FROM members WHERE merchant_id = $1 AND lower(username) = lower($2)
           AND user_type = ANY($3::smallint[])`,
        [merchantId, username, agentTypes],
      )
    ).rows[0]?.id,

  detail: async (merchantId: number, memberId: bigint): Promise<MemberDetailRow | undefined> =>
    (
      await db.query<MemberDetailRow>(
        `SELECT ${SUMMARY_COLUMNS}, m.parent_id AS "parentId", m.email, to_char(m.birthday, 'YYYY-MM-DD') AS birthday,
           m.id_number AS "idNumber", m.address, m.nationality, m.occupation, m.source_of_income AS "sourceOfIncome",
           m.place_of_birth AS "placeOfBirth", m.qq_num AS "qqNum", m.whatsapp, m.facebook, m.telegram, m.line, m.zalo,
           m.wechat, m.language, m.affiliate_code AS "affiliateCode", m.referrer, m.register_url AS "registerUrl",
           m.register_method AS "registerMethod", m.register_ip AS "registerIp", l.ip AS "lastLoginIp",
           m.password_changed_at AS "passwordChangedAt",
           m.payment_password_hash IS NOT NULL AS "hasPaymentPassword"
         FROM ${SUMMARY_FROM} WHERE m.merchant_id = $1 AND m.id = $2`,
        [merchantId, memberId],
      )
    ).rows[0],

  /** The member's type and status (to check it exists here, and to pick its records), without the profile. */
  brief: async (merchantId: number, memberId: bigint) =>
    (
      await db.query<{ userType: number; status: MemberStatus }>(
        'SELECT user_type AS "userType", status FROM members WHERE merchant_id = $1 AND id = $2',
        [merchantId, memberId],
      )
    ).rows[0],

  /** The chain above `parentId`: the direct upline first, then up by primary key, at most `max` steps. */
  uplineChain: async (merchantId: number, parentId: bigint, max: number) =>
    (
      await db.query<{ id: bigint; username: string; userType: number }>(
        `WITH RECURSIVE chain (id, username, user_type, parent_id, depth) AS (
           SELECT id, username, user_type, parent_id, 1 FROM members WHERE merchant_id = $1 AND id = $2
           UNION ALL
           SELECT m.id, m.username, m.user_type, m.parent_id, c.depth + 1
           FROM chain c JOIN members m ON m.merchant_id = $1 AND m.id = c.parent_id
           WHERE c.depth < $3
         )
         SELECT id, username, user_type AS "userType" FROM chain ORDER BY depth`,
        [merchantId, parentId, max],
      )
    ).rows,

  /** Accounts whose direct upline is the member, counted up to `cap` entries of members_parent_created_idx. */
  countDownline: async (merchantId: number, memberId: bigint, cap: number): Promise<number> => {
    const { rows } = await db.query<{ n: bigint | number }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM members WHERE merchant_id = $1 AND parent_id = $2 LIMIT $3) t`,
      [merchantId, memberId, cap],
    );
    return Number(rows[0]?.n ?? 0);
  },

  logins: async (merchantId: number, memberId: bigint, offset: number, limit: number) =>
    (
      await db.query<LoginHistoryRow>(
        `SELECT logged_in_at AS "loggedInAt", ip, user_agent AS "userAgent", method FROM member_logins
         WHERE merchant_id = $1 AND member_id = $2 ORDER BY logged_in_at DESC, id DESC OFFSET $3 LIMIT $4`,
        [merchantId, memberId, offset, limit],
      )
    ).rows,

  countLogins: async (merchantId: number, memberId: bigint, cap: number): Promise<number> => {
    const { rows } = await db.query<{ n: bigint | number }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM member_logins WHERE merchant_id = $1 AND member_id = $2 LIMIT $3) t`,
      [merchantId, memberId, cap],
    );
    return Number(rows[0]?.n ?? 0);
  },

  /** The member's status, its row locked until the transaction ends (two staff changing it at once take turns). */
  lockStatus: async (merchantId: number, memberId: bigint) =>
    (
      await db.query<{ status: MemberStatus; userType: number }>(
        'SELECT status, user_type AS "userType" FROM members WHERE merchant_id = $1 AND id = $2 FOR UPDATE',
        [merchantId, memberId],
      )
    ).rows[0],

  setStatus: async (merchantId: number, memberId: bigint, status: MemberStatus, nowMs: number): Promise<void> => {
    await db.query('UPDATE members SET status = $3, updated_at = $4::timestamptz WHERE merchant_id = $1 AND id = $2', [
      merchantId,
      memberId,
      status,
      toIso(nowMs),
    ]);
  },
});

export type MemberStaffRepository = ReturnType<typeof memberStaffRepository>;
