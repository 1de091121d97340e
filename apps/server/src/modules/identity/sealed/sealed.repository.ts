import type { Queryable } from '../../../db/database';
import { toIso } from '../../../lib/clock';

export const sealedRepository = (db: Queryable) => ({
  /** Records a nonce; false when it was already recorded (a replay). */
  recordNonce: async (merchantId: number, nonce: string, expiresAtMs: number): Promise<boolean> => {
    const { rows } = await db.query(
      `INSERT INTO sealed_nonces (merchant_id, nonce, expires_at) VALUES ($1, $2, $3::timestamptz)
       ON CONFLICT (merchant_id, nonce) DO NOTHING RETURNING 1`,
      [merchantId, nonce, toIso(expiresAtMs)],
    );
    return rows.length === 1;
  },
  purge: async (nowMs: number, batch: number): Promise<number> => {
    const { rows } = await db.query(
      `DELETE FROM sealed_nonces WHERE ctid = ANY (ARRAY(
         SELECT ctid FROM sealed_nonces WHERE expires_at < $1::timestamptz LIMIT $2)) RETURNING 1`,
      [toIso(nowMs), batch],
    );
    return rows.length;
  },
});

export type SealedRepository = ReturnType<typeof sealedRepository>;
