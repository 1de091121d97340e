import type { Database } from '../../../db/database';
import { toIso } from '../../../lib/clock';

/** Test fixtures of lobby content, written straight to the database (no staff API, no cache invalidation). */

export const wipeContent = async (db: Database, merchantId: number): Promise<void> => {
  await db.query('DELETE FROM banners WHERE merchant_id = $1', [merchantId]);
  await db.query('DELETE FROM notices WHERE merchant_id = $1', [merchantId]);
  await db.query('DELETE FROM game_wins WHERE merchant_id = $1', [merchantId]);
};

export type BannerFixture = {
  groupName?: string;
  language?: string | null;
  title: string;
  url?: string | null;
  sort?: number;
  startsAtMs?: number | null;
  endsAtMs?: number | null;
  enabled?: boolean;
};

export const insertBanner = async (db: Database, merchantId: number, b: BannerFixture): Promise<string> => {
  const { rows } = await db.query<{ id: bigint }>(
    `INSERT INTO banners (merchant_id, group_name, language, title, image_url, link_url, sort, starts_at, ends_at,
       enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::timestamptz, $10) RETURNING id`,
    [
      merchantId,
      b.groupName ?? 'w_home',
      b.language ?? null,
      b.title,
      `/banners/${b.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`,
      b.url ?? null,
      b.sort ?? 0,
      b.startsAtMs == null ? null : toIso(b.startsAtMs),
      b.endsAtMs == null ? null : toIso(b.endsAtMs),
      b.enabled ?? true,
    ],
  );
  return String(rows[0]?.id);
};

export type NoticeFixture = {
  type: string;
  execution: string;
  title: string;
  language?: string | null;
  content?: string;
  promotionType?: string | null;
  sort?: number;
  startsAtMs: number;
  endsAtMs?: number | null;
  enabled?: boolean;
  /** Default PLAYERS. */
  audience?: 'PLAYERS' | 'AGENTS';
};

export const insertNotice = async (db: Database, merchantId: number, n: NoticeFixture): Promise<string> => {
  const { rows } = await db.query<{ id: bigint }>(
    `INSERT INTO notices (merchant_id, type, execution, language, title, content, promotion_type, sort, starts_at,
       ends_at, enabled, audience)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10::timestamptz, $11, $12) RETURNING id`,
    [
      merchantId,
      n.type,
      n.execution,
      n.language ?? null,
      n.title,
      n.content ?? `${n.title}: the details.`,
      n.promotionType ?? (n.type === 'PR' ? 'DEPOSIT_BONUS' : null),
      n.sort ?? 0,
      toIso(n.startsAtMs),
      n.endsAtMs == null ? null : toIso(n.endsAtMs),
      n.enabled ?? true,
      n.audience ?? 'PLAYERS',
    ],
  );
  return String(rows[0]?.id);
};

/** A vendor product line and a game of it; vendors are shared (ON CONFLICT), game codes must be unique. */
export const insertGame = async (
  db: Database,
  merchantId: number,
  g: { vendor: string; gameType: string; code: string; names: Record<string, string>; status?: string },
): Promise<bigint> => {
  await db.query(
    `INSERT INTO game_vendors (merchant_id, code, display_name, logo_url) VALUES ($1, $2, $2, $3)
     ON CONFLICT DO NOTHING`,
    [merchantId, g.vendor, `/vendors/${g.vendor}.svg`],
  );
  await db.query(
    `INSERT INTO game_vendor_types (merchant_id, vendor_code, game_type, large_icon_url) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [merchantId, g.vendor, g.gameType, `/vendors/${g.vendor}.svg`],
  );
  const { rows } = await db.query<{ id: bigint }>(
    `INSERT INTO games (merchant_id, vendor_code, game_type, game_code, names, game_classify, icon_url, search_text,
       status)
     VALUES ($1, $2, $3, $4, $5::jsonb, 'SLOT', $6, $7, $8) RETURNING id`,
    [
      merchantId,
      g.vendor,
      g.gameType,
      g.code,
      JSON.stringify(g.names),
      `/icons/${g.code}.svg`,
      Object.values(g.names).join(' ').toLowerCase(),
      g.status ?? 'ACTIVE',
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('game not inserted');
  return id;
};

export const insertWin = async (
  db: Database,
  merchantId: number,
  w: { gameId: bigint; customerName: string; winMinor: bigint; currency?: string; wonAtMs?: number },
): Promise<void> => {
  await db.query(
    `INSERT INTO game_wins (merchant_id, customer_name, game_id, win_minor, currency, won_at)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz)`,
    [merchantId, w.customerName, w.gameId, w.winMinor, w.currency ?? 'USD', toIso(w.wonAtMs ?? Date.now())],
  );
};
