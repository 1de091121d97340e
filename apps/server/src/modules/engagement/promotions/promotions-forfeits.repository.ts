import type { Database, Queryable } from '../../../db/database';

export type ForfeitRow = {
  id: bigint;
  memberId: bigint;
  username: string;
  grantId: bigint;
  balanceMinor: bigint;
  reason: string;
  status: 'PENDING' | 'FORFEITED' | 'REJECTED' | 'LAPSED';
  requestedById: bigint;
  requestedBy: string;
  decidedBy: string | null;
  rejectReason: string | null;
  forfeitedMinor: bigint | null;
  createdAt: Date;
  decidedAt: Date | null;
};

const COLUMNS = `f.id, f.member_id AS "memberId", m.username, f.grant_id AS "grantId", f.balance_minor AS "balanceMinor",
  f.reason, f.status, f.requested_by_id AS "requestedById", f.requested_by AS "requestedBy", f.decided_by AS "decidedBy",
  f.reject_reason AS "rejectReason", f.forfeited_minor AS "forfeitedMinor", f.created_at AS "createdAt",
  f.decided_at AS "decidedAt"`;

const toRow = (r: ForfeitRow): ForfeitRow => ({
  ...r,
  id: BigInt(r.id),
  memberId: BigInt(r.memberId),
  grantId: BigInt(r.grantId),
  balanceMinor: BigInt(r.balanceMinor),
  requestedById: BigInt(r.requestedById),
  forfeitedMinor: r.forfeitedMinor === null ? null : BigInt(r.forfeitedMinor),
  createdAt: new Date(r.createdAt),
  decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt),
});

/** SQL of bonus_forfeit_requests (migration 0044). */
export const forfeitsRepository = (db: Database) => ({
  transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction(fn),

  list: async (merchantId: number): Promise<ForfeitRow[]> =>
    (
      await db.query<ForfeitRow>(
        `SELECT ${COLUMNS} FROM bonus_forfeit_requests f
         JOIN member_directory m ON m.merchant_id = f.merchant_id AND m.id = f.member_id
         WHERE f.merchant_id = $1 ORDER BY f.created_at DESC, f.id DESC LIMIT 100`,
        [merchantId],
      )
    ).rows.map(toRow),

  one: async (merchantId: number, id: bigint, q: Queryable = db): Promise<ForfeitRow | undefined> => {
    const { rows } = await q.query<ForfeitRow>(
      `SELECT ${COLUMNS} FROM bonus_forfeit_requests f
       JOIN member_directory m ON m.merchant_id = f.merchant_id AND m.id = f.member_id
       WHERE f.merchant_id = $1 AND f.id = $2`,
      [merchantId, id],
    );
    return rows[0] === undefined ? undefined : toRow(rows[0]);
  },

  byRequest: async (merchantId: number, requestId: string): Promise<bigint | undefined> => {
    const { rows } = await db.query<{ id: string }>(
      'SELECT id::text FROM bonus_forfeit_requests WHERE merchant_id = $1 AND request_id = $2',
      [merchantId, requestId],
    );
    return rows[0] === undefined ? undefined : BigInt(rows[0].id);
  },

  /** The open request of a grant, if any (one at a time). */
  openOf: async (merchantId: number, grantId: bigint): Promise<bigint | undefined> => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id::text FROM bonus_forfeit_requests WHERE merchant_id = $1 AND grant_id = $2 AND status = 'PENDING'`,
      [merchantId, grantId],
    );
    return rows[0] === undefined ? undefined : BigInt(rows[0].id);
  },

  /** A new request; undefined when its request id (or an open request of the grant) came first. */
  insert: async (
    tx: Queryable,
    f: {
      merchantId: number;
      memberId: bigint;
      grantId: bigint;
      balanceMinor: bigint;
      reason: string;
      requestedById: bigint;
      requestedBy: string;
      requestId: string;
      at: Date;
    },
  ): Promise<bigint | undefined> => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO bonus_forfeit_requests (merchant_id, member_id, grant_id, balance_minor, reason, requested_by_id,
         requested_by, request_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING id::text`,
      [
        ...[f.merchantId, f.memberId, f.grantId, f.balanceMinor, f.reason],
        ...[f.requestedById, f.requestedBy, f.requestId, f.at],
      ],
    );
    return rows[0] === undefined ? undefined : BigInt(rows[0].id);
  },

  /** PENDING → FORFEITED, REJECTED or LAPSED; false when it was decided already. */
  decide: async (
    tx: Queryable,
    merchantId: number,
    id: bigint,
    d: { status: 'FORFEITED' | 'REJECTED' | 'LAPSED'; byId: bigint; by: string; reason: string | null },
    forfeitedMinor: bigint | null,
    at: Date,
  ): Promise<boolean> =>
    (
      await tx.query(
        `UPDATE bonus_forfeit_requests SET status = $3, decided_by_id = $4, decided_by = $5, reject_reason = $6,
           forfeited_minor = $7, decided_at = $8
         WHERE merchant_id = $1 AND id = $2 AND status = 'PENDING' RETURNING id`,
        [merchantId, id, d.status, d.byId, d.by, d.reason, forfeitedMinor, at],
      )
    ).rows.length > 0,
});

export type ForfeitsRepository = ReturnType<typeof forfeitsRepository>;
