import type { Queryable } from '../../../db/database';

export type AuditEntry = {
  merchantId: number | null;
  staffId: string | null;
  staffUsername: string;
  staffRole: string;
  ip: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  reason?: string | null;
};

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

export const auditRepository = {
  insert: async (db: Queryable, entry: AuditEntry): Promise<void> => {
    await db.query(
      `INSERT INTO staff_audit_log
         (merchant_id, staff_id, staff_username, staff_role, ip, action, target_type, target_id, before, after, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11)`,
      [
        entry.merchantId,
        entry.staffId,
        entry.staffUsername,
        entry.staffRole,
        entry.ip,
        entry.action,
        entry.targetType,
        entry.targetId,
        json(entry.before),
        json(entry.after),
        entry.reason ?? null,
      ],
    );
  },
};

/** Filters of the audit log page; every one optional. Days are local days of the merchant, both included. */
export type AuditFilter = {
  merchantId: number;
  staff: string | null;
  actionPrefix: string | null;
  targetType: string | null;
  targetId: string | null;
  fromDay: string | null;
  toDay: string | null;
  /** Entries older than this one (keyset paging on created_at, id). */
  beforeId: bigint | null;
};

export type AuditRow = {
  id: string;
  createdAt: Date;
  staffUsername: string;
  staffRole: string;
  ip: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
};

/**
 * Newest first on staff_audit_log_merchant_time (merchant_id, created_at DESC, id DESC); the staff and target filters
 * have their own indexes. A cursor names the last entry seen: its (created_at, id) bounds the next page, and a cursor
 * of another merchant matches nothing.
 */
const LIST_SQL = `SELECT a.id::text AS id, a.created_at AS "createdAt", a.staff_username AS "staffUsername",
    a.staff_role AS "staffRole", a.ip, a.action, a.target_type AS "targetType", a.target_id AS "targetId",
    a.before, a.after, a.reason
  FROM staff_audit_log a
  WHERE a.merchant_id = $1
    AND ($2::text IS NULL OR a.staff_username = $2::text)
    AND ($3::text IS NULL OR starts_with(a.action, $3::text))
    AND ($4::text IS NULL OR a.target_type = $4::text)
    AND ($5::text IS NULL OR a.target_id = $5::text)
    AND ($6::date IS NULL OR a.created_at >=
      ($6::date::timestamp AT TIME ZONE (SELECT z.timezone FROM merchant_directory z WHERE z.id = $1)))
    AND ($7::date IS NULL OR a.created_at <
      (($7::date + 1)::timestamp AT TIME ZONE (SELECT z.timezone FROM merchant_directory z WHERE z.id = $1)))
    AND ($8::bigint IS NULL OR (a.created_at, a.id) <
      (SELECT c.created_at, c.id FROM staff_audit_log c WHERE c.id = $8::bigint AND c.merchant_id = $1))
  ORDER BY a.created_at DESC, a.id DESC
  LIMIT $9`;

export const auditReadRepository = (db: Queryable) => ({
  /** At most `limit` entries of the merchant matching the filter, newest first. */
  list: async (filter: AuditFilter, limit: number): Promise<AuditRow[]> => {
    const { rows } = await db.query<AuditRow>(LIST_SQL, [
      filter.merchantId,
      filter.staff,
      filter.actionPrefix,
      filter.targetType,
      filter.targetId,
      filter.fromDay,
      filter.toDay,
      filter.beforeId,
      limit,
    ]);
    return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
  },
});
