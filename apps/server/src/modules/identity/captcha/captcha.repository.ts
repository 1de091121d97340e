import type { Queryable } from '../../../db/database';
import { toIso } from '../../../lib/clock';

export const captchaRepository = (db: Queryable) => ({
  insert: async (merchantId: number, id: string, answerHash: Buffer, expiresAtMs: number): Promise<void> => {
    await db.query(
      'INSERT INTO captchas (merchant_id, id, answer_hash, expires_at) VALUES ($1, $2, $3, $4::timestamptz)',
      [merchantId, id, answerHash, toIso(expiresAtMs)],
    );
  },
  /**
   * Marks the captcha used and returns its answer hash, when it exists, is unused and has not expired. One UPDATE, so
   * two requests racing with the same captcha cannot both get the answer.
   */
  consume: async (merchantId: number, id: string, nowMs: number): Promise<Buffer | undefined> => {
    const { rows } = await db.query<{ answerHash: Uint8Array }>(
      `UPDATE captchas SET used_at = $3::timestamptz
       WHERE merchant_id = $1 AND id = $2 AND used_at IS NULL AND expires_at > $3::timestamptz
       RETURNING answer_hash AS "answerHash"`,
      [merchantId, id, toIso(nowMs)],
    );
    const hash = rows[0]?.answerHash;
    return hash === undefined ? undefined : Buffer.from(hash);
  },
  purge: async (nowMs: number, batch: number): Promise<number> => {
    const { rows } = await db.query(
      `DELETE FROM captchas WHERE ctid = ANY (ARRAY(
         SELECT ctid FROM captchas WHERE expires_at < $1::timestamptz LIMIT $2)) RETURNING 1`,
      [toIso(nowMs), batch],
    );
    return rows.length;
  },
});

export type CaptchaRepository = ReturnType<typeof captchaRepository>;
