import type { Queryable } from '../../../db/database';
import type { TransferCode } from '../ledger';

/** An agent tree is never this deep; the walk up from a member stops here whatever the data says. */
export const MAX_TREE_DEPTH = 32;

export type DownlineMember = { id: bigint; username: string; userType: number };

export type RecordRow = {
  id: bigint;
  createdAt: Date;
  code: TransferCode;
  /** Positive when the member's account was credited, negative when debited. */
  signedMinor: bigint;
  balanceAfterMinor: bigint;
  reference: string | null;
};

export type RecordQuery = {
  merchantId: number;
  accountId: bigint;
  /** Local calendar days of the merchant: [fromDay, toDay) converted in `timezone`. */
  fromDay: string;
  toDay: string;
  timezone: string;
  /** null: every code. */
  codes: readonly TransferCode[] | null;
  offset: number;
  limit: number;
};

/**
 * One side (debit or credit) of an account's rows in a period, newest first, from the ledger's ledger_entries view.
 * Each side is a backward range scan of ledger_transfers_<side>_time_idx (0007), stopped by the LIMIT.
 */
const side = (column: 'debit' | 'credit', limitParam: string) => {
  const sign = column === 'debit' ? '-' : '';
  return `(SELECT id, created_at, code, ${sign}amount_minor AS signed_minor, ${column}_balance_after AS balance_after,
      reference
    FROM ledger_entries
    WHERE merchant_id = $1 AND ${column}_account_id = $2
      AND created_at >= ($3::date::timestamp AT TIME ZONE $5::text)
      AND created_at < ($4::date::timestamp AT TIME ZONE $5::text)
      AND ($6::text[] IS NULL OR code = ANY ($6::text[]))
    ORDER BY created_at DESC, id DESC
    LIMIT ${limitParam})`;
};

/** SQL only (STYLE.md convention 3): the agent tree and the account record. */
export const transferRepository = (db: Queryable) => ({
  /**
   * `username` when it is below `agentId` in the tree (at any depth up to MAX_TREE_DEPTH), else undefined: a member
   * outside the downline and a name that does not exist look the same to the caller. Walks up from the target along
   * parent_id by primary key, so the cost is the depth, not the size of the agent's team.
   */
  findInDownline: async (
    merchantId: number,
    agentId: bigint,
    username: string,
  ): Promise<DownlineMember | undefined> => {
    const { rows } = await db.query<DownlineMember>(
      `WITH RECURSIVE target AS (
         SELECT id, username, user_type, parent_id FROM member_directory WHERE merchant_id = $1 AND lower(username) = lower($2)
       ), up (id, parent_id, depth) AS (
         SELECT id, parent_id, 0 FROM target
         UNION ALL
         SELECT m.id, m.parent_id, up.depth + 1
           FROM up JOIN member_directory m ON m.merchant_id = $1 AND m.id = up.parent_id
           WHERE up.depth < $4
       )
       SELECT t.id, t.username, t.user_type AS "userType" FROM target t
       WHERE EXISTS (SELECT 1 FROM up WHERE up.depth >= 1 AND up.id = $3)`,
      [merchantId, username, agentId, MAX_TREE_DEPTH],
    );
    const row = rows[0];
    return row === undefined ? undefined : { ...row, id: BigInt(row.id) };
  },

  /** The merchant's IANA time zone and its local date at `nowIso` (YYYY-MM-DD). */
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

  /** The member's account id for (purpose, currency), or undefined when it was never opened (no rows then). */
  findAccountId: async (
    merchantId: number,
    memberId: bigint,
    purpose: string,
    currency: string,
  ): Promise<bigint | undefined> => {
    const { rows } = await db.query<{ id: bigint }>(
      `SELECT id FROM ledger_account_balances
       WHERE merchant_id = $1 AND owner_kind = 'MEMBER' AND owner_id = $2 AND purpose = $3 AND currency = $4
         AND shard = 0`,
      [merchantId, memberId, purpose, currency],
    );
    return rows[0]?.id;
  },

  /** A page of the account's rows in the period, newest first (both sides merged). */
  records: async (query: RecordQuery): Promise<RecordRow[]> => {
    const { rows } = await db.query<{
      id: bigint;
      created_at: Date;
      code: TransferCode;
      signed_minor: bigint;
      balance_after: bigint;
      reference: string | null;
    }>(
      `SELECT * FROM (${side('debit', '$7')} UNION ALL ${side('credit', '$7')}) t
       ORDER BY created_at DESC, id DESC OFFSET $8 LIMIT $9`,
      [
        query.merchantId,
        query.accountId,
        query.fromDay,
        query.toDay,
        query.timezone,
        query.codes,
        query.offset + query.limit,
        query.offset,
        query.limit,
      ],
    );
    return rows.map((row) => ({
      id: BigInt(row.id),
      createdAt: new Date(row.created_at),
      code: row.code,
      signedMinor: BigInt(row.signed_minor),
      balanceAfterMinor: BigInt(row.balance_after),
      reference: row.reference,
    }));
  },

  /** How many rows the period has, counting at most `cap` (a long history costs no more than `cap` index entries). */
  countRecords: async (query: Omit<RecordQuery, 'offset' | 'limit'>, cap: number): Promise<number> => {
    const { rows } = await db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM (${side('debit', '$7')} UNION ALL ${side('credit', '$7')}) t`,
      [query.merchantId, query.accountId, query.fromDay, query.toDay, query.timezone, query.codes, cap],
    );
    return Math.min(cap, Number(rows[0]?.n ?? 0));
  },
});

export type TransferRepository = ReturnType<typeof transferRepository>;
