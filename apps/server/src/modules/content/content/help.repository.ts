import type { Queryable } from '../../../db/database';

/** The help centre serves the web only (spec §7: device WEB); the column exists for other devices later. */
const DEVICE = 'WEB';

export type HelpSectionRow = { lang: string; anchor: string; title: string; html: string; sort: number };

const COLUMNS = 'lang, anchor, title, html, sort';

/** A section as the public help centre shows it. */
export type PublicHelpSection = { anchor: string; title: string; html: string };

/**
 * The help centre (table merchant_help_sections of migration 0001): the staff's writes and the public answer's read.
 * SQL only; every statement is scoped by merchant_id and the WEB device.
 */
export const helpRepository = (db: Queryable) => ({
  /** The sections the public help centre shows in `lang`, in their order. */
  published: async (merchantId: number, lang: string, device: typeof DEVICE): Promise<PublicHelpSection[]> =>
    (
      await db.query<PublicHelpSection>(
        `SELECT anchor, title, html FROM merchant_help_sections
         WHERE merchant_id = $1 AND lang = $2 AND device = $3 ORDER BY sort, anchor`,
        [merchantId, lang, device],
      )
    ).rows,

  list: async (merchantId: number, lang: string | undefined): Promise<HelpSectionRow[]> =>
    (
      await db.query<HelpSectionRow>(
        `SELECT ${COLUMNS} FROM merchant_help_sections
         WHERE merchant_id = $1 AND device = $2 AND ($3::text IS NULL OR lang = $3::text)
         ORDER BY lang, sort, anchor`,
        [merchantId, DEVICE, lang ?? null],
      )
    ).rows,

  countIn: async (merchantId: number, lang: string): Promise<number> =>
    Number(
      (
        await db.query<{ n: bigint }>(
          'SELECT count(*) AS n FROM merchant_help_sections WHERE merchant_id = $1 AND device = $2 AND lang = $3',
          [merchantId, DEVICE, lang],
        )
      ).rows[0]?.n ?? 0n,
    ),

  /** The row locked for an update or delete in the caller's transaction. */
  forUpdate: async (merchantId: number, lang: string, anchor: string): Promise<HelpSectionRow | undefined> =>
    (
      await db.query<HelpSectionRow>(
        `SELECT ${COLUMNS} FROM merchant_help_sections
         WHERE merchant_id = $1 AND device = $2 AND lang = $3 AND anchor = $4 FOR UPDATE`,
        [merchantId, DEVICE, lang, anchor],
      )
    ).rows[0],

  /** Undefined when the language already has a section with this anchor (nothing written). */
  insert: async (merchantId: number, section: HelpSectionRow): Promise<HelpSectionRow | undefined> =>
    (
      await db.query<HelpSectionRow>(
        `INSERT INTO merchant_help_sections (merchant_id, device, lang, anchor, title, html, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (merchant_id, lang, device, anchor) DO NOTHING
         RETURNING ${COLUMNS}`,
        [merchantId, DEVICE, section.lang, section.anchor, section.title, section.html, section.sort],
      )
    ).rows[0],

  update: async (merchantId: number, section: HelpSectionRow): Promise<HelpSectionRow | undefined> =>
    (
      await db.query<HelpSectionRow>(
        `UPDATE merchant_help_sections SET title = $5, html = $6, sort = $7
         WHERE merchant_id = $1 AND device = $2 AND lang = $3 AND anchor = $4
         RETURNING ${COLUMNS}`,
        [merchantId, DEVICE, section.lang, section.anchor, section.title, section.html, section.sort],
      )
    ).rows[0],

  delete: async (merchantId: number, lang: string, anchor: string): Promise<boolean> =>
    (
      await db.query(
        `DELETE FROM merchant_help_sections
         WHERE merchant_id = $1 AND device = $2 AND lang = $3 AND anchor = $4 RETURNING 1`,
        [merchantId, DEVICE, lang, anchor],
      )
    ).rows.length > 0,
});
