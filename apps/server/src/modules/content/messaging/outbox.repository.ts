import type { Queryable } from '../../../db/database';
import { toIso } from '../../../lib/clock';

export type OutboxRow = {
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: Date;
};

/** Rows are few per recipient; the list is capped all the same. */
const LIST_LIMIT = 20;

export const outboxRepository = (db: Queryable) => ({
  insert: async (merchantId: number, row: Omit<OutboxRow, 'createdAt'>, nowMs: number): Promise<void> => {
    await db.query(
      `INSERT INTO outbox (merchant_id, channel, recipient, subject, body, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::timestamptz)`,
      [merchantId, row.channel, row.recipient, row.subject, row.body, toIso(nowMs)],
    );
  },
  listFor: async (merchantId: number, recipient: string): Promise<OutboxRow[]> =>
    (
      await db.query<OutboxRow>(
        `SELECT channel, recipient, subject, body, created_at AS "createdAt" FROM outbox
         WHERE merchant_id = $1 AND recipient = $2 ORDER BY id DESC LIMIT $3`,
        [merchantId, recipient, LIST_LIMIT],
      )
    ).rows,
  purge: async (beforeMs: number, batch: number): Promise<number> => {
    const { rows } = await db.query(
      `DELETE FROM outbox WHERE ctid = ANY (ARRAY(
         SELECT ctid FROM outbox WHERE created_at < $1::timestamptz LIMIT $2)) RETURNING 1`,
      [toIso(beforeMs), batch],
    );
    return rows.length;
  },
});

export type OutboxRepository = ReturnType<typeof outboxRepository>;
