import type { Queryable } from '../../../db/database';
import type { MessageTranslation } from '@platform/contracts';

/** What decides which broadcasts reach a member (ADR 0032): read once per request, then passed to every query. */
export type Reader = {
  merchantId: number;
  memberId: bigint;
  registeredAt: Date;
  isAgent: boolean;
  /** null: no VIP module, or no level. */
  vipLevel: number | null;
  /** The member's agents, nearest first (the agent tree, depth ≥ 1). */
  uplines: bigint[];
};

export type MessageRow = {
  id: bigint;
  kind: 'STAFF' | 'SYSTEM';
  audience: 'MEMBER' | 'MEMBERS' | 'SEGMENT' | 'ALL' | 'AGENTS';
  translations: MessageTranslation[];
  sendAt: Date;
  read: boolean;
};

export type NewMessage = {
  kind: 'STAFF' | 'SYSTEM';
  audience: MessageRow['audience'];
  segment: {
    vipLevels: number[] | null;
    agentId: bigint | null;
    registeredFrom: string | null;
    registeredTo: string | null;
    lastActiveFrom: string | null;
    lastActiveTo: string | null;
  } | null;
  translations: MessageTranslation[];
  dedupeKey: string | null;
  sendAt: Date;
  /** Already pushed (sent now) or waiting for the scheduled push. */
  pushed: boolean;
  createdBy: string | null;
  recipients: bigint[];
};

/**
 * The messages a reader sees, as one SQL fragment over `m` (inbox_messages). Parameters: $1 merchant, $2 member,
 * $3 registered at, $4 is agent, $5 VIP level, $6 uplines, $7 now. Direct messages through the reader's recipient
 * rows; broadcasts sent at or after the member registered, matching the segment at read time, with last activity as
 * it was when the message was sent (the last login before send_at).
 */
const VISIBLE = `
  m.merchant_id = $1 AND m.withdrawn_at IS NULL AND m.send_at <= $7::timestamptz
  AND NOT EXISTS (SELECT 1 FROM inbox_states d
    WHERE d.merchant_id = $1 AND d.member_id = $2 AND d.message_id = m.id AND d.deleted_at IS NOT NULL)
  AND CASE
    WHEN m.audience IN ('MEMBER', 'MEMBERS') THEN EXISTS (SELECT 1 FROM inbox_recipients r
      WHERE r.merchant_id = $1 AND r.member_id = $2 AND r.message_id = m.id)
    WHEN m.send_at < $3 THEN false
    WHEN m.audience = 'ALL' THEN true
    WHEN m.audience = 'AGENTS' THEN $4::boolean
    ELSE (m.vip_levels IS NULL OR $5::integer = ANY (m.vip_levels))
      AND (m.agent_id IS NULL OR m.agent_id = ANY ($6::bigint[]))
      AND (m.registered_from IS NULL OR $3 >= m.registered_from)
      AND (m.registered_to IS NULL OR $3 < m.registered_to)
      AND (m.last_active_from IS NULL AND m.last_active_to IS NULL OR EXISTS (
        SELECT 1 FROM (SELECT max(f.logged_in_at) AS at FROM member_login_facts f
          WHERE f.merchant_id = $1 AND f.member_id = $2 AND f.logged_in_at < m.send_at) last
        WHERE last.at IS NOT NULL
          AND (m.last_active_from IS NULL OR last.at >= m.last_active_from)
          AND (m.last_active_to IS NULL OR last.at < m.last_active_to)))
  END`;

/**
 * Direct messages are found through the reader's recipient rows and broadcasts through their partial index; the two
 * branches keep each on its own index rather than an OR over the whole table.
 */
const CANDIDATES = `(
  SELECT m.* FROM inbox_messages m
    JOIN inbox_recipients r ON r.merchant_id = m.merchant_id AND r.message_id = m.id
    WHERE r.merchant_id = $1 AND r.member_id = $2
  UNION ALL
  SELECT m.* FROM inbox_messages m
    WHERE m.merchant_id = $1 AND m.audience IN ('SEGMENT', 'ALL', 'AGENTS') AND m.withdrawn_at IS NULL
      AND m.send_at >= $3::timestamptz
) m`;

const readerParams = (reader: Reader, now: Date) => [
  reader.merchantId,
  reader.memberId,
  reader.registeredAt,
  reader.isAgent,
  reader.vipLevel,
  reader.uplines.map(String),
  now,
];

const READ_FLAG = `EXISTS (SELECT 1 FROM inbox_states s
  WHERE s.merchant_id = $1 AND s.member_id = $2 AND s.message_id = m.id AND s.read_at IS NOT NULL)`;

export const inboxRepository = (db: Queryable) => ({
  /** The member's registration time, type and uplines (identity's views). */
  async readerFacts(merchantId: number, memberId: bigint) {
    const { rows } = await db.query<{ createdAt: Date; userType: number; uplines: bigint[] | null }>(
      `SELECT d.created_at AS "createdAt", d.user_type AS "userType",
         (SELECT array_agg(t.ancestor_id ORDER BY t.depth) FROM agent_tree t
          WHERE t.merchant_id = d.merchant_id AND t.descendant_id = d.id AND t.depth > 0) AS uplines
       FROM member_directory d WHERE d.merchant_id = $1 AND d.id = $2`,
      [merchantId, memberId],
    );
    return rows[0] ?? null;
  },

  async page(reader: Reader, now: Date, limit: number, offset: number) {
    const params = readerParams(reader, now);
    const [{ rows }, total] = await Promise.all([
      db.query<MessageRow>(
        `SELECT m.id, m.kind, m.audience, m.translations, m.send_at AS "sendAt", ${READ_FLAG} AS read
         FROM ${CANDIDATES} WHERE ${VISIBLE} ORDER BY m.send_at DESC, m.id DESC LIMIT $8 OFFSET $9`,
        [...params, limit, offset],
      ),
      db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${CANDIDATES} WHERE ${VISIBLE}`, params),
    ]);
    return { rows, total: total.rows[0]?.total ?? 0 };
  },

  async unread(reader: Reader, now: Date): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${CANDIDATES} WHERE ${VISIBLE} AND NOT ${READ_FLAG}`,
      readerParams(reader, now),
    );
    return rows[0]?.n ?? 0;
  },

  /** Marks one message (only if the reader sees it) read or deleted; false when the reader does not see it. */
  async mark(reader: Reader, now: Date, id: bigint, what: 'read' | 'deleted'): Promise<boolean> {
    const column = what === 'read' ? 'read_at' : 'deleted_at';
    const { rows } = await db.query<{ id: bigint }>(
      `INSERT INTO inbox_states (merchant_id, member_id, message_id, ${column})
       SELECT $1, $2, m.id, $7::timestamptz FROM ${CANDIDATES} WHERE ${VISIBLE} AND m.id = $8
       ON CONFLICT (merchant_id, member_id, message_id)
         DO UPDATE SET ${column} = COALESCE(inbox_states.${column}, EXCLUDED.${column})
       RETURNING message_id AS id`,
      [...readerParams(reader, now), id],
    );
    return rows.length > 0;
  },

  async markAllRead(reader: Reader, now: Date): Promise<void> {
    await db.query(
      `INSERT INTO inbox_states (merchant_id, member_id, message_id, read_at)
       SELECT $1, $2, m.id, $7::timestamptz FROM ${CANDIDATES} WHERE ${VISIBLE} AND NOT ${READ_FLAG}
       ON CONFLICT (merchant_id, member_id, message_id) DO UPDATE SET read_at = COALESCE(inbox_states.read_at, $7)`,
      readerParams(reader, now),
    );
  },

  /** Inserts a message and its recipients; null when a message with the same dedupe key exists. */
  async insert(merchantId: number, message: NewMessage): Promise<bigint | null> {
    const s = message.segment;
    const { rows } = await db.query<{ id: bigint }>(
      `INSERT INTO inbox_messages (merchant_id, kind, audience, vip_levels, agent_id, registered_from, registered_to,
         last_active_from, last_active_to, translations, dedupe_key, send_at, pushed_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::timestamptz,
         CASE WHEN $13::boolean THEN $12::timestamptz END, $14)
       ON CONFLICT (merchant_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
       RETURNING id`,
      [
        ...[merchantId, message.kind, message.audience, s?.vipLevels ?? null, s?.agentId ?? null],
        ...[s?.registeredFrom ?? null, s?.registeredTo ?? null, s?.lastActiveFrom ?? null, s?.lastActiveTo ?? null],
        ...[JSON.stringify(message.translations), message.dedupeKey, message.sendAt, message.pushed, message.createdBy],
      ],
    );
    const id = rows[0]?.id;
    if (id === undefined) return null;
    if (message.recipients.length > 0) {
      await db.query(
        `INSERT INTO inbox_recipients (merchant_id, member_id, message_id)
         SELECT $1, unnest($2::bigint[]), $3 ON CONFLICT DO NOTHING`,
        [merchantId, message.recipients.map(String), id],
      );
    }
    return id;
  },

  /** Member ids of usernames (case-insensitive), real accounts only (no trial members). */
  async memberIds(merchantId: number, usernames: string[]) {
    const { rows } = await db.query<{ id: bigint; username: string; userType: number }>(
      `SELECT id, username, user_type AS "userType" FROM member_directory
       WHERE merchant_id = $1 AND lower(username) = ANY ($2::text[]) AND user_type <> 4`,
      [merchantId, usernames.map((u) => u.toLowerCase())],
    );
    return rows;
  },

  async sent(merchantId: number, limit: number, offset: number) {
    const [{ rows }, total] = await Promise.all([
      db.query<{
        id: bigint;
        kind: 'STAFF' | 'SYSTEM';
        audience: MessageRow['audience'];
        translations: MessageTranslation[];
        sendAt: Date;
        createdBy: string | null;
        recipients: number | null;
        reads: number;
      }>(
        `SELECT m.id, m.kind, m.audience, m.translations, m.send_at AS "sendAt", m.created_by AS "createdBy",
           CASE WHEN m.audience IN ('MEMBER', 'MEMBERS') THEN (SELECT count(*)::int FROM inbox_recipients r
             WHERE r.merchant_id = m.merchant_id AND r.message_id = m.id) END AS recipients,
           (SELECT count(*)::int FROM inbox_states s
             WHERE s.merchant_id = m.merchant_id AND s.message_id = m.id AND s.read_at IS NOT NULL) AS reads
         FROM inbox_messages m WHERE m.merchant_id = $1 AND m.kind = 'STAFF' AND m.withdrawn_at IS NULL
         ORDER BY m.created_at DESC, m.id DESC LIMIT $2 OFFSET $3`,
        [merchantId, limit, offset],
      ),
      db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM inbox_messages
         WHERE merchant_id = $1 AND kind = 'STAFF' AND withdrawn_at IS NULL`,
        [merchantId],
      ),
    ]);
    return { rows, total: total.rows[0]?.total ?? 0 };
  },

  async withdraw(merchantId: number, id: bigint, now: Date): Promise<boolean> {
    const { rows } = await db.query(
      `UPDATE inbox_messages SET withdrawn_at = $3
       WHERE merchant_id = $1 AND id = $2 AND kind = 'STAFF' AND withdrawn_at IS NULL RETURNING id`,
      [merchantId, id, now],
    );
    return rows.length > 0;
  },

  /** Scheduled messages whose time came: marked pushed, answered for the realtime push. */
  async due(now: Date, batch: number) {
    const { rows } = await db.query<{ merchantId: number; id: bigint; audience: MessageRow['audience'] }>(
      `UPDATE inbox_messages SET pushed_at = $1
       WHERE (merchant_id, id) IN (SELECT merchant_id, id FROM inbox_messages
         WHERE pushed_at IS NULL AND send_at <= $1 ORDER BY send_at LIMIT $2)
       RETURNING merchant_id AS "merchantId", id, audience`,
      [now, batch],
    );
    return rows;
  },

  async recipientsOf(merchantId: number, id: bigint): Promise<bigint[]> {
    const { rows } = await db.query<{ memberId: bigint }>(
      `SELECT member_id AS "memberId" FROM inbox_recipients WHERE merchant_id = $1 AND message_id = $2 LIMIT 1000`,
      [merchantId, id],
    );
    return rows.map((r) => r.memberId);
  },
});

export type InboxRepository = ReturnType<typeof inboxRepository>;
