import type { Database, Queryable } from '../../../db/database';

/**
 * The invariants of DESIGN.md §5, checked from the tables themselves. Used by the tests after every operation
 * sequence and by the scheduled audit job. Read-only, so running it twice or on two nodes at once is harmless.
 */
export type LedgerViolation =
  | { kind: 'CURRENCY_NOT_ZERO_SUM'; merchantId: number; currency: string; sumMinor: bigint }
  | {
      kind: 'BALANCE_NOT_SUM_OF_TRANSFERS';
      merchantId: number;
      accountId: bigint;
      shard: number;
      balanceMinor: bigint;
      transfersMinor: bigint;
    }
  | {
      kind: 'BALANCE_AFTER_WRONG';
      merchantId: number;
      transferId: bigint;
      accountId: bigint;
      recordedMinor: bigint;
      expectedMinor: bigint;
    }
  | { kind: 'OWNED_ACCOUNT_NEGATIVE'; merchantId: number; accountId: bigint; balanceMinor: bigint }
  | { kind: 'KEY_APPLIED_TWICE'; merchantId: number; source: string; key: string; detail: string }
  | { kind: 'SHARDS_INCONSISTENT'; merchantId: number; accountId: bigint }
  | { kind: 'REVERSAL_MISMATCH'; merchantId: number; transferId: bigint; reversesTransferId: bigint };

/** Each check reports at most this many rows: a broken ledger must not flood the log or the heap. */
export const AUDIT_MAX_ROWS_PER_CHECK = 100;

const byMerchant = (column: string) => `($1::integer IS NULL OR ${column} = $1::integer)`;

/** Every movement seen from the row it touched: credits add, debits subtract (the balance sign convention). */
const FLOWS = `
  SELECT merchant_id, id AS transfer_id, credit_account_id AS account_id, credit_shard AS shard,
         amount_minor AS delta, credit_balance_after AS balance_after
    FROM ledger_transfers WHERE ${byMerchant('merchant_id')}
  UNION ALL
  SELECT merchant_id, id, debit_account_id, debit_shard, -amount_minor, debit_balance_after
    FROM ledger_transfers WHERE ${byMerchant('merchant_id')}`;

const checks: ((tx: Queryable, merchantId: number | null) => Promise<LedgerViolation[]>)[] = [
  async (tx, merchantId) => {
    const { rows } = await tx.query<{ merchant_id: number; currency: string; total: bigint }>(
      `SELECT merchant_id, currency, sum(balance_minor)::bigint AS total FROM ledger_accounts
        WHERE ${byMerchant('merchant_id')} GROUP BY merchant_id, currency HAVING sum(balance_minor) <> 0
        LIMIT ${AUDIT_MAX_ROWS_PER_CHECK}`,
      [merchantId],
    );
    return rows.map((r) => ({
      kind: 'CURRENCY_NOT_ZERO_SUM',
      merchantId: r.merchant_id,
      currency: r.currency,
      sumMinor: r.total,
    }));
  },
  async (tx, merchantId) => {
    const { rows } = await tx.query<{
      merchant_id: number;
      id: bigint;
      shard: number;
      balance_minor: bigint;
      total: bigint;
    }>(
      `SELECT a.merchant_id, a.id, a.shard, a.balance_minor, coalesce(f.total, 0)::bigint AS total
         FROM ledger_accounts a
         LEFT JOIN (SELECT merchant_id, account_id, shard, sum(delta) AS total FROM (${FLOWS}) x
                     GROUP BY merchant_id, account_id, shard) f
           ON f.merchant_id = a.merchant_id AND f.account_id = a.id AND f.shard = a.shard
        WHERE ${byMerchant('a.merchant_id')} AND a.balance_minor <> coalesce(f.total, 0)
        LIMIT ${AUDIT_MAX_ROWS_PER_CHECK}`,
      [merchantId],
    );
    return rows.map((r) => ({
      kind: 'BALANCE_NOT_SUM_OF_TRANSFERS',
      merchantId: r.merchant_id,
      accountId: r.id,
      shard: r.shard,
      balanceMinor: r.balance_minor,
      transfersMinor: r.total,
    }));
  },
  // The balance after recorded on each side equals the running sum of that row's transfers in id order, which is
  // the order they were applied in (ids are taken under the row locks, 0003_ledger.sql).
  async (tx, merchantId) => {
    const { rows } = await tx.query<{
      merchant_id: number;
      transfer_id: bigint;
      account_id: bigint;
      balance_after: bigint;
      running: bigint;
    }>(
      `SELECT merchant_id, transfer_id, account_id, balance_after, running FROM (
         SELECT merchant_id, transfer_id, account_id, balance_after,
                (sum(delta) OVER (PARTITION BY merchant_id, account_id, shard ORDER BY transfer_id))::bigint AS running
           FROM (${FLOWS}) x) y
        WHERE balance_after <> running LIMIT ${AUDIT_MAX_ROWS_PER_CHECK}`,
      [merchantId],
    );
    return rows.map((r) => ({
      kind: 'BALANCE_AFTER_WRONG',
      merchantId: r.merchant_id,
      transferId: r.transfer_id,
      accountId: r.account_id,
      recordedMinor: r.balance_after,
      expectedMinor: r.running,
    }));
  },
  async (tx, merchantId) => {
    const { rows } = await tx.query<{ merchant_id: number; id: bigint; balance_minor: bigint }>(
      `SELECT merchant_id, id, balance_minor FROM ledger_accounts
        WHERE ${byMerchant('merchant_id')} AND NOT allow_negative AND balance_minor < 0
        LIMIT ${AUDIT_MAX_ROWS_PER_CHECK}`,
      [merchantId],
    );
    return rows.map((r) => ({
      kind: 'OWNED_ACCOUNT_NEGATIVE',
      merchantId: r.merchant_id,
      accountId: r.id,
      balanceMinor: r.balance_minor,
    }));
  },
  // A key is applied once: its legs are 0..n-1 exactly once each, all with one request hash.
  async (tx, merchantId) => {
    const { rows } = await tx.query<{ merchant_id: number; source: string; idempotency_key: string; detail: string }>(
      `SELECT merchant_id, source, idempotency_key,
              'legs ' || count(*) || ', distinct legs ' || count(DISTINCT leg) || ', max leg ' || max(leg)
                || ', hashes ' || count(DISTINCT request_hash) AS detail
         FROM ledger_transfers WHERE ${byMerchant('merchant_id')}
        GROUP BY merchant_id, source, idempotency_key
       HAVING count(*) <> count(DISTINCT leg) OR max(leg) + 1 <> count(*) OR count(DISTINCT request_hash) <> 1
        LIMIT ${AUDIT_MAX_ROWS_PER_CHECK}`,
      [merchantId],
    );
    return rows.map((r) => ({
      kind: 'KEY_APPLIED_TWICE',
      merchantId: r.merchant_id,
      source: r.source,
      key: r.idempotency_key,
      detail: r.detail,
    }));
  },
  async (tx, merchantId) => {
    const { rows } = await tx.query<{ merchant_id: number; id: bigint }>(
      `SELECT merchant_id, id FROM ledger_accounts WHERE ${byMerchant('merchant_id')}
        GROUP BY merchant_id, id
       HAVING count(DISTINCT (owner_kind, owner_id, purpose, currency, allow_negative, shard_count)) <> 1
           OR count(*) <> max(shard_count) OR count(DISTINCT shard) <> count(*)
        LIMIT ${AUDIT_MAX_ROWS_PER_CHECK}`,
      [merchantId],
    );
    return rows.map((r) => ({ kind: 'SHARDS_INCONSISTENT', merchantId: r.merchant_id, accountId: r.id }));
  },
  async (tx, merchantId) => {
    const { rows } = await tx.query<{ merchant_id: number; id: bigint; reverses_transfer_id: bigint }>(
      `SELECT c.merchant_id, c.id, c.reverses_transfer_id FROM ledger_transfers c
         JOIN ledger_transfers o ON o.merchant_id = c.merchant_id AND o.id = c.reverses_transfer_id
        WHERE ${byMerchant('c.merchant_id')} AND c.reverses_transfer_id IS NOT NULL
          AND (c.debit_account_id <> o.credit_account_id OR c.credit_account_id <> o.debit_account_id
               OR c.amount_minor <> o.amount_minor)
        LIMIT ${AUDIT_MAX_ROWS_PER_CHECK}`,
      [merchantId],
    );
    return rows.map((r) => ({
      kind: 'REVERSAL_MISMATCH',
      merchantId: r.merchant_id,
      transferId: r.id,
      reversesTransferId: r.reverses_transfer_id,
    }));
  },
];

/**
 * Every violation of the ledger's invariants, for one merchant or all; empty when the ledger is sound. All checks
 * read one snapshot (REPEATABLE READ), so posts committing meanwhile cannot make a sound ledger look broken.
 */
export const auditLedger = (db: Database, merchantId?: number): Promise<LedgerViolation[]> =>
  db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const violations: LedgerViolation[] = [];
    for (const check of checks) violations.push(...(await check(tx, merchantId ?? null)));
    return violations;
  });
