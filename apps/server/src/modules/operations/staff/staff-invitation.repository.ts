import type { Queryable } from '../../../db/database';
import { toIso } from '../../../lib/clock';

export type InvitationRow = { id: bigint; staffId: bigint; expiresAt: Date; usedAt: Date | null };

/** The merchant's owner account and where its enrolment link stands. */
export type OwnerRow = { id: bigint; username: string; accepted: boolean; invited: boolean };

/** SQL of the enrolment links (staff_invitations) and of the password they set. */
export const staffInvitationRepository = (db: Queryable) => ({
  /** The merchant's first owner, if any: `invited` while it has a link, `accepted` once one was used. */
  owner: async (merchantId: number): Promise<OwnerRow | undefined> => {
    const { rows } = await db.query<OwnerRow>(
      `SELECT s.id, s.username,
         EXISTS (SELECT 1 FROM staff_invitations i WHERE i.staff_id = s.id AND i.used_at IS NOT NULL)
           OR s.last_login_at IS NOT NULL OR s.totp_enrolled_at IS NOT NULL AS accepted,
         EXISTS (SELECT 1 FROM staff_invitations i WHERE i.staff_id = s.id) AS invited
       FROM staff_accounts s WHERE s.merchant_id = $1 AND s.role = 'owner' ORDER BY s.id LIMIT 1`,
      [merchantId],
    );
    return rows[0];
  },

  /** A new link; the account's earlier unused links stop working. */
  insert: async (staffId: bigint, merchantId: number, tokenHash: Buffer, nowMs: number, ttlMs: number) => {
    await db.query(
      `UPDATE staff_invitations SET expires_at = least(expires_at, $2::timestamptz)
       WHERE staff_id = $1 AND used_at IS NULL`,
      [staffId, toIso(nowMs)],
    );
    await db.query(
      `INSERT INTO staff_invitations (staff_id, merchant_id, token_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4::timestamptz, $5::timestamptz)`,
      [staffId, merchantId, tokenHash, toIso(nowMs), toIso(nowMs + ttlMs)],
    );
  },

  find: async (merchantId: number, tokenHash: Buffer): Promise<InvitationRow | undefined> => {
    const { rows } = await db.query<InvitationRow>(
      `SELECT id, staff_id AS "staffId", expires_at AS "expiresAt", used_at AS "usedAt"
       FROM staff_invitations WHERE merchant_id = $1 AND token_hash = $2`,
      [merchantId, tokenHash],
    );
    return rows[0];
  },

  /** Marks the link used; false when another request used it first (a link works once). */
  use: async (id: bigint, nowMs: number): Promise<boolean> => {
    const { rows } = await db.query(
      `UPDATE staff_invitations SET used_at = $2::timestamptz
       WHERE id = $1 AND used_at IS NULL AND expires_at > $2::timestamptz RETURNING 1`,
      [id, toIso(nowMs)],
    );
    return rows.length > 0;
  },

  setPassword: async (staffId: bigint, passwordHash: string, nowMs: number): Promise<void> => {
    await db.query('UPDATE staff_accounts SET password_hash = $2, updated_at = $3::timestamptz WHERE id = $1', [
      staffId,
      passwordHash,
      toIso(nowMs),
    ]);
  },
});
