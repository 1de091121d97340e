import { FieldErrorsValueSchema } from '@platform/contracts';
import type { Database } from '../../../db/database';

/** The field errors of a VALIDATION_FAILED answer's body. */
export const fieldsOf = (body: string) => FieldErrorsValueSchema.parse(JSON.parse(body).value).fields;
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

type AuditRow = { action: string; staff: string; targetId: string; before: unknown; after: unknown };
/** The audit entries about one staff account, oldest first. */
export const auditOf = async (db: Database, targetId: string) =>
  (
    await db.query<AuditRow>(
      `SELECT action, staff_username AS staff, target_id AS "targetId", before, after FROM staff_audit_log
       WHERE target_type = 'staff' AND target_id = $1 ORDER BY id`,
      [targetId],
    )
  ).rows;
