import type { Queryable } from '../../../db/database';
import { toIso } from '../../../lib/clock';

export type CodePurpose = 'LOGIN' | 'REGISTER' | 'FORGOT' | 'BIND';
/**
 * Which code: its purpose and number, and for a code that only one member may use (BIND), that member. Only the
 * latest code of a key counts.
 */
export type CodeKey = { purpose: CodePurpose; destination: string; holder?: string };
export type CodeAttempt = { id: bigint; codeHash: Buffer; salt: Buffer };

/**
 * The row values of a key. A BIND code is good only for the member who asked for it, so its destination carries that
 * member: `<holder>:<number>`.
 */
const rowKeyOf = (key: CodeKey): { purpose: CodePurpose; destination: string } =>
  key.purpose === 'BIND'
    ? { purpose: 'BIND', destination: `${key.holder ?? ''}:${key.destination}` }
    : { purpose: key.purpose, destination: key.destination };

export const verificationRepository = (db: Queryable) => ({
  insert: async (
    merchantId: number,
    code: CodeKey & { codeHash: Buffer; salt: Buffer },
    nowMs: number,
    expiresAtMs: number,
  ): Promise<void> => {
    const row = rowKeyOf(code);
    await db.query(
      `INSERT INTO verification_codes (merchant_id, purpose, destination, code_hash, salt, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz)`,
      [merchantId, row.purpose, row.destination, code.codeHash, code.salt, toIso(nowMs), toIso(expiresAtMs)],
    );
  },
  /**
   * Spends one attempt of the latest code of the key and returns it, when that code is unconsumed, unexpired and has
   * attempts left. Only the latest code counts: asking for a new code kills the older ones.
   */
  attempt: async (
    merchantId: number,
    key: CodeKey,
    nowMs: number,
    maxAttempts: number,
  ): Promise<CodeAttempt | undefined> => {
    const { purpose, destination } = rowKeyOf(key);
    const { rows } = await db.query<{ id: bigint; codeHash: Uint8Array; salt: Uint8Array }>(
      `UPDATE verification_codes SET attempts = attempts + 1
       WHERE merchant_id = $1 AND id = (
           SELECT id FROM verification_codes WHERE merchant_id = $1 AND purpose = $2 AND destination = $3
           ORDER BY id DESC LIMIT 1)
         AND consumed_at IS NULL AND attempts < $5 AND expires_at > $4::timestamptz
       RETURNING id, code_hash AS "codeHash", salt`,
      [merchantId, purpose, destination, toIso(nowMs), maxAttempts],
    );
    const row = rows[0];
    return row === undefined
      ? undefined
      : { id: row.id, codeHash: Buffer.from(row.codeHash), salt: Buffer.from(row.salt) };
  },
  /** Marks a code used; false when another request consumed it first. */
  consume: async (merchantId: number, id: bigint, nowMs: number): Promise<boolean> => {
    const { rows } = await db.query(
      `UPDATE verification_codes SET consumed_at = $3::timestamptz
       WHERE merchant_id = $1 AND id = $2 AND consumed_at IS NULL RETURNING 1`,
      [merchantId, id, toIso(nowMs)],
    );
    return rows.length === 1;
  },
  purge: async (nowMs: number, batch: number): Promise<number> => {
    const { rows } = await db.query(
      `DELETE FROM verification_codes WHERE ctid = ANY (ARRAY(
         SELECT ctid FROM verification_codes WHERE expires_at < $1::timestamptz LIMIT $2)) RETURNING 1`,
      [toIso(nowMs), batch],
    );
    return rows.length;
  },
});

export type VerificationRepository = ReturnType<typeof verificationRepository>;
