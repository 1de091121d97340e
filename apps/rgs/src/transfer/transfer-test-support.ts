import type { TransferProtocolOp } from '@platform/contracts';
import type { Database } from '../db/database';
import { signSeamless } from '../platform/seamless-client';
import { TEST_SECRET, type Harness } from '../test/harness';

export type ProtocolAnswer<T = Record<string, unknown>> = {
  status: number;
  body: { success: boolean; value: T; code?: string; message?: string };
  headers: Record<string, unknown>;
};

export type SignOptions = {
  merchant?: string;
  vendor?: string;
  secret?: string;
  timestampMs?: number;
  /** Sent as the body instead of the JSON of `body` (signed as sent unless `signature` is given). */
  rawBody?: string;
  signature?: string;
};

/** The platform's side of the transfer protocol, as its client signs (X-Signature over `${timestamp}.${rawBody}`). */
export const protocolCaller =
  (h: Pick<Harness, 'rgs' | 'now'>) =>
  async <T = Record<string, unknown>>(
    op: TransferProtocolOp | string,
    body: unknown,
    options: SignOptions = {},
  ): Promise<ProtocolAnswer<T>> => {
    const raw = options.rawBody ?? JSON.stringify(body);
    const timestamp = String(options.timestampMs ?? h.now());
    const response = await h.rgs.inject({
      method: 'POST',
      url: `/rgs/v1/transfer/${op}`,
      headers: {
        'content-type': 'application/json',
        'x-merchant': options.merchant ?? 'demo',
        'x-vendor': options.vendor ?? 'RGS',
        'x-timestamp': timestamp,
        'x-signature': options.signature ?? signSeamless(options.secret ?? TEST_SECRET, timestamp, raw),
      },
      payload: raw,
    });
    return {
      status: response.statusCode,
      body: response.json() as ProtocolAnswer<T>['body'],
      headers: response.headers,
    };
  };

let orderSeq = 0;
/** An order number as the platform makes them (`^[A-Z0-9]{1,40}$`), unique in the run. */
export const orderNo = (): string => {
  orderSeq += 1;
  return `VT${Date.now().toString(36).toUpperCase()}${process.pid}N${orderSeq}`;
};

/**
 * Every wallet of the operator agrees with its journal (balance = IN + WIN + REFUND - OUT - BET) and none is below
 * zero: the invariants of 0002_transfer_wallet.sql.
 */
export const walletsMismatchingJournal = async (db: Database, operator: string) =>
  (
    await db.query<{ player_id: string }>(
      `SELECT w.player_id FROM wallets w
       LEFT JOIN (SELECT operator, player_id, currency,
                    sum(CASE WHEN kind IN ('OUT', 'BET') THEN -amount_minor ELSE amount_minor END) AS total
                  FROM wallet_entries GROUP BY operator, player_id, currency) e
         ON e.operator = w.operator AND e.player_id = w.player_id AND e.currency = w.currency
       WHERE w.operator = $1 AND (w.balance_minor <> coalesce(e.total, 0) OR w.balance_minor < 0)`,
      [operator],
    )
  ).rows.map((row) => row.player_id);
