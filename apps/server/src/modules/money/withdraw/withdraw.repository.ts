import type { Database, Queryable } from '../../../db/database';

export type WithdrawSettingsRow = {
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  dailyCount: number;
  maxAccounts: number;
  autoReceiveMinutes: number;
  dayOffsetMinutes: number;
};

export type WithdrawAccountRow = {
  id: bigint;
  memberId: bigint;
  bankName: string;
  accountNumber: string;
  holderName: string;
  createdAt: Date;
};

export type OrderStatus = 'HOLDING' | 'PENDING' | 'PAID' | 'REJECTED';
export type ReceiptState = 'NONE' | 'RECEIVED' | 'NOT_RECEIVED' | 'PARTLY_RECEIVED' | 'AUTO_RECEIVED';

export type WithdrawOrderRow = {
  merchantId: number;
  id: bigint;
  orderNo: string;
  memberId: bigint;
  username: string;
  requestId: string;
  accountId: bigint;
  bankName: string;
  accountNumber: string;
  holderName: string;
  amountMinor: bigint;
  status: OrderStatus;
  receiptState: ReceiptState;
  receiptAt: Date | null;
  receiptNote: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  rejectReason: string | null;
  holdTransferId: bigint | null;
  payoutTransferId: bigint | null;
  releaseTransferId: bigint | null;
  createdAt: Date;
  proofIds: bigint[];
};

export type ProofRow = { id: bigint; contentType: string; bytes: Uint8Array };
export type NewProof = { contentType: string; bytes: Uint8Array };

const ORDER_COLUMNS = `o.merchant_id AS "merchantId", o.id, o.order_no AS "orderNo", o.member_id AS "memberId",
  m.username, o.request_id AS "requestId", o.account_id AS "accountId", o.bank_name AS "bankName",
  o.account_number AS "accountNumber", o.holder_name AS "holderName", o.amount_minor AS "amountMinor", o.status,
  o.receipt_state AS "receiptState", o.receipt_at AS "receiptAt", o.receipt_note AS "receiptNote",
  o.decided_by AS "decidedBy", o.decided_at AS "decidedAt", o.reject_reason AS "rejectReason",
  o.hold_transfer_id AS "holdTransferId", o.payout_transfer_id AS "payoutTransferId",
  o.release_transfer_id AS "releaseTransferId", o.created_at AS "createdAt",
  ARRAY(SELECT p.id FROM withdraw_proofs p WHERE p.merchant_id = o.merchant_id AND p.order_id = o.id ORDER BY p.id)
    AS "proofIds"`;
const ORDER_FROM = `withdraw_orders o JOIN member_directory m ON m.merchant_id = o.merchant_id AND m.id = o.member_id`;

const ACCOUNT_COLUMNS = `id, member_id AS "memberId", bank_name AS "bankName", account_number AS "accountNumber",
  holder_name AS "holderName", created_at AS "createdAt"`;

/** PGlite answers an int8[] as bigint[], node-postgres as strings: one shape for callers. */
const normalize = (row: WithdrawOrderRow): WithdrawOrderRow => ({
  ...row,
  proofIds: (row.proofIds as unknown[]).map((id) => BigInt(id as string)),
});

/**
 * `staff`: the staff queue leaves out HOLDING orders (not yet held); a member sees its own as pending. The staff queue
 * also filters by amount (minor units), days of the merchant's time zone (both included) and payout bank.
 */
export type OrderFilter = {
  memberId?: bigint;
  status?: OrderStatus;
  orderNo?: string;
  staff: boolean;
  minAmountMinor?: bigint;
  maxAmountMinor?: bigint;
  fromDay?: string;
  toDay?: string;
  bankName?: string;
};

/** Plain SQL over the withdrawal tables; every statement is scoped by merchant. */
export const withdrawRepository = (db: Database) => {
  const orders = async (q: Queryable, where: string, params: unknown[], tail = ''): Promise<WithdrawOrderRow[]> => {
    const { rows } = await q.query<WithdrawOrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE ${where}${tail}`,
      params,
    );
    return rows.map(normalize);
  };

  return {
    /** The merchant's rules; a merchant without a row gets the defaults written on first use. */
    settings: async (merchantId: number): Promise<WithdrawSettingsRow> => {
      const select = () =>
        db.query<WithdrawSettingsRow>(
          `SELECT min_amount_minor AS "minAmountMinor", max_amount_minor AS "maxAmountMinor",
             daily_count AS "dailyCount", max_accounts AS "maxAccounts",
             auto_receive_minutes AS "autoReceiveMinutes", day_offset_minutes AS "dayOffsetMinutes"
           FROM withdraw_settings WHERE merchant_id = $1`,
          [merchantId],
        );
      let { rows } = await select();
      if (rows[0] === undefined) {
        await db.query('INSERT INTO withdraw_settings (merchant_id) VALUES ($1) ON CONFLICT DO NOTHING', [merchantId]);
        ({ rows } = await select());
      }
      const row = rows[0];
      if (row === undefined) throw new Error('withdraw settings missing');
      return row;
    },

    accounts: async (merchantId: number, memberId: bigint): Promise<WithdrawAccountRow[]> =>
      (
        await db.query<WithdrawAccountRow>(
          `SELECT ${ACCOUNT_COLUMNS} FROM withdraw_accounts
           WHERE merchant_id = $1 AND member_id = $2 AND removed_at IS NULL ORDER BY id LIMIT 20`,
          [merchantId, memberId],
        )
      ).rows,

    account: async (merchantId: number, memberId: bigint, id: bigint): Promise<WithdrawAccountRow | undefined> =>
      (
        await db.query<WithdrawAccountRow>(
          `SELECT ${ACCOUNT_COLUMNS} FROM withdraw_accounts
           WHERE merchant_id = $1 AND member_id = $2 AND id = $3 AND removed_at IS NULL`,
          [merchantId, memberId, id],
        )
      ).rows[0],

    /**
     * Binds an account unless the member already has `max` (counted under a per-member lock, so two binds at once
     * cannot pass the limit). Returns null when the limit is reached, 'duplicate' for an account already bound.
     */
    bindAccount: (
      merchantId: number,
      memberId: bigint,
      account: { bankName: string; accountNumber: string; holderName: string },
      max: number,
    ): Promise<WithdrawAccountRow | null | 'duplicate'> =>
      db.transaction(async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('withdraw-account:' || $1::text || ':' || $2::text))", [
          merchantId,
          memberId,
        ]);
        const { rows: count } = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM withdraw_accounts
           WHERE merchant_id = $1 AND member_id = $2 AND removed_at IS NULL`,
          [merchantId, memberId],
        );
        if ((count[0]?.n ?? 0) >= max) return null;
        const { rows } = await tx.query<WithdrawAccountRow>(
          `INSERT INTO withdraw_accounts (merchant_id, member_id, bank_name, account_number, holder_name)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
          [merchantId, memberId, account.bankName, account.accountNumber, account.holderName],
        );
        return rows[0] ?? 'duplicate';
      }),

    removeAccount: async (merchantId: number, memberId: bigint, id: bigint, at: Date): Promise<boolean> =>
      (
        await db.query(
          `UPDATE withdraw_accounts SET removed_at = $4
           WHERE merchant_id = $1 AND member_id = $2 AND id = $3 AND removed_at IS NULL RETURNING 1`,
          [merchantId, memberId, id, at],
        )
      ).rows.length > 0,

    countOnDay: async (merchantId: number, memberId: bigint, day: string): Promise<number> =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM withdraw_orders WHERE merchant_id = $1 AND member_id = $2 AND request_day = $3`,
          [merchantId, memberId, day],
        )
      ).rows[0]?.n ?? 0,

    /** The amount of the member's orders of a business day, rejected ones left out (a VIP level's daily maximum). */
    amountOnDay: async (merchantId: number, memberId: bigint, day: string): Promise<bigint> => {
      const { rows } = await db.query<{ sum: string }>(
        `SELECT coalesce(sum(amount_minor), 0)::text AS sum FROM withdraw_orders
         WHERE merchant_id = $1 AND member_id = $2 AND request_day = $3 AND status <> 'REJECTED'`,
        [merchantId, memberId, day],
      );
      return BigInt(rows[0]?.sum ?? '0');
    },

    byRequest: async (merchantId: number, memberId: bigint, requestId: string): Promise<WithdrawOrderRow | undefined> =>
      (
        await orders(db, 'o.merchant_id = $1 AND o.member_id = $2 AND o.request_id = $3', [
          merchantId,
          memberId,
          requestId,
        ])
      )[0],

    /** One order of the merchant; with `memberId`, only when it belongs to that member. */
    byOrderNo: async (merchantId: number, orderNo: string, memberId?: bigint): Promise<WithdrawOrderRow | undefined> =>
      (
        await orders(db, 'o.merchant_id = $1 AND o.order_no = $2 AND ($3::bigint IS NULL OR o.member_id = $3)', [
          merchantId,
          orderNo,
          memberId ?? null,
        ])
      )[0],

    /**
     * Writes the order as HOLDING unless today's count is used up (counted under a per-member lock, so parallel
     * requests cannot pass the limit). Returns 'limit' when it is, 'exists' when the request id was already used.
     */
    insertHolding: (
      order: {
        merchantId: number;
        orderNo: string;
        memberId: bigint;
        requestId: string;
        account: WithdrawAccountRow;
        amountMinor: bigint;
        createdAt: Date;
        day: string;
      },
      limits: { dailyCount: number; dailyMaxMinor: bigint | null },
    ): Promise<'ok' | 'limit' | 'amount' | 'exists'> =>
      db.transaction(async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('withdraw-order:' || $1::text || ':' || $2::text))", [
          order.merchantId,
          order.memberId,
        ]);
        // The day's count, and what the day's orders ask in all (rejected ones left out), under the member's lock:
        // two requests at the same instant cannot both pass a limit that holds one of them.
        const { rows: day } = await tx.query<{ n: number; asked: string }>(
          `SELECT count(*)::int AS n, coalesce(sum(amount_minor) FILTER (WHERE status <> 'REJECTED'), 0)::text AS asked
           FROM withdraw_orders WHERE merchant_id = $1 AND member_id = $2 AND request_day = $3`,
          [order.merchantId, order.memberId, order.day],
        );
        if ((day[0]?.n ?? 0) >= limits.dailyCount) return 'limit';
        if (limits.dailyMaxMinor !== null && BigInt(day[0]?.asked ?? '0') + order.amountMinor > limits.dailyMaxMinor) {
          return 'amount';
        }
        const { rows } = await tx.query(
          `INSERT INTO withdraw_orders (merchant_id, order_no, member_id, request_id, account_id, bank_name,
             account_number, holder_name, amount_minor, status, created_at, request_day)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'HOLDING', $10, $11)
           ON CONFLICT (merchant_id, member_id, request_id) DO NOTHING RETURNING 1`,
          [
            order.merchantId,
            order.orderNo,
            order.memberId,
            order.requestId,
            order.account.id,
            order.account.bankName,
            order.account.accountNumber,
            order.account.holderName,
            order.amountMinor,
            order.createdAt,
            order.day,
          ],
        );
        return rows.length > 0 ? 'ok' : 'exists';
      }),

    markHeld: (merchantId: number, id: bigint, transferId: bigint) =>
      db.query(
        `UPDATE withdraw_orders SET status = 'PENDING', hold_transfer_id = $3
         WHERE merchant_id = $1 AND id = $2 AND status = 'HOLDING'`,
        [merchantId, id, transferId],
      ),

    /** Only an order whose hold the ledger refused: nothing was held, so nothing of it remains. */
    deleteUnheld: (merchantId: number, id: bigint) =>
      db.query(`DELETE FROM withdraw_orders WHERE merchant_id = $1 AND id = $2 AND status = 'HOLDING'`, [
        merchantId,
        id,
      ]),

    /** Claims the decision: PENDING → PAID or REJECTED, once. false when the order was not PENDING. */
    decide: async (
      merchantId: number,
      id: bigint,
      decision: { status: 'PAID' | 'REJECTED'; by: string; at: Date; reason: string | null },
      q: Queryable = db,
    ): Promise<boolean> =>
      (
        await q.query(
          `UPDATE withdraw_orders SET status = $3, decided_by = $4, decided_at = $5, reject_reason = $6
           WHERE merchant_id = $1 AND id = $2 AND status = 'PENDING' RETURNING 1`,
          [merchantId, id, decision.status, decision.by, decision.at, decision.reason],
        )
      ).rows.length > 0,

    setTransfer: (merchantId: number, id: bigint, column: 'payout' | 'release', transferId: bigint) =>
      db.query(
        column === 'payout'
          ? 'UPDATE withdraw_orders SET payout_transfer_id = $3 WHERE merchant_id = $1 AND id = $2'
          : 'UPDATE withdraw_orders SET release_transfer_id = $3 WHERE merchant_id = $1 AND id = $2',
        [merchantId, id, transferId],
      ),

    page: async (
      merchantId: number,
      filter: OrderFilter,
      page: number,
      pageSize: number,
    ): Promise<{ list: WithdrawOrderRow[]; total: number }> => {
      const where = `o.merchant_id = $1 AND ($2::bigint IS NULL OR o.member_id = $2)
        AND (NOT $5::boolean OR o.status <> 'HOLDING')
        AND ($3::text IS NULL OR o.status = $3) AND ($4::text IS NULL OR o.order_no = $4)
        AND ($6::bigint IS NULL OR o.amount_minor >= $6) AND ($7::bigint IS NULL OR o.amount_minor <= $7)
        AND ($8::date IS NULL OR o.created_at >=
          ($8::date::timestamp AT TIME ZONE (SELECT mt.timezone FROM merchant_directory mt WHERE mt.id = $1)))
        AND ($9::date IS NULL OR o.created_at <
          (($9::date + 1)::timestamp AT TIME ZONE (SELECT mt.timezone FROM merchant_directory mt WHERE mt.id = $1)))
        AND ($10::text IS NULL OR lower(o.bank_name) = lower($10))`;
      const params = [
        merchantId,
        filter.memberId ?? null,
        filter.status ?? null,
        filter.orderNo ?? null,
        filter.staff,
        filter.minAmountMinor ?? null,
        filter.maxAmountMinor ?? null,
        filter.fromDay ?? null,
        filter.toDay ?? null,
        filter.bankName ?? null,
      ];
      const [list, total] = await Promise.all([
        orders(db, where, params, ` ORDER BY o.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ORDER_FROM} WHERE ${where}`, params),
      ]);
      return { list, total: total.rows[0]?.n ?? 0 };
    },

    /** Records the member's answer and its proofs together; false when the order was no longer open to it. */
    confirm: (
      merchantId: number,
      id: bigint,
      answer: { state: ReceiptState; note: string | null; at: Date },
      proofs: readonly NewProof[],
    ): Promise<boolean> =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query(
          `UPDATE withdraw_orders SET receipt_state = $3, receipt_note = $4, receipt_at = $5
           WHERE merchant_id = $1 AND id = $2 AND status = 'PAID' AND receipt_state = 'NONE' RETURNING 1`,
          [merchantId, id, answer.state, answer.note, answer.at],
        );
        if (rows.length === 0) return false;
        for (const proof of proofs) {
          await tx.query(
            `INSERT INTO withdraw_proofs (merchant_id, order_id, content_type, size_bytes, bytes)
             VALUES ($1, $2, $3, $4, $5)`,
            [merchantId, id, proof.contentType, proof.bytes.length, proof.bytes],
          );
        }
        return true;
      }),

    proof: async (merchantId: number, orderId: bigint, proofId: bigint): Promise<ProofRow | undefined> =>
      (
        await db.query<ProofRow>(
          `SELECT id, content_type AS "contentType", bytes FROM withdraw_proofs
           WHERE merchant_id = $1 AND order_id = $2 AND id = $3`,
          [merchantId, orderId, proofId],
        )
      ).rows[0],

    /** Orders whose hold or decision may not have reached the ledger (a crash between the two writes). */
    unsettled: async (olderThan: Date, batch: number): Promise<WithdrawOrderRow[]> =>
      orders(
        db,
        `((o.status = 'HOLDING' AND o.created_at < $1)
          OR (o.status = 'PAID' AND o.payout_transfer_id IS NULL AND o.decided_at < $1)
          OR (o.status = 'REJECTED' AND o.release_transfer_id IS NULL AND o.decided_at < $1))`,
        [olderThan],
        ` ORDER BY o.merchant_id, o.id LIMIT ${batch}`,
      ),

    /** Paid orders unconfirmed past their merchant's minutes become AUTO_RECEIVED; returns how many. */
    /** Marks paid orders past the merchant's minutes as received; answers the orders it marked. */
    autoReceive: async (
      now: Date,
      batch: number,
    ): Promise<Pick<WithdrawOrderRow, 'merchantId' | 'memberId' | 'orderNo'>[]> =>
      (
        await db.query<Pick<WithdrawOrderRow, 'merchantId' | 'memberId' | 'orderNo'>>(
          `UPDATE withdraw_orders o SET receipt_state = 'AUTO_RECEIVED', receipt_at = $1
           WHERE (o.merchant_id, o.id) IN (
             SELECT w.merchant_id, w.id FROM withdraw_orders w
             JOIN withdraw_settings s ON s.merchant_id = w.merchant_id
             WHERE w.status = 'PAID' AND w.receipt_state = 'NONE'
               AND w.decided_at <= $1::timestamptz - make_interval(mins => s.auto_receive_minutes)
             LIMIT $2)
           AND o.status = 'PAID' AND o.receipt_state = 'NONE'
           RETURNING o.merchant_id AS "merchantId", o.member_id AS "memberId", o.order_no AS "orderNo"`,
          [now, batch],
        )
      ).rows,
  };
};

export type WithdrawRepository = ReturnType<typeof withdrawRepository>;
