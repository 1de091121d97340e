import type { AnnouncementAudience, BannerGroup, NoticeExecution, NoticeType } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { toIso } from '../../../lib/clock';

export type BannerRow = {
  id: bigint;
  groupName: BannerGroup;
  language: string | null;
  title: string;
  imageUrl: string;
  url: string | null;
  sort: number;
  startsAt: Date | null;
  endsAt: Date | null;
  enabled: boolean;
};

export type NoticeRow = {
  id: bigint;
  type: NoticeType;
  execution: NoticeExecution;
  /** PLAYERS (the lobby) or AGENTS (the agent centre's announcements). */
  audience: AnnouncementAudience;
  language: string | null;
  title: string;
  content: string;
  promotionType: string | null;
  sort: number;
  startsAt: Date;
  endsAt: Date | null;
  enabled: boolean;
};

export type WinRow = { customerName: string; winMinor: bigint; iconUrl: string; names: Record<string, string> };

/** Which games a winner-board category covers (spec §2: ESPORTS and COCKFIGHT are SPORTS vendors by list). */
export type WinFilter = { gameType: string | null; vendorIn: string[] | null; vendorNotIn: string[] | null };

export type NewBanner = Omit<BannerRow, 'id' | 'startsAt' | 'endsAt'> & {
  startsAt: string | null;
  endsAt: string | null;
};
export type NewNotice = Omit<NoticeRow, 'id' | 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string | null };

/** Most items a public list returns: far more than a lobby shows, a bound on the work. */
export const PUBLIC_BANNERS_MAX = 50;
export const PUBLIC_NOTICES_PER_TYPE_MAX = 100;

const BANNER_COLUMNS = `id, group_name AS "groupName", language, title, image_url AS "imageUrl", link_url AS "url", sort,
  starts_at AS "startsAt", ends_at AS "endsAt", enabled`;
const NOTICE_COLUMNS = `id, type, execution, audience, language, title, content, promotion_type AS "promotionType", sort,
  starts_at AS "startsAt", ends_at AS "endsAt", enabled`;

/** Wire field → column of the update statements; the only names that reach SQL text. */
const BANNER_SET: Record<keyof NewBanner, string> = {
  groupName: 'group_name',
  language: 'language',
  title: 'title',
  imageUrl: 'image_url',
  url: 'link_url',
  sort: 'sort',
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  enabled: 'enabled',
};
const NOTICE_SET: Record<keyof NewNotice, string> = {
  type: 'type',
  execution: 'execution',
  audience: 'audience',
  language: 'language',
  title: 'title',
  content: 'content',
  promotionType: 'promotion_type',
  sort: 'sort',
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  enabled: 'enabled',
};

const setClause = <T extends object>(columns: Record<keyof T, string>, values: T, first: number) => {
  const names = Object.keys(columns) as (keyof T)[];
  return {
    sql: names.map((name, i) => `${columns[name]} = $${first + i}`).join(', '),
    params: names.map((name) => values[name]),
  };
};

const page = async <T>(
  db: Queryable,
  table: 'banners' | 'notices',
  columns: string,
  where: { sql: string; params: unknown[] },
  order: string,
  paging: { pageNo: number; pageSize: number },
): Promise<{ rows: T[]; total: number }> => {
  const offset = (paging.pageNo - 1) * paging.pageSize;
  const n = where.params.length;
  const [rows, count] = await Promise.all([
    db.query<T>(
      `SELECT ${columns} FROM ${table} WHERE ${where.sql} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...where.params, paging.pageSize, offset],
    ),
    db.query<{ total: bigint }>(`SELECT count(*) AS total FROM ${table} WHERE ${where.sql}`, where.params),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0n) };
};

/** Banners, notices and wins. SQL only; every statement is scoped by merchant_id. */
export const contentRepository = (db: Queryable) => ({
  /** Enabled banners of a group for a language (NULL: every language), live at `nowMs`, by sort then id. */
  liveBanners: async (merchantId: number, group: BannerGroup, language: string, nowMs: number) =>
    (
      await db.query<BannerRow>(
        `SELECT ${BANNER_COLUMNS} FROM banners
         WHERE merchant_id = $1 AND group_name = $2 AND enabled AND (language IS NULL OR language = $3)
           AND (starts_at IS NULL OR starts_at <= $4::timestamptz) AND (ends_at IS NULL OR ends_at > $4::timestamptz)
         ORDER BY sort, id LIMIT $5`,
        [merchantId, group, language, toIso(nowMs), PUBLIC_BANNERS_MAX],
      )
    ).rows,

  /**
   * Enabled player notices of these executions and types for a language, live at `nowMs`; per type, lowest sort and
   * newest first. Announcements for agents are never among them.
   */
  liveNotices: async (
    merchantId: number,
    filter: { executions: NoticeExecution[]; types: NoticeType[]; language: string },
    nowMs: number,
  ) =>
    (
      await db.query<NoticeRow>(
        `SELECT ${NOTICE_COLUMNS} FROM (
           SELECT n.*, row_number() OVER (PARTITION BY type ORDER BY sort, starts_at DESC, id DESC) AS rank
           FROM notices n
           WHERE merchant_id = $1 AND enabled AND audience = 'PLAYERS' AND execution = ANY($2::text[])
             AND type = ANY($3::text[])
             AND (language IS NULL OR language = $4)
             AND starts_at <= $5::timestamptz AND (ends_at IS NULL OR ends_at > $5::timestamptz)
         ) ranked
         WHERE rank <= $6 ORDER BY sort, "startsAt" DESC, id DESC`,
        [merchantId, filter.executions, filter.types, filter.language, toIso(nowMs), PUBLIC_NOTICES_PER_TYPE_MAX],
      )
    ).rows,

  /** A page of the enabled announcements for agents in a language (NULL: every language), live at `nowMs`. */
  liveAgentAnnouncements: async (
    merchantId: number,
    language: string,
    nowMs: number,
    paging: { pageNo: number; pageSize: number },
  ): Promise<{ rows: NoticeRow[]; total: number }> => {
    const where = `merchant_id = $1 AND enabled AND audience = 'AGENTS' AND (language IS NULL OR language = $2)
      AND starts_at <= $3::timestamptz AND (ends_at IS NULL OR ends_at > $3::timestamptz)`;
    const params = [merchantId, language, toIso(nowMs)];
    const [rows, count] = await Promise.all([
      db.query<NoticeRow>(
        `SELECT ${NOTICE_COLUMNS} FROM notices WHERE ${where} ORDER BY sort, starts_at DESC, id DESC LIMIT $4 OFFSET $5`,
        [...params, paging.pageSize, (paging.pageNo - 1) * paging.pageSize],
      ),
      db.query<{ total: bigint }>(`SELECT count(*) AS total FROM notices WHERE ${where}`, params),
    ]);
    return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0n) };
  },

  /**
   * The largest wins in the merchant's currency, on games not switched off, of connected vendors (the board shows
   * games a player can play; the connection is the catalogue's column, DESIGN §6). Wins are the bets module's and games
   * the catalogue's: read through the views they publish (docs/architecture.md "Read-only views").
   */
  topWins: async (merchantId: number, currency: string, filter: WinFilter, limit: number) =>
    (
      await db.query<WinRow>(
        `SELECT w.customer_name AS "customerName", w.win_minor AS "winMinor", g.icon_url AS "iconUrl", g.names
         FROM game_win_facts w JOIN game_directory g ON g.id = w.game_id AND g.merchant_id = w.merchant_id
           JOIN vendor_directory v
             ON v.merchant_id = g.merchant_id AND v.code = g.vendor_code AND v.connected
         WHERE w.merchant_id = $1 AND w.currency = $2 AND g.status <> 'DISABLED'
           AND ($3::text IS NULL OR g.game_type = $3::text)
           AND ($4::text[] IS NULL OR g.vendor_code = ANY($4::text[]))
           AND ($5::text[] IS NULL OR NOT (g.vendor_code = ANY($5::text[])))
         ORDER BY w.win_minor DESC, w.win_id DESC LIMIT $6`,
        [merchantId, currency, filter.gameType, filter.vendorIn, filter.vendorNotIn, limit],
      )
    ).rows,

  bannerPage: (merchantId: number, group: BannerGroup | undefined, paging: { pageNo: number; pageSize: number }) =>
    page<BannerRow>(
      db,
      'banners',
      BANNER_COLUMNS,
      group === undefined
        ? { sql: 'merchant_id = $1', params: [merchantId] }
        : { sql: 'merchant_id = $1 AND group_name = $2', params: [merchantId, group] },
      'group_name, sort, id',
      paging,
    ),

  noticePage: (
    merchantId: number,
    filter: { type?: NoticeType; execution?: NoticeExecution; audience?: AnnouncementAudience },
    paging: { pageNo: number; pageSize: number },
  ) =>
    page<NoticeRow>(
      db,
      'notices',
      NOTICE_COLUMNS,
      {
        sql: `merchant_id = $1 AND ($2::text IS NULL OR type = $2::text) AND ($3::text IS NULL OR execution = $3::text)
          AND ($4::text IS NULL OR audience = $4::text)`,
        params: [merchantId, filter.type ?? null, filter.execution ?? null, filter.audience ?? null],
      },
      'starts_at DESC, id DESC',
      paging,
    ),

  /** The row locked for an update in the caller's transaction. */
  bannerForUpdate: async (merchantId: number, id: bigint) =>
    (
      await db.query<BannerRow>(`SELECT ${BANNER_COLUMNS} FROM banners WHERE merchant_id = $1 AND id = $2 FOR UPDATE`, [
        merchantId,
        id,
      ])
    ).rows[0],

  noticeForUpdate: async (merchantId: number, id: bigint) =>
    (
      await db.query<NoticeRow>(`SELECT ${NOTICE_COLUMNS} FROM notices WHERE merchant_id = $1 AND id = $2 FOR UPDATE`, [
        merchantId,
        id,
      ])
    ).rows[0],

  insertBanner: async (merchantId: number, banner: NewBanner): Promise<BannerRow> => {
    const set = setClause(BANNER_SET, banner, 2);
    const columns = Object.values(BANNER_SET).join(', ');
    const values = set.params.map((_, i) => `$${i + 2}`).join(', ');
    const { rows } = await db.query<BannerRow>(
      `INSERT INTO banners (merchant_id, ${columns}) VALUES ($1, ${values}) RETURNING ${BANNER_COLUMNS}`,
      [merchantId, ...set.params],
    );
    const row = rows[0];
    if (row === undefined) throw new Error('banner was not inserted');
    return row;
  },

  updateBanner: async (merchantId: number, id: bigint, banner: NewBanner): Promise<BannerRow | undefined> => {
    const set = setClause(BANNER_SET, banner, 3);
    return (
      await db.query<BannerRow>(
        `UPDATE banners SET ${set.sql} WHERE merchant_id = $1 AND id = $2 RETURNING ${BANNER_COLUMNS}`,
        [merchantId, id, ...set.params],
      )
    ).rows[0];
  },

  /** The deleted row (for the audit), undefined when there was none. */
  deleteBanner: async (merchantId: number, id: bigint): Promise<BannerRow | undefined> =>
    (
      await db.query<BannerRow>(`DELETE FROM banners WHERE merchant_id = $1 AND id = $2 RETURNING ${BANNER_COLUMNS}`, [
        merchantId,
        id,
      ])
    ).rows[0],

  insertNotice: async (merchantId: number, notice: NewNotice): Promise<NoticeRow> => {
    const set = setClause(NOTICE_SET, notice, 2);
    const columns = Object.values(NOTICE_SET).join(', ');
    const values = set.params.map((_, i) => `$${i + 2}`).join(', ');
    const { rows } = await db.query<NoticeRow>(
      `INSERT INTO notices (merchant_id, ${columns}) VALUES ($1, ${values}) RETURNING ${NOTICE_COLUMNS}`,
      [merchantId, ...set.params],
    );
    const row = rows[0];
    if (row === undefined) throw new Error('notice was not inserted');
    return row;
  },

  updateNotice: async (merchantId: number, id: bigint, notice: NewNotice): Promise<NoticeRow | undefined> => {
    const set = setClause(NOTICE_SET, notice, 3);
    return (
      await db.query<NoticeRow>(
        `UPDATE notices SET ${set.sql} WHERE merchant_id = $1 AND id = $2 RETURNING ${NOTICE_COLUMNS}`,
        [merchantId, id, ...set.params],
      )
    ).rows[0];
  },

  /** The deleted row (for the audit), undefined when there was none. */
  deleteNotice: async (merchantId: number, id: bigint): Promise<NoticeRow | undefined> =>
    (
      await db.query<NoticeRow>(`DELETE FROM notices WHERE merchant_id = $1 AND id = $2 RETURNING ${NOTICE_COLUMNS}`, [
        merchantId,
        id,
      ])
    ).rows[0],
});

export type ContentRepository = ReturnType<typeof contentRepository>;
