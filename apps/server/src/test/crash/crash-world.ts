import type { Database } from '../../db/database';
import { VENDOR } from './crash-fixture';

/** What the crash test reads back from the database after the load (issue 4): the merchant's money and orders. */
export type LedgerRow = {
  source: string;
  key: string;
  id: string;
  code: string;
  debit: bigint;
  credit: bigint;
  amount: bigint;
  debitAfter: bigint;
  creditAfter: bigint;
};
export type VendorTx = { kind: string; round: string; amount: bigint; status: string; balanceAfter: bigint | null };
export type DepositOrder = {
  orderNo: string;
  memberId: bigint;
  requestId: string;
  amount: bigint;
  status: string;
  transferId: string | null;
};
export type WithdrawOrder = {
  orderNo: string;
  memberId: bigint;
  requestId: string;
  amount: bigint;
  status: string;
  holdTransferId: string | null;
};

export type World = {
  /** Ledger rows by `source|key`. */
  rows: Map<string, LedgerRow[]>;
  /** Member accounts by `memberId:purpose`, with their balance (all shards). */
  accounts: Map<string, { id: bigint; balance: bigint }>;
  cashier: bigint | undefined;
  vendorTx: Map<string, VendorTx>;
  deposits: DepositOrder[];
  withdrawals: WithdrawOrder[];
};

export const SEAMLESS = `seamless:${VENDOR}`;
export const rowKey = (source: string, key: string) => `${source}|${key}`;

export const readWorld = async (db: Database, merchantId: number): Promise<World> => {
  const [transfers, accounts, vendorTx, deposits, withdrawals] = await Promise.all([
    db.query<LedgerRow>(
      `SELECT source, idempotency_key AS key, id::text AS id, code, debit_account_id AS debit,
         credit_account_id AS credit, amount_minor AS amount, debit_balance_after AS "debitAfter",
         credit_balance_after AS "creditAfter"
       FROM ledger_transfers WHERE merchant_id = $1`,
      [merchantId],
    ),
    db.query<{ owner_kind: string; owner_id: bigint; purpose: string; id: bigint; balance: bigint }>(
      `SELECT owner_kind, owner_id, purpose, id, sum(balance_minor)::bigint AS balance FROM ledger_accounts
        WHERE merchant_id = $1 GROUP BY owner_kind, owner_id, purpose, id`,
      [merchantId],
    ),
    db.query<VendorTx & { tx: string }>(
      `SELECT transaction_id AS tx, kind, round_id AS round, amount_minor AS amount, status,
         balance_after_minor AS "balanceAfter"
       FROM vendor_transactions WHERE merchant_id = $1 AND vendor_code = $2`,
      [merchantId, VENDOR],
    ),
    db.query<DepositOrder>(
      `SELECT order_no AS "orderNo", member_id AS "memberId", request_id AS "requestId", amount_minor AS amount, status,
         transfer_id::text AS "transferId"
       FROM deposit_orders WHERE merchant_id = $1`,
      [merchantId],
    ),
    db.query<WithdrawOrder>(
      `SELECT order_no AS "orderNo", member_id AS "memberId", request_id AS "requestId", amount_minor AS amount, status,
         hold_transfer_id::text AS "holdTransferId"
       FROM withdraw_orders WHERE merchant_id = $1`,
      [merchantId],
    ),
  ]);
  const rows = new Map<string, LedgerRow[]>();
  for (const row of transfers.rows) {
    const key = rowKey(row.source, row.key);
    rows.set(key, [...(rows.get(key) ?? []), row]);
  }
  const members = new Map<string, { id: bigint; balance: bigint }>();
  let cashier: bigint | undefined;
  for (const row of accounts.rows) {
    if (row.owner_kind === 'MEMBER')
      members.set(`${row.owner_id}:${row.purpose}`, { id: row.id, balance: row.balance });
    if (row.owner_kind === 'MERCHANT' && row.purpose === 'CASHIER') cashier = row.id;
  }
  return {
    rows,
    accounts: members,
    cashier,
    vendorTx: new Map(vendorTx.rows.map(({ tx, ...row }) => [tx, row])),
    deposits: deposits.rows,
    withdrawals: withdrawals.rows,
  };
};
