import type { Queryable } from '../../../db/database';
import type { UploadedImage } from '../../../lib/uploaded-image';

export type ChatRow = {
  id: bigint;
  memberId: bigint | null;
  username: string | null;
  guestName: string | null;
  guestContact: string | null;
  guestTokenHash: Buffer | null;
  status: 'QUEUED' | 'ACTIVE' | 'CLOSED';
  offline: boolean;
  staffId: bigint | null;
  staffName: string | null;
  memberTypingAt: Date | null;
  staffTypingAt: Date | null;
  createdAt: Date;
  lastMessageAt: Date;
};

export type ChatMessageRow = {
  id: bigint;
  sender: 'CUSTOMER' | 'STAFF' | 'SYSTEM';
  staffName: string | null;
  body: string | null;
  hasImage: boolean;
  /** A staff-only line (a transfer's note): never in the customer's transcript. */
  internal: boolean;
  createdAt: Date;
};

const CHAT = `c.id, c.member_id AS "memberId", d.username, c.guest_name AS "guestName", c.guest_contact AS "guestContact",
  c.guest_token_hash AS "guestTokenHash", c.status, c.offline, c.staff_id AS "staffId", c.staff_name AS "staffName",
  c.member_typing_at AS "memberTypingAt", c.staff_typing_at AS "staffTypingAt", c.created_at AS "createdAt",
  c.last_message_at AS "lastMessageAt"`;
const FROM = `chats c LEFT JOIN member_directory d ON d.merchant_id = c.merchant_id AND d.id = c.member_id`;
/** How many messages one read answers (the window asks again with `after`). */
export const CHAT_PAGE = 200;

export const chatRepository = (db: Queryable) => ({
  async hours(merchantId: number, now: Date) {
    const { rows } = await db.query<{
      days: number[];
      opensMinute: number;
      closesMinute: number;
      timezone: string;
      open: boolean;
    }>(
      `WITH s AS (SELECT coalesce(cs.days, '{1,2,3,4,5}') AS days, coalesce(cs.opens_minute, 720) AS opens,
                         coalesce(cs.closes_minute, 1260) AS closes, m.timezone
                  FROM merchant_directory m LEFT JOIN chat_settings cs ON cs.merchant_id = m.id WHERE m.id = $1),
            l AS (SELECT s.*, ($2::timestamptz AT TIME ZONE s.timezone) AS local FROM s)
       SELECT days::int[] AS days, opens AS "opensMinute", closes AS "closesMinute", timezone,
         extract(isodow FROM local)::int = ANY (days)
           AND (extract(hour FROM local) * 60 + extract(minute FROM local)) >= opens
           AND (extract(hour FROM local) * 60 + extract(minute FROM local)) < closes AS open
       FROM l`,
      [merchantId, now],
    );
    const row = rows[0];
    if (row === undefined) throw new Error('merchant not found');
    return row;
  },

  async openOfMember(merchantId: number, memberId: bigint): Promise<ChatRow | null> {
    const { rows } = await db.query<ChatRow>(
      `SELECT ${CHAT} FROM ${FROM} WHERE c.merchant_id = $1 AND c.member_id = $2 AND c.status <> 'CLOSED'
       ORDER BY c.created_at DESC LIMIT 1`,
      [merchantId, memberId],
    );
    return rows[0] ?? null;
  },

  async insert(
    merchantId: number,
    chat: { memberId: bigint | null; guestName: string | null; guestContact: string | null; tokenHash: Buffer | null },
    offline: boolean,
    now: Date,
  ): Promise<bigint> {
    const { rows } = await db.query<{ id: bigint }>(
      `INSERT INTO chats (merchant_id, member_id, guest_name, guest_contact, guest_token_hash, offline, created_at,
         last_message_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
      [merchantId, chat.memberId, chat.guestName, chat.guestContact, chat.tokenHash, offline, now],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('chat not inserted');
    return id;
  },

  async one(merchantId: number, id: bigint): Promise<ChatRow | null> {
    const { rows } = await db.query<ChatRow>(`SELECT ${CHAT} FROM ${FROM} WHERE c.merchant_id = $1 AND c.id = $2`, [
      merchantId,
      id,
    ]);
    return rows[0] ?? null;
  },

  /** The transcript after `after`; the customer's (`staff` false) without the staff-internal lines. */
  async messages(merchantId: number, chatId: bigint, after: bigint | null, staff: boolean): Promise<ChatMessageRow[]> {
    const { rows } = await db.query<ChatMessageRow>(
      `SELECT id, sender, staff_name AS "staffName", body, image IS NOT NULL AS "hasImage", internal,
         created_at AS "createdAt"
       FROM chat_messages WHERE merchant_id = $1 AND chat_id = $2 AND ($3::bigint IS NULL OR id > $3)
         AND ($4 OR NOT internal)
       ORDER BY id LIMIT ${CHAT_PAGE}`,
      [merchantId, chatId, after?.toString() ?? null, staff],
    );
    return rows;
  },

  async addMessage(
    merchantId: number,
    chatId: bigint,
    message: {
      sender: ChatMessageRow['sender'];
      staffName: string | null;
      body: string | null;
      image: UploadedImage | null;
      internal?: boolean;
    },
    now: Date,
  ): Promise<ChatMessageRow> {
    const { rows } = await db.query<ChatMessageRow>(
      `WITH m AS (INSERT INTO chat_messages (merchant_id, chat_id, sender, staff_name, body, image_type, image, created_at,
           internal)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         RETURNING id, sender, staff_name AS "staffName", body, image IS NOT NULL AS "hasImage", internal,
           created_at AS "createdAt"),
       c AS (UPDATE chats SET last_message_at = $8,
         member_typing_at = CASE WHEN $3 = 'CUSTOMER' THEN NULL ELSE member_typing_at END,
         staff_typing_at = CASE WHEN $3 = 'STAFF' THEN NULL ELSE staff_typing_at END
         WHERE merchant_id = $1 AND id = $2)
       SELECT * FROM m`,
      [
        ...[merchantId, chatId, message.sender, message.staffName, message.body],
        ...[message.image?.contentType ?? null, message.image?.bytes ?? null, now, message.internal ?? false],
      ],
    );
    const row = rows[0];
    if (row === undefined) throw new Error('message not inserted');
    return row;
  },

  async typing(merchantId: number, chatId: bigint, side: 'member' | 'staff', now: Date) {
    await db.query(
      `UPDATE chats SET ${side === 'member' ? 'member_typing_at' : 'staff_typing_at'} = $3
       WHERE merchant_id = $1 AND id = $2 AND status <> 'CLOSED'`,
      [merchantId, chatId, now],
    );
  },

  /** Status changes; `from` guards the transition (a closed chat stays closed). */
  async update(
    merchantId: number,
    id: bigint,
    change: { status: ChatRow['status']; staffId: bigint | null; staffName: string | null },
    from: ChatRow['status'][],
    now: Date,
  ): Promise<boolean> {
    const { rows } = await db.query<{ id: bigint }>(
      `UPDATE chats SET status = $3, staff_id = $4, staff_name = $5,
         closed_at = CASE WHEN $3 = 'CLOSED' THEN $6::timestamptz END
       WHERE merchant_id = $1 AND id = $2 AND status = ANY ($7::text[]) RETURNING id`,
      [merchantId, id, change.status, change.staffId?.toString() ?? null, change.staffName, now, from],
    );
    return rows.length > 0;
  },

  async list(merchantId: number, status: ChatRow['status'] | undefined, q: string | undefined): Promise<ChatRow[]> {
    const like = q === undefined ? null : `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await db.query<ChatRow>(
      `SELECT ${CHAT} FROM ${FROM}
       WHERE c.merchant_id = $1 AND ($2::text IS NULL OR c.status = $2)
         AND ($3::text IS NULL OR d.username ILIKE $3 OR c.guest_name ILIKE $3 OR c.guest_contact ILIKE $3
           OR EXISTS (SELECT 1 FROM chat_messages m WHERE m.merchant_id = c.merchant_id AND m.chat_id = c.id
             AND m.body ILIKE $3))
       ORDER BY (c.status = 'QUEUED') DESC, c.last_message_at DESC LIMIT 100`,
      [merchantId, status ?? null, like],
    );
    return rows;
  },

  async image(merchantId: number, chatId: bigint, messageId: bigint) {
    const { rows } = await db.query<{ contentType: string; bytes: Uint8Array }>(
      `SELECT image_type AS "contentType", image AS bytes FROM chat_messages
       WHERE merchant_id = $1 AND chat_id = $2 AND id = $3 AND image IS NOT NULL`,
      [merchantId, chatId, messageId],
    );
    return rows[0] ?? null;
  },

  /** Active staff of the merchant holding one of `roles` (staff's published view), or the one with `id`. */
  async colleagues(merchantId: number, roles: readonly string[], id: bigint | null = null) {
    const { rows } = await db.query<{ id: bigint; username: string; displayName: string }>(
      `SELECT id, username, display_name AS "displayName" FROM staff_directory
       WHERE merchant_id = $1 AND status = 'ACTIVE' AND role = ANY ($2::text[]) AND ($3::bigint IS NULL OR id = $3)
       ORDER BY display_name, id LIMIT 200`,
      [merchantId, roles, id?.toString() ?? null],
    );
    return rows;
  },

  async setHours(merchantId: number, hours: { days: number[]; opensMinute: number; closesMinute: number }) {
    await db.query(
      `INSERT INTO chat_settings (merchant_id, days, opens_minute, closes_minute) VALUES ($1, $2::smallint[], $3, $4)
       ON CONFLICT (merchant_id) DO UPDATE
         SET days = EXCLUDED.days, opens_minute = EXCLUDED.opens_minute, closes_minute = EXCLUDED.closes_minute`,
      [merchantId, hours.days, hours.opensMinute, hours.closesMinute],
    );
  },

  async updateCanned(merchantId: number, id: bigint, title: string, body: string) {
    const { rows } = await db.query<{ id: bigint; title: string; body: string }>(
      `UPDATE chat_canned_replies SET title = $3, body = $4 WHERE merchant_id = $1 AND id = $2 RETURNING id, title, body`,
      [merchantId, id, title, body],
    );
    return rows[0] ?? null;
  },

  async deleteCanned(merchantId: number, id: bigint) {
    const { rows } = await db.query<{ id: bigint; title: string; body: string }>(
      `DELETE FROM chat_canned_replies WHERE merchant_id = $1 AND id = $2 RETURNING id, title, body`,
      [merchantId, id],
    );
    return rows[0] ?? null;
  },

  async canned(merchantId: number) {
    const { rows } = await db.query<{ id: bigint; title: string; body: string }>(
      `SELECT id, title, body FROM chat_canned_replies WHERE merchant_id = $1 ORDER BY title LIMIT 200`,
      [merchantId],
    );
    return rows;
  },

  async addCanned(merchantId: number, title: string, body: string) {
    const { rows } = await db.query<{ id: bigint; title: string; body: string }>(
      `INSERT INTO chat_canned_replies (merchant_id, title, body) VALUES ($1, $2, $3) RETURNING id, title, body`,
      [merchantId, title, body],
    );
    const row = rows[0];
    if (row === undefined) throw new Error('canned reply not inserted');
    return row;
  },
});

export type ChatRepository = ReturnType<typeof chatRepository>;
