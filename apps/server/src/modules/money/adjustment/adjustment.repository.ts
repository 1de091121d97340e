import type { AdjustmentStatus } from '@platform/contracts';
import type { Queryable } from '../../../db/database';

export type AdjustmentRow = {
  merchantId: number;
  id: bigint;
  memberId: bigint;
  username: string;
  /** Signed: positive credits the member's cash, negative debits it. */
  amountMinor: bigint;
  reason: string;
  requestedById: bigint | null;
  requestedBy: string;
  requestedAt: Date;
  status: AdjustmentStatus;
  decidedById: bigint | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionReason: string | null;
  idempotencyKey: string;
  transferId: bigint | null;
};

export type NewAdjustment = {
  merchantId: number;
  memberId: bigint;
  amountMinor: bigint;
  reason: string;
  requestedById: bigint | null;
  requestedBy: string;
  at: Date;
  /** PENDING waits for a second staff member; APPROVED (at or below the threshold) is decided by its requester. */
  status: 'PENDING' | 'APPROVED';
  idempotencyKey: string;
};

export type Decider = { id: bigint | null; username: string; at: Date };

export type AdjustmentFilter = {
  status?: AdjustmentStatus;
  memberId?: bigint;
  requestedBy?: string;
  fromDay?: string;
  toDay?: string;
};

const SELECT = `SELECT r.merchant_id AS "merchantId", r.id, r.member_id AS "memberId", m.username,
    r.amount_minor AS "amountMinor", r.reason, r.requested_by_id AS "requestedById", r.requested_by AS "requestedBy",
    r.requested_at AS "requestedAt", r.status, r.decided_by_id AS "decidedById", r.decided_by AS "decidedBy",
    r.decided_at AS "decidedAt", r.decision_reason AS "decisionReason", r.idempotency_key AS "idempotencyKey",
    r.transfer_id AS "transferId"
  FROM adjustment_requests r JOIN member_directory m ON m.merchant_id = r.merchant_id AND m.id = r.member_id`;

const FILTER = `r.merchant_id = $1 AND ($2::text IS NULL OR r.status = $2) AND ($3::bigint IS NULL OR r.member_id = $3)
  AND ($4::text IS NULL OR lower(r.requested_by) = lower($4))
  AND ($5::date IS NULL OR r.requested_at >=
    ($5::date::timestamp AT TIME ZONE (SELECT mt.timezone FROM merchant_directory mt WHERE mt.id = $1)))
  AND ($6::date IS NULL OR r.requested_at <
    (($6::date + 1)::timestamp AT TIME ZONE (SELECT mt.timezone FROM merchant_directory mt WHERE mt.id = $1)))`;

/** Counting stops here: a page count above it is shown as this many rows' worth (bounded work). */
const COUNT_CAP = 10_000;

/** SQL only (STYLE.md §3); every statement is scoped by merchant. Pass a transaction's Queryable to write in it. */
export const adjustmentRepository = (db: Queryable) => {
  const one = async (where: string, params: unknown[]): Promise<AdjustmentRow | undefined> =>
    (await db.query<AdjustmentRow>(`${SELECT} WHERE ${where}`, params)).rows[0];

  return {
    /** The merchant's threshold in minor units; a merchant without a row gets the default written on first use. */
    threshold: async (merchantId: number): Promise<bigint> => {
      const select = () =>
        db.query<{ threshold: bigint }>(
          'SELECT approval_threshold_minor AS threshold FROM adjustment_settings WHERE merchant_id = $1',
          [merchantId],
        );
      let { rows } = await select();
      if (rows[0] === undefined) {
        await db.query('INSERT INTO adjustment_settings (merchant_id) VALUES ($1) ON CONFLICT DO NOTHING', [
          merchantId,
        ]);
        ({ rows } = await select());
      }
      const row = rows[0];
      if (row === undefined) throw new Error('adjustment settings missing');
      return row.threshold;
    },

    setThreshold: async (merchantId: number, thresholdMinor: bigint): Promise<void> => {
      await db.query(
        `INSERT INTO adjustment_settings (merchant_id, approval_threshold_minor) VALUES ($1, $2)
         ON CONFLICT (merchant_id) DO UPDATE SET approval_threshold_minor = EXCLUDED.approval_threshold_minor`,
        [merchantId, thresholdMinor],
      );
    },

    byId: (merchantId: number, id: bigint) => one('r.merchant_id = $1 AND r.id = $2', [merchantId, id]),
    byKey: (merchantId: number, key: string) => one('r.merchant_id = $1 AND r.idempotency_key = $2', [merchantId, key]),

    /** Inserts the request unless its idempotency key was already used; undefined then. */
    insert: async (row: NewAdjustment): Promise<bigint | undefined> => {
      const approved = row.status === 'APPROVED';
      const { rows } = await db.query<{ id: bigint }>(
        `INSERT INTO adjustment_requests (merchant_id, member_id, amount_minor, reason, requested_by_id, requested_by,
           requested_at, status, decided_by_id, decided_by, decided_at, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
           CASE WHEN $9::boolean THEN $5::bigint END, CASE WHEN $9::boolean THEN $6::text END,
           CASE WHEN $9::boolean THEN $7::timestamptz END, $10)
         ON CONFLICT (merchant_id, idempotency_key) DO NOTHING RETURNING id`,
        [
          row.merchantId,
          row.memberId,
          row.amountMinor,
          row.reason,
          row.requestedById,
          row.requestedBy,
          row.at,
          row.status,
          approved,
          row.idempotencyKey,
        ],
      );
      return rows[0]?.id;
    },

    /** PENDING → APPROVED or REJECTED, once: whoever changes the row first wins; false for everyone else. */
    decide: async (
      merchantId: number,
      id: bigint,
      to: 'APPROVED' | 'REJECTED',
      by: Decider,
      reason: string | null,
    ): Promise<boolean> =>
      (
        await db.query(
          `UPDATE adjustment_requests
           SET status = $3, decided_by_id = $4, decided_by = $5, decided_at = $6, decision_reason = $7
           WHERE merchant_id = $1 AND id = $2 AND status = 'PENDING' RETURNING 1`,
          [merchantId, id, to, by.id, by.username, by.at, reason],
        )
      ).rows.length > 0,

    /** APPROVED → APPLIED with its transfer, once (true only for the call that changed it). */
    markApplied: async (merchantId: number, id: bigint, transferId: bigint): Promise<boolean> =>
      (
        await db.query(
          `UPDATE adjustment_requests SET status = 'APPLIED', transfer_id = $3
           WHERE merchant_id = $1 AND id = $2 AND status = 'APPROVED' RETURNING 1`,
          [merchantId, id, transferId],
        )
      ).rows.length > 0,

    /** APPROVED → FAILED: the ledger refused the movement, so nothing moved; the code says why. */
    markFailed: async (merchantId: number, id: bigint, code: string): Promise<boolean> =>
      (
        await db.query(
          `UPDATE adjustment_requests SET status = 'FAILED', decision_reason = $3
           WHERE merchant_id = $1 AND id = $2 AND status = 'APPROVED' RETURNING 1`,
          [merchantId, id, code],
        )
      ).rows.length > 0,

    /** Newest first on adjustment_requests_time or _status; a bounded count for the page total. */
    page: async (
      merchantId: number,
      filter: AdjustmentFilter,
      limit: number,
      offset: number,
    ): Promise<{ rows: AdjustmentRow[]; total: number }> => {
      const params = [
        merchantId,
        filter.status ?? null,
        filter.memberId ?? null,
        filter.requestedBy ?? null,
        filter.fromDay ?? null,
        filter.toDay ?? null,
      ];
      const [rows, count] = await Promise.all([
        db.query<AdjustmentRow>(
          `${SELECT} WHERE ${FILTER} ORDER BY r.requested_at DESC, r.id DESC LIMIT $7 OFFSET $8`,
          [...params, limit, offset],
        ),
        db.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM (SELECT 1 FROM adjustment_requests r WHERE ${FILTER} LIMIT ${COUNT_CAP}) c`,
          params,
        ),
      ]);
      return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
    },
  };
};

export type AdjustmentRepository = ReturnType<typeof adjustmentRepository>;
