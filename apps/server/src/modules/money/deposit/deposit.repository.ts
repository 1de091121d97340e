import type { DepositChannelKind, DepositOrderStatus } from '@platform/contracts';
import type { Queryable } from '../../../db/database';

export type ChannelRow = {
  merchantId: number;
  id: bigint;
  code: string;
  kind: DepositChannelKind;
  gatewayCode: string | null;
  displayName: string;
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  enabled: boolean;
  bankName: string | null;
  bankAccountName: string | null;
  bankAccountNumber: string | null;
  expiryMinutes: number;
};

export type OrderRow = {
  merchantId: number;
  id: bigint;
  orderNo: string;
  memberId: bigint;
  username: string;
  channelId: bigint;
  requestId: string;
  amountMinor: bigint;
  currency: string;
  status: DepositOrderStatus;
  gatewayCode: string | null;
  gatewayOrderId: string | null;
  paymentUrl: string | null;
  createdAt: Date;
  expiresAt: Date;
  paidAt: Date | null;
  decidedAt: Date | null;
  decidedBy: string | null;
  reason: string | null;
  transferId: bigint | null;
  /** The deposit bonus the member opted into, paid when the order is credited. */
  promotionId: bigint | null;
  channelName: string;
  kind: DepositChannelKind;
  bankName: string | null;
  bankAccountName: string | null;
  bankAccountNumber: string | null;
};

export type NewOrder = {
  merchantId: number;
  orderNo: string;
  memberId: bigint;
  channelId: bigint;
  requestId: string;
  amountMinor: bigint;
  currency: string;
  gatewayCode: string | null;
  createdAt: Date;
  expiresAt: Date;
  promotionId: bigint | null;
};

const CHANNEL_COLUMNS = `merchant_id AS "merchantId", id, code, kind, gateway_code AS "gatewayCode",
  display_name AS "displayName", min_amount_minor AS "minAmountMinor", max_amount_minor AS "maxAmountMinor", enabled,
  bank_name AS "bankName", bank_account_name AS "bankAccountName", bank_account_number AS "bankAccountNumber",
  expiry_minutes AS "expiryMinutes"`;

const ORDER_SELECT = `SELECT o.merchant_id AS "merchantId", o.id, o.order_no AS "orderNo", o.member_id AS "memberId",
    m.username, o.channel_id AS "channelId", o.request_id AS "requestId", o.amount_minor AS "amountMinor", o.currency,
    o.status, o.gateway_code AS "gatewayCode", o.gateway_order_id AS "gatewayOrderId", o.payment_url AS "paymentUrl",
    o.created_at AS "createdAt", o.expires_at AS "expiresAt", o.paid_at AS "paidAt", o.decided_at AS "decidedAt",
    o.decided_by AS "decidedBy", o.reason, o.transfer_id AS "transferId", o.promotion_id AS "promotionId", c.display_name AS "channelName", c.kind,
    c.bank_name AS "bankName", c.bank_account_name AS "bankAccountName", c.bank_account_number AS "bankAccountNumber"
  FROM deposit_orders o
  JOIN deposit_channels c ON c.merchant_id = o.merchant_id AND c.id = o.channel_id
  JOIN member_directory m ON m.merchant_id = o.merchant_id AND m.id = o.member_id`;

/** The staff queue's filters (amounts in minor units, days of the merchant's time zone, both included). */
export type OpsDepositFilter = {
  status?: DepositOrderStatus;
  memberId?: bigint;
  orderNo?: string;
  channelId?: bigint;
  minAmountMinor?: bigint;
  maxAmountMinor?: bigint;
  fromDay?: string;
  toDay?: string;
};

/** Counting stops here: a page count above it is shown as this many pages' worth (bounded work). */
const COUNT_CAP = 10_000;

/** SQL only (STYLE.md §3); every query is by merchant first. */
export const depositRepository = (db: Queryable) => {
  const oneOrder = async (where: string, params: unknown[]): Promise<OrderRow | undefined> =>
    (await db.query<OrderRow>(`${ORDER_SELECT} WHERE ${where}`, params)).rows[0];

  const page = async (
    where: string,
    params: unknown[],
    order: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: OrderRow[]; total: number }> => {
    const n = params.length;
    const [rows, count] = await Promise.all([
      db.query<OrderRow>(`${ORDER_SELECT} WHERE ${where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`, [
        ...params,
        limit,
        offset,
      ]),
      db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM (SELECT 1 FROM deposit_orders o WHERE ${where} LIMIT ${COUNT_CAP}) capped`,
        params,
      ),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
  };

  return {
    enabledChannels: async (merchantId: number): Promise<ChannelRow[]> =>
      (
        await db.query<ChannelRow>(
          `SELECT ${CHANNEL_COLUMNS} FROM deposit_channels WHERE merchant_id = $1 AND enabled ORDER BY sort, id LIMIT 50`,
          [merchantId],
        )
      ).rows,

    channel: async (merchantId: number, id: bigint): Promise<ChannelRow | undefined> =>
      (
        await db.query<ChannelRow>(
          `SELECT ${CHANNEL_COLUMNS} FROM deposit_channels WHERE merchant_id = $1 AND id = $2`,
          [merchantId, id],
        )
      ).rows[0],

    /** Inserts the order unless the member already used the request id; undefined then. */
    insertOrder: async (order: NewOrder): Promise<bigint | undefined> =>
      (
        await db.query<{ id: bigint }>(
          `INSERT INTO deposit_orders (merchant_id, order_no, member_id, channel_id, request_id, amount_minor, currency,
             gateway_code, created_at, expires_at, promotion_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
           ON CONFLICT (merchant_id, member_id, request_id) DO NOTHING RETURNING id`,
          [
            order.merchantId,
            order.orderNo,
            order.memberId,
            order.channelId,
            order.requestId,
            order.amountMinor,
            order.currency,
            order.gatewayCode,
            order.createdAt.toISOString(),
            order.expiresAt.toISOString(),
            order.promotionId,
          ],
        )
      ).rows[0]?.id,

    byId: (merchantId: number, id: bigint) => oneOrder('o.merchant_id = $1 AND o.id = $2', [merchantId, id]),
    byOrderNo: (merchantId: number, orderNo: string) =>
      oneOrder('o.merchant_id = $1 AND o.order_no = $2', [merchantId, orderNo]),
    byRequestId: (merchantId: number, memberId: bigint, requestId: string) =>
      oneOrder('o.merchant_id = $1 AND o.member_id = $2 AND o.request_id = $3', [merchantId, memberId, requestId]),
    byGatewayOrder: (merchantId: number, gatewayCode: string, gatewayOrderId: string) =>
      oneOrder('o.merchant_id = $1 AND o.gateway_code = $2 AND o.gateway_order_id = $3', [
        merchantId,
        gatewayCode,
        gatewayOrderId,
      ]),

    attachPayment: (merchantId: number, id: bigint, gatewayOrderId: string, paymentUrl: string) =>
      db.query(
        `UPDATE deposit_orders SET gateway_order_id = $3, payment_url = $4
         WHERE merchant_id = $1 AND id = $2 AND gateway_order_id IS NULL`,
        [merchantId, id, gatewayOrderId, paymentUrl],
      ),

    /** PENDING → `to`, once: whoever changes the row first wins; false when it was not PENDING (or `from`). */
    transition: async (
      merchantId: number,
      id: bigint,
      from: readonly DepositOrderStatus[],
      to: DepositOrderStatus,
      fields: { atIso: string; decidedBy?: string; reason?: string },
    ): Promise<boolean> => {
      const paid = to === 'PAID';
      const { rows } = await db.query(
        `UPDATE deposit_orders
         SET status = $4,
             paid_at = CASE WHEN $5::boolean THEN $6::timestamptz ELSE paid_at END,
             decided_at = CASE WHEN $5::boolean THEN decided_at ELSE $6::timestamptz END,
             decided_by = $7, reason = $8
         WHERE merchant_id = $1 AND id = $2 AND status = ANY($3::text[]) RETURNING 1`,
        [merchantId, id, from, to, paid, fields.atIso, fields.decidedBy ?? null, fields.reason ?? null],
      );
      return rows.length > 0;
    },

    setTransfer: (merchantId: number, id: bigint, transferId: bigint) =>
      db.query(
        'UPDATE deposit_orders SET transfer_id = $3 WHERE merchant_id = $1 AND id = $2 AND transfer_id IS NULL',
        [merchantId, id, transferId],
      ),

    memberPage: (
      merchantId: number,
      memberId: bigint,
      status: DepositOrderStatus | undefined,
      limit: number,
      offset: number,
    ) =>
      page(
        'o.merchant_id = $1 AND o.member_id = $2 AND ($3::text IS NULL OR o.status = $3)',
        [merchantId, memberId, status ?? null],
        'o.created_at DESC, o.id DESC',
        limit,
        offset,
      ),

    /** The staff queue, oldest first; every filter is optional and they combine with AND. */
    opsPage: (merchantId: number, filter: OpsDepositFilter, limit: number, offset: number) =>
      page(
        `o.merchant_id = $1 AND ($2::text IS NULL OR o.status = $2) AND ($3::bigint IS NULL OR o.member_id = $3)
         AND ($4::text IS NULL OR o.order_no = $4) AND ($5::bigint IS NULL OR o.channel_id = $5)
         AND ($6::bigint IS NULL OR o.amount_minor >= $6) AND ($7::bigint IS NULL OR o.amount_minor <= $7)
         AND ($8::date IS NULL OR o.created_at >=
           ($8::date::timestamp AT TIME ZONE (SELECT mt.timezone FROM merchant_directory mt WHERE mt.id = $1)))
         AND ($9::date IS NULL OR o.created_at <
           (($9::date + 1)::timestamp AT TIME ZONE (SELECT mt.timezone FROM merchant_directory mt WHERE mt.id = $1)))`,
        [
          merchantId,
          filter.status ?? null,
          filter.memberId ?? null,
          filter.orderNo ?? null,
          filter.channelId ?? null,
          filter.minAmountMinor ?? null,
          filter.maxAmountMinor ?? null,
          filter.fromDay ?? null,
          filter.toDay ?? null,
        ],
        'o.created_at, o.id',
        limit,
        offset,
      ),

    /** PENDING orders past their expiry become EXPIRED, at most `batch` per call. Returns how many. */
    expire: async (nowIso: string, batch: number): Promise<number> =>
      (
        await db.query(
          `UPDATE deposit_orders SET status = 'EXPIRED'
           WHERE (merchant_id, id) IN (
             SELECT merchant_id, id FROM deposit_orders
             WHERE status = 'PENDING' AND expires_at <= $1::timestamptz
             ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
             AND status = 'PENDING'
           RETURNING 1`,
          [nowIso, batch],
        )
      ).rows.length,

    /** Credited orders without their transfer id: a crash came between the ledger post and the order update. */
    unsettled: async (batch: number): Promise<{ merchantId: number; id: bigint }[]> =>
      (
        await db.query<{ merchantId: number; id: bigint }>(
          `SELECT merchant_id AS "merchantId", id FROM deposit_orders
           WHERE status IN ('PAID', 'APPROVED') AND transfer_id IS NULL ORDER BY merchant_id, id LIMIT $1`,
          [batch],
        )
      ).rows,
  };
};

export type DepositRepository = ReturnType<typeof depositRepository>;
