import type { Queryable } from '../../../db/database';
import type { TransferDirection } from './transfer-adapter';

export type OrderStatus = 'PENDING' | 'SUCCESS' | 'FAILED';
export type OrderStage = 'CREATED' | 'HELD' | 'SENT';

export type TransferVendor = { vendorCode: string; adapter: string; name: string };

export type VendorTransferRow = {
  merchantId: number;
  orderNo: string;
  memberId: bigint;
  vendorCode: string;
  direction: TransferDirection;
  amountMinor: bigint;
  currency: string;
  requestId: string;
  status: OrderStatus;
  stage: OrderStage;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  settledAt: Date | null;
};

const columns = (t = '') =>
  `${t}merchant_id AS "merchantId", ${t}order_no AS "orderNo", ${t}member_id AS "memberId",
  ${t}vendor_code AS "vendorCode", ${t}direction, ${t}amount_minor AS "amountMinor", ${t}currency,
  ${t}request_id AS "requestId", ${t}status, ${t}stage, ${t}attempts, ${t}last_error AS "lastError",
  ${t}created_at AS "createdAt", ${t}settled_at AS "settledAt"`;
const COLUMNS = columns();

/** Both engines may hand timestamps back as strings in some paths; the service works with Dates. */
const toRow = (row: VendorTransferRow): VendorTransferRow => ({
  ...row,
  createdAt: new Date(row.createdAt),
  settledAt: row.settledAt === null ? null : new Date(row.settledAt),
});

export type NewOrder = Omit<
  VendorTransferRow,
  'status' | 'stage' | 'attempts' | 'lastError' | 'settledAt' | 'createdAt'
> & {
  createdAt: Date;
  firstCheckAt: Date;
};

/** SQL of the transfer wallet (0008_vendor_transfers.sql). Every write is conditional on the order's status. */
export const vendorTransferRepository = {
  vendors: async (db: Queryable, merchantId: number): Promise<TransferVendor[]> =>
    (
      await db.query<TransferVendor>(
        `SELECT vendor_code AS "vendorCode", adapter, name FROM merchant_transfer_vendors
         WHERE merchant_id = $1 AND enabled ORDER BY sort_order, vendor_code LIMIT 100`,
        [merchantId],
      )
    ).rows,

  /** The vendor's server API from the catalogue (vendor_directory.api_url), or null when it has none. */
  apiUrl: async (db: Queryable, merchantId: number, vendorCode: string): Promise<string | null> =>
    (
      await db.query<{ apiUrl: string | null }>(
        'SELECT api_url AS "apiUrl" FROM vendor_directory WHERE merchant_id = $1 AND code = $2',
        [merchantId, vendorCode],
      )
    ).rows[0]?.apiUrl ?? null,

  /** Inserts the order, or returns undefined when this member already used the request id. */
  insert: async (db: Queryable, order: NewOrder): Promise<VendorTransferRow | undefined> => {
    const { rows } = await db.query<VendorTransferRow>(
      `INSERT INTO vendor_transfers (merchant_id, order_no, member_id, vendor_code, direction, amount_minor, currency,
         request_id, status, stage, next_check_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'PENDING', 'CREATED', $9, $10)
       ON CONFLICT (merchant_id, member_id, request_id) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        order.merchantId,
        order.orderNo,
        order.memberId,
        order.vendorCode,
        order.direction,
        order.amountMinor,
        order.currency,
        order.requestId,
        order.firstCheckAt,
        order.createdAt,
      ],
    );
    return rows[0] === undefined ? undefined : toRow(rows[0]);
  },

  byRequestId: async (db: Queryable, merchantId: number, memberId: bigint, requestId: string) => {
    const { rows } = await db.query<VendorTransferRow>(
      `SELECT ${COLUMNS} FROM vendor_transfers WHERE merchant_id = $1 AND member_id = $2 AND request_id = $3`,
      [merchantId, memberId, requestId],
    );
    return rows[0] === undefined ? undefined : toRow(rows[0]);
  },

  byOrderNo: async (db: Queryable, merchantId: number, orderNo: string) => {
    const { rows } = await db.query<VendorTransferRow>(
      `SELECT ${COLUMNS} FROM vendor_transfers WHERE merchant_id = $1 AND order_no = $2`,
      [merchantId, orderNo],
    );
    return rows[0] === undefined ? undefined : toRow(rows[0]);
  },

  /** Records that the money left CASH (IN). Only moves forward. */
  markHeld: async (db: Queryable, merchantId: number, orderNo: string): Promise<void> => {
    await db.query(
      `UPDATE vendor_transfers SET stage = 'HELD'
       WHERE merchant_id = $1 AND order_no = $2 AND status = 'PENDING' AND stage = 'CREATED'`,
      [merchantId, orderNo],
    );
  },

  /**
   * Claims the right to call the vendor: only while nobody else touched the order (attempts = 0: reconciliation has
   * not claimed it) and while the call would end before reconciliation may look at it (next_check_at). Returns
   * whether the caller may call the vendor.
   */
  markSent: async (db: Queryable, merchantId: number, orderNo: string, callEndsAt: Date): Promise<boolean> =>
    (
      await db.query(
        `UPDATE vendor_transfers SET stage = 'SENT'
         WHERE merchant_id = $1 AND order_no = $2 AND status = 'PENDING' AND stage <> 'SENT' AND attempts = 0
           AND next_check_at > $3
         RETURNING 1`,
        [merchantId, orderNo, callEndsAt],
      )
    ).rows.length > 0,

  /** PENDING → SUCCESS or FAILED, once: returns false when the order was already settled. */
  settle: async (
    db: Queryable,
    merchantId: number,
    orderNo: string,
    status: 'SUCCESS' | 'FAILED',
    reason: string | null,
    at: Date,
  ): Promise<boolean> =>
    (
      await db.query(
        `UPDATE vendor_transfers SET status = $3, last_error = COALESCE($4, last_error), settled_at = $5
         WHERE merchant_id = $1 AND order_no = $2 AND status = 'PENDING' RETURNING 1`,
        [merchantId, orderNo, status, reason, at],
      )
    ).rows.length > 0,

  noteError: async (db: Queryable, merchantId: number, orderNo: string, error: string): Promise<void> => {
    await db.query(
      `UPDATE vendor_transfers SET last_error = $3 WHERE merchant_id = $1 AND order_no = $2 AND status = 'PENDING'`,
      [merchantId, orderNo, error.slice(0, 200)],
    );
  },

  /**
   * Claims up to `limit` due PENDING orders for one reconciliation pass: moves each one's next check into the future
   * (the backoff) and counts the attempt, in one statement. SKIP LOCKED makes concurrent runners (two nodes) claim
   * disjoint sets; the money steps are idempotent by order number anyway, so even a double settle pays once.
   */
  claimDue: async (db: Queryable, now: Date, limit: number, backoffBaseMs: number, backoffMaxMs: number) => {
    const { rows } = await db.query<VendorTransferRow>(
      `UPDATE vendor_transfers v
       SET attempts = v.attempts + 1,
           next_check_at = $1::timestamptz
             + make_interval(secs => LEAST($4::float8, $3::float8 * power(2, LEAST(v.attempts, 20))) / 1000)
       FROM (SELECT merchant_id, order_no FROM vendor_transfers
             WHERE status = 'PENDING' AND next_check_at <= $1
             ORDER BY next_check_at LIMIT $2 FOR UPDATE SKIP LOCKED) due
       WHERE v.merchant_id = due.merchant_id AND v.order_no = due.order_no AND v.status = 'PENDING'
       RETURNING ${columns('v.')}`,
      [now, limit, backoffBaseMs, backoffMaxMs],
    );
    return rows.map(toRow);
  },

  pendingVendors: async (db: Queryable, merchantId: number, memberId: bigint): Promise<Set<string>> => {
    const { rows } = await db.query<{ vendorCode: string }>(
      `SELECT vendor_code AS "vendorCode" FROM vendor_transfers
       WHERE merchant_id = $1 AND member_id = $2 AND status = 'PENDING' LIMIT 100`,
      [merchantId, memberId],
    );
    return new Set(rows.map((row) => row.vendorCode));
  },

  list: async (
    db: Queryable,
    merchantId: number,
    status: OrderStatus | undefined,
    offset: number,
    limit: number,
  ): Promise<(VendorTransferRow & { username: string })[]> => {
    const { rows } = await db.query<VendorTransferRow & { username: string }>(
      `SELECT ${columns('v.')}, m.username
       FROM vendor_transfers v JOIN member_directory m ON m.merchant_id = v.merchant_id AND m.id = v.member_id
       WHERE v.merchant_id = $1 AND ($2::text IS NULL OR v.status = $2)
       ORDER BY v.created_at DESC, v.order_no DESC OFFSET $3 LIMIT $4`,
      [merchantId, status ?? null, offset, limit],
    );
    return rows.map((row) => ({ ...toRow(row), username: row.username }));
  },
};
