import type { Queryable } from '../../../db/database';
import { toIso } from '../../../lib/clock';

/** Password reset links (forgot by email). Only the SHA-256 of the token is stored. */
export const resetTokenRepository = (db: Queryable) => ({
  /** Issues a token and retires the member's earlier unused ones: only the latest link works. */
  issue: async (merchantId: number, memberId: bigint, tokenHash: Buffer, nowMs: number, expiresAtMs: number) => {
    await db.query(
      `UPDATE password_reset_tokens SET used_at = $3::timestamptz
       WHERE merchant_id = $1 AND member_id = $2 AND used_at IS NULL`,
      [merchantId, memberId, toIso(nowMs)],
    );
    await db.query(
      `INSERT INTO password_reset_tokens (merchant_id, token_hash, member_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4::timestamptz, $5::timestamptz)`,
      [merchantId, tokenHash, memberId, toIso(nowMs), toIso(expiresAtMs)],
    );
  },
  /** The member a live (unused, unexpired) token belongs to. */
  findLive: async (merchantId: number, tokenHash: Buffer, nowMs: number): Promise<bigint | undefined> =>
    (
      await db.query<{ memberId: bigint }>(
        `SELECT member_id AS "memberId" FROM password_reset_tokens
         WHERE merchant_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > $3::timestamptz`,
        [merchantId, tokenHash, toIso(nowMs)],
      )
    ).rows[0]?.memberId,
  /** Spends the token; false when it was spent (or expired) in the meantime. */
  consume: async (merchantId: number, tokenHash: Buffer, nowMs: number): Promise<boolean> =>
    (
      await db.query(
        `UPDATE password_reset_tokens SET used_at = $3::timestamptz
         WHERE merchant_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > $3::timestamptz RETURNING 1`,
        [merchantId, tokenHash, toIso(nowMs)],
      )
    ).rows.length === 1,
  purge: async (nowMs: number, batch: number): Promise<number> =>
    (
      await db.query(
        `DELETE FROM password_reset_tokens WHERE ctid = ANY (ARRAY(
           SELECT ctid FROM password_reset_tokens WHERE expires_at < $1::timestamptz LIMIT $2)) RETURNING 1`,
        [toIso(nowMs), batch],
      )
    ).rows.length,
});
