import type { Queryable } from '../../../db/database';
import {
  isSystemPurpose,
  type Account,
  type OwnerKind,
  type Purpose,
  type Transfer,
  type TransferCode,
} from './ledger.types';

/** One post as ledger_post() reads it (0003_ledger.sql). Ids and amounts are strings: JSON has no bigint. */
export type PostRequest = {
  merchant: number;
  source: string;
  key: string;
  hash: string;
  reference: string | null;
  reverses: string | null;
  legs: { debit: string; credit: string; amount: string; code: TransferCode }[];
};

export type PostStatus =
  | 'OK'
  | 'REPLAYED'
  | 'IDEMPOTENCY_CONFLICT'
  | 'INSUFFICIENT_FUNDS'
  | 'ACCOUNT_NOT_FOUND'
  | 'CURRENCY_MISMATCH'
  | 'ALREADY_REVERSED';

export type PostOutcome = { status: PostStatus; detail: string | null; transfers: Transfer[] };

type TransferRow = {
  merchant_id: number;
  id: bigint;
  source: string;
  idempotency_key: string;
  leg: number;
  code: TransferCode;
  debit_account_id: bigint;
  debit_shard: number;
  credit_account_id: bigint;
  credit_shard: number;
  amount_minor: bigint;
  currency: string;
  debit_balance_after: bigint;
  credit_balance_after: bigint;
  reference: string | null;
  reverses_transfer_id: bigint | null;
  created_at: Date;
};

type PostRow = Omit<TransferRow, 'merchant_id' | 'source' | 'idempotency_key'> & {
  post_no: number;
  status: PostStatus;
  detail: string | null;
};

/** A row of ledger_post_one / ledger_post_single_batch: the post's outcome and, unless refused, its one transfer. */
type SingleLegRow = {
  post_no: number;
  status: PostStatus;
  detail: string | null;
  id: bigint | null;
  code: TransferCode;
  debit_shard: number;
  credit_shard: number;
  amount_minor: bigint;
  currency: string;
  debit_balance_after: bigint;
  credit_balance_after: bigint;
  reference: string | null;
  created_at: Date;
};

/** Whether a post can take the single-leg path. */
export const isSingleLeg = (post: PostRequest): boolean => post.legs.length === 1 && post.reverses === null;

const TRANSFER_COLUMNS = `merchant_id, id, source, idempotency_key, leg, code, debit_account_id, debit_shard,
  credit_account_id, credit_shard, amount_minor, currency, debit_balance_after, credit_balance_after, reference,
  reverses_transfer_id, created_at`;

const toTransfer = (row: TransferRow): Transfer => ({
  merchantId: row.merchant_id,
  id: row.id,
  source: row.source,
  idempotencyKey: row.idempotency_key,
  leg: row.leg,
  code: row.code,
  debitAccountId: row.debit_account_id,
  debitShard: row.debit_shard,
  creditAccountId: row.credit_account_id,
  creditShard: row.credit_shard,
  amountMinor: row.amount_minor,
  currency: row.currency,
  debitBalanceAfterMinor: row.debit_balance_after,
  creditBalanceAfterMinor: row.credit_balance_after,
  reference: row.reference,
  reversesTransferId: row.reverses_transfer_id,
  createdAt: row.created_at,
});

type AccountRow = {
  merchant_id: number;
  id: bigint;
  owner_kind: OwnerKind;
  owner_id: bigint;
  purpose: Purpose;
  currency: string;
  balance_minor: bigint;
  allow_negative: boolean;
  shard_count: number;
};

const toAccount = (row: AccountRow): Account => ({
  merchantId: row.merchant_id,
  id: row.id,
  ownerKind: row.owner_kind,
  ownerId: row.owner_id,
  purpose: row.purpose,
  currency: row.currency,
  balanceMinor: row.balance_minor,
  allowNegative: row.allow_negative,
  shardCount: row.shard_count,
});

/** The account's metadata from shard 0 and its balance as the sum of its shard rows. */
const ACCOUNT_SELECT = `SELECT a.merchant_id, a.id, a.owner_kind, a.owner_id, a.purpose, a.currency, a.allow_negative,
    a.shard_count, (SELECT sum(s.balance_minor) FROM ledger_accounts s
                     WHERE s.merchant_id = a.merchant_id AND s.id = a.id)::bigint AS balance_minor
  FROM ledger_accounts a`;

export type AccountKey = {
  merchantId: number;
  ownerKind: OwnerKind;
  ownerId: bigint;
  purpose: Purpose;
  currency: string;
};

/** SQL only (STYLE.md); every function takes the database or an open transaction. */
export const ledgerRepository = {
  /** Runs a batch of posts in one statement: one transaction, one round trip (see ledger_post). */
  post: async (db: Queryable, posts: readonly PostRequest[]): Promise<PostOutcome[]> => {
    const { rows } = await db.query<PostRow>('SELECT * FROM ledger_post($1::jsonb)', [JSON.stringify(posts)]);
    const outcomes: PostOutcome[] = posts.map(() => ({ status: 'OK', detail: null, transfers: [] }));
    for (const row of rows) {
      const outcome = outcomes[row.post_no];
      const post = posts[row.post_no];
      if (outcome === undefined || post === undefined) throw new Error(`ledger_post returned post ${row.post_no}`);
      outcome.status = row.status;
      outcome.detail = row.detail;
      if (row.id !== null) {
        outcome.transfers.push(
          toTransfer({ ...row, merchant_id: post.merchant, source: post.source, idempotency_key: post.key }),
        );
      }
    }
    return outcomes;
  },

  /**
   * The lean path for posts of one leg without a reversal (0020_ledger_single_leg.sql): the same rules and rows as
   * `post`, with parallel arrays instead of JSON. One post runs as ledger_post_one; several as one batch statement;
   * `gathered` posts (postMany) as ledger_post_gathered, applied as sets when no post can depend on another.
   */
  postSingleLeg: async (db: Queryable, posts: readonly PostRequest[], gathered = false): Promise<PostOutcome[]> => {
    const legs = posts.map((post) => {
      const [leg] = post.legs;
      if (leg === undefined || post.legs.length !== 1 || post.reverses !== null) {
        throw new Error('postSingleLeg takes posts of one leg and no reversal');
      }
      return leg;
    });
    const params = [
      posts.map((post) => post.merchant),
      posts.map((post) => post.source),
      posts.map((post) => post.key),
      posts.map((post) => post.hash),
      legs.map((leg) => leg.debit),
      legs.map((leg) => leg.credit),
      legs.map((leg) => leg.amount),
      legs.map((leg) => leg.code),
      posts.map((post) => post.reference),
    ];
    const { rows } = gathered
      ? await db.query<SingleLegRow>(
          `SELECT * FROM ledger_post_gathered($1::integer[], $2::text[], $3::text[], $4::text[], $5::bigint[],
             $6::bigint[], $7::bigint[], $8::text[], $9::text[]) ORDER BY post_no`,
          params,
        )
      : posts.length === 1
        ? await db.query<SingleLegRow>(
            'SELECT 0 AS post_no, * FROM ledger_post_one($1, $2, $3, $4, $5, $6, $7, $8, $9)',
            params.map((values) => values[0]),
            { prepare: 'ledger_post_one' },
          )
        : await db.query<SingleLegRow>(
            `SELECT * FROM ledger_post_single_batch($1::integer[], $2::text[], $3::text[], $4::text[], $5::bigint[],
               $6::bigint[], $7::bigint[], $8::text[], $9::text[])`,
            params,
            { prepare: 'ledger_post_single_batch' },
          );
    if (rows.length !== posts.length) throw new Error(`the ledger answered ${rows.length} of ${posts.length} posts`);
    return rows.map((row, index) => {
      const post = posts[row.post_no];
      const leg = legs[row.post_no];
      if (post === undefined || leg === undefined || row.post_no !== index) {
        throw new Error(`the ledger answered post ${row.post_no} out of order`);
      }
      if (row.id === null) return { status: row.status, detail: row.detail, transfers: [] };
      return {
        status: row.status,
        detail: row.detail,
        transfers: [
          toTransfer({
            merchant_id: post.merchant,
            id: row.id,
            source: post.source,
            idempotency_key: post.key,
            leg: 0,
            code: row.code,
            debit_account_id: BigInt(leg.debit),
            debit_shard: row.debit_shard,
            credit_account_id: BigInt(leg.credit),
            credit_shard: row.credit_shard,
            amount_minor: row.amount_minor,
            currency: row.currency,
            debit_balance_after: row.debit_balance_after,
            credit_balance_after: row.credit_balance_after,
            reference: row.reference,
            reverses_transfer_id: null,
            created_at: row.created_at,
          }),
        ],
      };
    });
  },

  /** Must run in a transaction: the advisory lock makes two concurrent opens of one account create it once. */
  openAccount: async (tx: Queryable, key: AccountKey, shardCount: number): Promise<Account> => {
    const params = [key.merchantId, key.ownerKind, key.ownerId, key.purpose, key.currency];
    await tx.query(
      `SELECT pg_advisory_xact_lock(hashtext('ledger.account:' || $1 || ':' || $2 || ':' || $3 || ':' || $4 || ':' || $5))`,
      params.map(String),
    );
    const existing = await ledgerRepository.findAccount(tx, key);
    if (existing !== null) return existing;
    await tx.query(
      `INSERT INTO ledger_accounts (merchant_id, id, shard, owner_kind, owner_id, purpose, currency, allow_negative,
         shard_count)
       SELECT $1, n.id, s, $2, $3, $4, $5, $6, $7
         FROM (SELECT nextval('ledger_account_id_seq') AS id) n, generate_series(0, $7 - 1) s`,
      [...params, isSystemPurpose(key.purpose), shardCount],
    );
    const created = await ledgerRepository.findAccount(tx, key);
    if (created === null) throw new Error('the account just inserted is not visible');
    return created;
  },

  /**
   * Opens the missing ones of many owners' accounts of one purpose and currency (one shard each), under the same
   * advisory lock per account as openAccount, taken in one order; must run in a transaction. Answers owner → account id.
   */
  openOwnedAccounts: async (tx: Queryable, key: Omit<AccountKey, 'ownerId'>, ownerIds: readonly bigint[]) => {
    const owners = ownerIds.map(String);
    const prefix = `ledger.account:${key.merchantId}:${key.ownerKind}:`;
    await tx.query(
      `SELECT pg_advisory_xact_lock(x.h) FROM (
         SELECT DISTINCT hashtext($1::text || o || ':' || $2::text || ':' || $3::text) AS h FROM unnest($4::text[]) o ORDER BY 1
       ) x`,
      [prefix, key.purpose, key.currency, owners],
    );
    await tx.query(
      `INSERT INTO ledger_accounts (merchant_id, id, shard, owner_kind, owner_id, purpose, currency, allow_negative,
         shard_count)
       SELECT $1, nextval('ledger_account_id_seq'), 0, $2, o.id, $3, $4, false, 1
       FROM (SELECT DISTINCT unnest($5::bigint[]) AS id) o
       WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.merchant_id = $1 AND a.owner_kind = $2
         AND a.owner_id = o.id AND a.purpose = $3 AND a.currency = $4 AND a.shard = 0)`,
      [key.merchantId, key.ownerKind, key.purpose, key.currency, owners],
    );
    return ledgerRepository.ownedAccountIds(tx, key, ownerIds);
  },

  /** The ids of the owners' accounts of one purpose and currency that exist: owner id (decimal) → account id. */
  ownedAccountIds: async (
    db: Queryable,
    key: Omit<AccountKey, 'ownerId'>,
    ownerIds: readonly bigint[],
  ): Promise<Map<string, bigint>> => {
    const { rows } = await db.query<{ owner_id: string; id: bigint }>(
      `SELECT owner_id::text, id FROM ledger_accounts WHERE merchant_id = $1 AND owner_kind = $2
         AND owner_id = ANY($3::bigint[]) AND purpose = $4 AND currency = $5 AND shard = 0`,
      [key.merchantId, key.ownerKind, ownerIds.map(String), key.purpose, key.currency],
    );
    return new Map(rows.map((row) => [row.owner_id, BigInt(row.id)]));
  },

  findAccount: async (db: Queryable, key: AccountKey): Promise<Account | null> => {
    const { rows } = await db.query<AccountRow>(
      `${ACCOUNT_SELECT} WHERE a.merchant_id = $1 AND a.owner_kind = $2 AND a.owner_id = $3 AND a.purpose = $4
         AND a.currency = $5 AND a.shard = 0`,
      [key.merchantId, key.ownerKind, key.ownerId, key.purpose, key.currency],
    );
    return rows[0] === undefined ? null : toAccount(rows[0]);
  },

  /** Every account of one owner (shard 0 rows, by the unique key's prefix), at most `limit`, by purpose. */
  listOwnerAccounts: async (
    db: Queryable,
    merchantId: number,
    ownerKind: OwnerKind,
    ownerId: bigint,
    limit: number,
  ): Promise<Account[]> => {
    const { rows } = await db.query<AccountRow>(
      `${ACCOUNT_SELECT} WHERE a.merchant_id = $1 AND a.owner_kind = $2 AND a.owner_id = $3 AND a.shard = 0
       ORDER BY a.purpose, a.currency LIMIT $4`,
      [merchantId, ownerKind, ownerId, limit],
    );
    return rows.map(toAccount);
  },

  getAccount: async (db: Queryable, merchantId: number, accountId: bigint): Promise<Account | null> => {
    const { rows } = await db.query<AccountRow>(
      `${ACCOUNT_SELECT} WHERE a.merchant_id = $1 AND a.id = $2 AND a.shard = 0`,
      [merchantId, accountId],
    );
    return rows[0] === undefined ? null : toAccount(rows[0]);
  },

  /** Whether a post exists under (merchant, source, key): one probe of the unique index (0003). */
  isPosted: async (db: Queryable, merchantId: number, source: string, key: string): Promise<boolean> => {
    const { rows } = await db.query(
      'SELECT 1 FROM ledger_transfers WHERE merchant_id = $1 AND source = $2 AND idempotency_key = $3 LIMIT 1',
      [merchantId, source, key],
    );
    return rows.length > 0;
  },

  getTransfer: async (db: Queryable, merchantId: number, transferId: bigint): Promise<Transfer | null> => {
    const { rows } = await db.query<TransferRow>(
      `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE merchant_id = $1 AND id = $2`,
      [merchantId, transferId],
    );
    return rows[0] === undefined ? null : toTransfer(rows[0]);
  },

  /**
   * An account's transfers on both sides, newest first by (created_at, id), before the cursor transfer (keyset paging:
   * each side is one backward range scan of ledger_transfers_<side>_time_idx (0007) of at most `limit` rows, whatever
   * the account's history).
   */
  listTransfers: async (
    db: Queryable,
    merchantId: number,
    accountId: bigint,
    beforeId: bigint | null,
    limit: number,
  ): Promise<Transfer[]> => {
    const side = (column: string) =>
      `(SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers
         WHERE merchant_id = $1 AND ${column} = $2
           AND ($3::bigint IS NULL OR (created_at, id) < (SELECT c.created_at, c.id FROM ledger_transfers c
                                                          WHERE c.merchant_id = $1 AND c.id = $3::bigint))
         ORDER BY created_at DESC, id DESC LIMIT $4)`;
    const { rows } = await db.query<TransferRow>(
      `SELECT * FROM (${side('debit_account_id')} UNION ALL ${side('credit_account_id')}) t
       ORDER BY created_at DESC, id DESC LIMIT $4`,
      [merchantId, accountId, beforeId, limit],
    );
    return rows.map(toTransfer);
  },
};
