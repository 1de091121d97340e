import type { Queryable } from '../../../db/database';
import { toIso } from '../../../lib/clock';

export type NoteRow = { id: bigint; text: string; staffUsername: string; createdAt: Date };

/** SQL only (STYLE.md): staff notes on members. Every statement is scoped by merchant_id. */
export const memberOpsRepository = (db: Queryable) => ({
  insertNote: async (
    merchantId: number,
    note: { memberId: bigint; staffId: string | null; staffUsername: string; text: string },
    nowMs: number,
  ): Promise<NoteRow> => {
    const { rows } = await db.query<NoteRow>(
      `INSERT INTO member_notes (merchant_id, member_id, staff_id, staff_username, text, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::timestamptz)
       RETURNING id, text, staff_username AS "staffUsername", created_at AS "createdAt"`,
      [merchantId, note.memberId, note.staffId, note.staffUsername, note.text, toIso(nowMs)],
    );
    const row = rows[0];
    if (row === undefined) throw new Error('note was not inserted');
    return row;
  },

  notes: async (merchantId: number, memberId: bigint, offset: number, limit: number) =>
    (
      await db.query<NoteRow>(
        `SELECT id, text, staff_username AS "staffUsername", created_at AS "createdAt" FROM member_notes
         WHERE merchant_id = $1 AND member_id = $2 ORDER BY created_at DESC, id DESC OFFSET $3 LIMIT $4`,
        [merchantId, memberId, offset, limit],
      )
    ).rows,

  countNotes: async (merchantId: number, memberId: bigint, cap: number): Promise<number> => {
    const { rows } = await db.query<{ n: bigint | number }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM member_notes WHERE merchant_id = $1 AND member_id = $2 LIMIT $3) t`,
      [merchantId, memberId, cap],
    );
    return Number(rows[0]?.n ?? 0);
  },
});

export type MemberOpsRepository = ReturnType<typeof memberOpsRepository>;
