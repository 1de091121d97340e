import type { Queryable } from '../../../db/database';
import type { UploadedImage } from '../../../lib/uploaded-image';

export type FeedbackRow = {
  id: bigint;
  memberId: bigint;
  username: string;
  type: 'SUGGESTION' | 'COMPLAINT' | 'BUG' | 'PAYMENT' | 'OTHER';
  content: string;
  status: 'OPEN' | 'ANSWERED' | 'CLOSED';
  images: number;
  reply: string | null;
  repliedBy: string | null;
  repliedAt: Date | null;
  createdAt: Date;
};

const COLUMNS = `f.id, f.member_id AS "memberId", coalesce(d.username, '') AS username, f.type, f.content, f.status,
  (SELECT count(*)::int FROM feedback_images i WHERE i.merchant_id = f.merchant_id AND i.feedback_id = f.id) AS images,
  f.reply, f.replied_by AS "repliedBy", f.replied_at AS "repliedAt", f.created_at AS "createdAt"`;
const FROM = `feedback f LEFT JOIN member_directory d ON d.merchant_id = f.merchant_id AND d.id = f.member_id`;

export const feedbackRepository = (db: Queryable) => ({
  async settings(merchantId: number) {
    const { rows } = await db.query<{ minWords: number; maxWords: number }>(
      `SELECT min_words AS "minWords", max_words AS "maxWords" FROM feedback_settings WHERE merchant_id = $1`,
      [merchantId],
    );
    return rows[0] ?? { minWords: 5, maxWords: 300 };
  },

  async setSettings(merchantId: number, settings: { minWords: number; maxWords: number }) {
    await db.query(
      `INSERT INTO feedback_settings (merchant_id, min_words, max_words) VALUES ($1, $2, $3)
       ON CONFLICT (merchant_id) DO UPDATE SET min_words = EXCLUDED.min_words, max_words = EXCLUDED.max_words`,
      [merchantId, settings.minWords, settings.maxWords],
    );
  },

  async insert(
    merchantId: number,
    memberId: bigint,
    input: { type: FeedbackRow['type']; content: string },
    images: UploadedImage[],
    now: Date,
  ): Promise<bigint> {
    const { rows } = await db.query<{ id: bigint }>(
      `INSERT INTO feedback (merchant_id, member_id, type, content, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [merchantId, memberId, input.type, input.content, now],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('feedback not inserted');
    for (const [index, image] of images.entries()) {
      await db.query(
        `INSERT INTO feedback_images (merchant_id, feedback_id, position, content_type, bytes) VALUES ($1, $2, $3, $4, $5)`,
        [merchantId, id, index + 1, image.contentType, image.bytes],
      );
    }
    return id;
  },

  /** One feedback; with `memberId`, only if it is that member's. */
  async one(merchantId: number, id: bigint, memberId?: bigint): Promise<FeedbackRow | null> {
    const { rows } = await db.query<FeedbackRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE f.merchant_id = $1 AND f.id = $2 AND ($3::bigint IS NULL OR f.member_id = $3)`,
      [merchantId, id, memberId?.toString() ?? null],
    );
    return rows[0] ?? null;
  },

  async ofMember(merchantId: number, memberId: bigint, limit: number): Promise<FeedbackRow[]> {
    const { rows } = await db.query<FeedbackRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE f.merchant_id = $1 AND f.member_id = $2 ORDER BY f.created_at DESC, f.id DESC LIMIT $3`,
      [merchantId, memberId, limit],
    );
    return rows;
  },

  async queue(merchantId: number, status: FeedbackRow['status'] | undefined, limit: number, offset: number) {
    const [{ rows }, total] = await Promise.all([
      db.query<FeedbackRow>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE f.merchant_id = $1 AND ($2::text IS NULL OR f.status = $2)
         ORDER BY (f.status = 'OPEN') DESC, f.created_at ASC, f.id ASC LIMIT $3 OFFSET $4`,
        [merchantId, status ?? null, limit, offset],
      ),
      db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM feedback WHERE merchant_id = $1 AND ($2::text IS NULL OR status = $2)`,
        [merchantId, status ?? null],
      ),
    ]);
    return { rows, total: total.rows[0]?.total ?? 0 };
  },

  async reply(merchantId: number, id: bigint, reply: string, staff: string, close: boolean, now: Date) {
    const { rows } = await db.query<{ id: bigint }>(
      `UPDATE feedback SET reply = $3, replied_by = $4, replied_at = $5,
         status = CASE WHEN $6::boolean THEN 'CLOSED' ELSE 'ANSWERED' END,
         closed_at = CASE WHEN $6::boolean THEN $5 ELSE closed_at END
       WHERE merchant_id = $1 AND id = $2 AND status <> 'CLOSED' RETURNING id`,
      [merchantId, id, reply, staff, now, close],
    );
    return rows.length > 0;
  },

  async close(merchantId: number, id: bigint, now: Date) {
    const { rows } = await db.query<{ id: bigint }>(
      `UPDATE feedback SET status = 'CLOSED', closed_at = $3 WHERE merchant_id = $1 AND id = $2 AND status <> 'CLOSED'
       RETURNING id`,
      [merchantId, id, now],
    );
    return rows.length > 0;
  },

  async image(merchantId: number, id: bigint, position: number) {
    const { rows } = await db.query<{ contentType: string; bytes: Uint8Array }>(
      `SELECT content_type AS "contentType", bytes FROM feedback_images
       WHERE merchant_id = $1 AND feedback_id = $2 AND position = $3`,
      [merchantId, id, position],
    );
    return rows[0] ?? null;
  },
});

export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
