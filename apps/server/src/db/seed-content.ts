import { parseMoney } from '@platform/contracts';
import { toIso, type Clock } from '../lib/clock';
import type { Database, Transaction } from './database';
import {
  DEMO_BANNERS,
  DEMO_NOTICES,
  DEMO_WIN_AMOUNTS,
  DEMO_WINNER_NAMES,
  type DemoNotice,
} from './seed-data/demo-content';

export { DEMO_BANNERS, DEMO_NOTICES } from './seed-data/demo-content';

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
const LANGUAGES = ['EN', 'TY'] as const;

type MerchantRow = {
  id: number;
  currencyCode: string;
  currencyScale: number;
  esportGame: string;
  cockfightGame: string;
};
type GameRow = { id: bigint; gameType: string; vendorCode: string };

const isEmpty = async (tx: Transaction, table: 'banners' | 'notices' | 'game_wins', merchantId: number) =>
  (await tx.query(`SELECT 1 FROM ${table} WHERE merchant_id = $1 LIMIT 1`, [merchantId])).rows.length === 0;

const seedBanners = async (tx: Transaction, merchantId: number): Promise<number> => {
  for (const b of DEMO_BANNERS) {
    await tx.query(
      `INSERT INTO banners (merchant_id, group_name, language, title, image_url, link_url, sort)
       VALUES ($1, $2, NULL, $3, $4, $5, $6)`,
      [merchantId, b.groupName, b.title, b.imageUrl, b.url, b.sort],
    );
  }
  return DEMO_BANNERS.length;
};

const insertNotice = async (tx: Transaction, merchantId: number, n: DemoNotice, lang: 'EN' | 'TY', nowMs: number) => {
  const text = n[lang];
  // A minute apart, so "newest first" has one answer.
  const startsMs = nowMs - n.startsDaysAgo * DAY_MS - DEMO_NOTICES.indexOf(n) * 60_000;
  await tx.query(
    `INSERT INTO notices (merchant_id, type, execution, language, title, content, promotion_type, starts_at, ends_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::timestamptz)`,
    [
      merchantId,
      n.type,
      n.execution,
      lang,
      text.title,
      text.content,
      n.promotionType,
      toIso(startsMs),
      n.endsInDays === null ? null : toIso(nowMs + n.endsInDays * DAY_MS),
    ],
  );
};

const seedNotices = async (tx: Transaction, merchantId: number, nowMs: number): Promise<number> => {
  for (const n of DEMO_NOTICES) for (const lang of LANGUAGES) await insertNotice(tx, merchantId, n, lang, nowMs);
  return DEMO_NOTICES.length * LANGUAGES.length;
};

const codes = (setting: string) => setting.split(',').map((code) => code.trim().toUpperCase());

/** The lobby category of a game (spec §2: e-sport and cock-fight vendors are SPORTS vendors shown apart). */
const categoryOf = (game: GameRow, merchant: MerchantRow): string => {
  if (game.gameType !== 'SPORTS') return game.gameType;
  if (codes(merchant.esportGame).includes(game.vendorCode)) return 'ESPORTS';
  if (codes(merchant.cockfightGame).includes(game.vendorCode)) return 'COCKFIGHT';
  return 'SPORTS';
};

/** Wins need games: without a catalogue yet, none are written (and the next boot tries again). */
const seedWins = async (tx: Transaction, merchant: MerchantRow, nowMs: number): Promise<number> => {
  const { rows: games } = await tx.query<GameRow>(
    `SELECT id, game_type AS "gameType", vendor_code AS "vendorCode" FROM games
     WHERE merchant_id = $1 AND status = 'ACTIVE' ORDER BY game_type, is_hot DESC, sort, id`,
    [merchant.id],
  );
  if (games.length === 0) return 0;
  const byCategory = new Map<string, GameRow[]>();
  for (const game of games) {
    const category = categoryOf(game, merchant);
    byCategory.set(category, [...(byCategory.get(category) ?? []), game]);
  }
  const categories = [...byCategory.values()];
  let written = 0;
  for (const [i, amount] of DEMO_WIN_AMOUNTS.entries()) {
    // Category after category, then the next game of each: every category gets wins, spread over its games.
    const pool = categories[i % categories.length] ?? [];
    const game = pool[Math.floor(i / categories.length) % pool.length];
    if (game === undefined) continue;
    const text = merchant.currencyScale >= 2 ? amount : (amount.split('.')[0] ?? amount);
    await tx.query(
      `INSERT INTO game_wins (merchant_id, customer_name, game_id, win_minor, currency, won_at)
       VALUES ($1, $2, $3, $4, $5, $6::timestamptz)`,
      [
        merchant.id,
        DEMO_WINNER_NAMES[i % DEMO_WINNER_NAMES.length],
        game.id,
        parseMoney(text, merchant.currencyScale),
        merchant.currencyCode,
        toIso(nowMs - (i * 7 + 1) * HOUR_MS),
      ],
    );
    written += 1;
  }
  return written;
};

export type ContentSeedResult = { banners: number; notices: number; wins: number };

/**
 * The demo merchant's banners, notices and winner-board examples (issue 5). Each kind is written only while the
 * merchant has none of it, so restarts add nothing and an operator's content is never touched. Runs after the
 * catalogue seed, because wins name games.
 */
export const seedDemoContent = async (db: Database, now: Clock, merchantCode = 'demo'): Promise<ContentSeedResult> =>
  db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('platform.seed-content:' || current_schema()))");
    const { rows } = await tx.query<MerchantRow>(
      `SELECT id, currency_code AS "currencyCode", currency_scale AS "currencyScale", esport_game AS "esportGame",
         cockfight_game AS "cockfightGame" FROM merchants WHERE code = $1`,
      [merchantCode],
    );
    const merchant = rows[0];
    if (merchant === undefined) return { banners: 0, notices: 0, wins: 0 };
    const nowMs = now();
    return {
      banners: (await isEmpty(tx, 'banners', merchant.id)) ? await seedBanners(tx, merchant.id) : 0,
      notices: (await isEmpty(tx, 'notices', merchant.id)) ? await seedNotices(tx, merchant.id, nowMs) : 0,
      wins: (await isEmpty(tx, 'game_wins', merchant.id)) ? await seedWins(tx, merchant, nowMs) : 0,
    };
  });
