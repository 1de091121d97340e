import type { GameClassify, GameStatus, GameType } from '@platform/contracts';
import type { Database, Queryable } from '../../../db/database';

/** A listed game with what its wire form needs of its vendor. */
export type GameRow = {
  id: bigint;
  vendorCode: string;
  vendorName: string;
  gameType: GameType;
  gameCode: string;
  names: Record<string, string>;
  gameClassify: GameClassify;
  iconUrl: string;
  isHot: boolean;
  isNew: boolean;
  freeTrial: boolean;
  minBetMinor: bigint;
  minLineNum: number;
  opensPopup: boolean;
};

export type VendorCardRow = {
  vendorCode: string;
  displayName: string;
  largeIconUrl: string;
  logoUrl: string;
  gameType: GameType;
  opensPopup: boolean;
  supportDemo: boolean;
  isNew: boolean;
  hasNewGames: boolean;
};

/** Filters of the games call, already translated to column terms. */
export type GameFilter = {
  gameType?: GameType;
  vendorCode?: string;
  gameClassify?: GameClassify;
  /** A LIKE pattern on search_text (search-text.ts containsPattern). */
  searchPattern?: string;
  /** min_bet_minor <= this. */
  maxMinBetMinor?: bigint;
  /** min_line_num <= this. */
  maxLineNum?: number;
  hot?: boolean;
  isNew?: boolean;
};

export type LaunchRow = {
  id: bigint;
  vendorCode: string;
  gameType: GameType;
  gameCode: string;
  names: Record<string, string>;
  status: GameStatus;
  vendorStatus: GameStatus;
  typeStatus: GameStatus;
  supportDemo: boolean;
  /** The vendor's connection (vendor-connection.ts): a game of a vendor that is not connected does not start. */
  connected: boolean;
};

const GAME_COLUMNS = `g.id, g.vendor_code AS "vendorCode", v.display_name AS "vendorName", g.game_type AS "gameType",
  g.game_code AS "gameCode", g.names, g.game_classify AS "gameClassify", g.icon_url AS "iconUrl", g.is_hot AS "isHot",
  g.is_new AS "isNew", g.free_trial AS "freeTrial", g.min_bet_minor AS "minBetMinor", g.min_line_num AS "minLineNum",
  vt.opens_popup AS "opensPopup"`;

/** Games a player may see: ACTIVE games of ACTIVE vendor types of ACTIVE, connected vendors (DESIGN §6). */
const LISTED_GAMES = `games g
  JOIN game_vendors v ON v.merchant_id = g.merchant_id AND v.code = g.vendor_code AND v.status = 'ACTIVE'
    AND v.connected
  JOIN game_vendor_types vt ON vt.merchant_id = g.merchant_id AND vt.vendor_code = g.vendor_code
    AND vt.game_type = g.game_type AND vt.status = 'ACTIVE'`;

/**
 * The WHERE of a filtered list: only the conditions present, so each query can use its own index. A name search is a
 * materialized set of ids found through the trigram index (games_search) first: otherwise the planner, which sees a
 * handful of rows per vendor, walks every vendor's games and filters them one by one.
 */
const whereOf = (merchantId: number, filter: GameFilter): { sql: string; params: unknown[]; with: string } => {
  const params: unknown[] = [merchantId];
  const conditions = ['g.merchant_id = $1', "g.status = 'ACTIVE'"];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  let withSearch = '';
  if (filter.searchPattern !== undefined) {
    params.push(filter.searchPattern);
    withSearch = `WITH matched AS MATERIALIZED (
      SELECT id FROM games WHERE merchant_id = $1 AND search_text LIKE $${params.length} ESCAPE '\\') `;
    conditions.push('g.id IN (SELECT id FROM matched)');
  }
  if (filter.gameType !== undefined) add((p) => `g.game_type = ${p}`, filter.gameType);
  if (filter.vendorCode !== undefined) add((p) => `g.vendor_code = ${p}`, filter.vendorCode);
  if (filter.gameClassify !== undefined) add((p) => `g.game_classify = ${p}`, filter.gameClassify);
  if (filter.maxMinBetMinor !== undefined) add((p) => `g.min_bet_minor <= ${p}`, filter.maxMinBetMinor);
  if (filter.maxLineNum !== undefined) add((p) => `g.min_line_num <= ${p}`, filter.maxLineNum);
  if (filter.hot === true) conditions.push('g.is_hot');
  if (filter.isNew === true) conditions.push('g.is_new');
  return { sql: conditions.join(' AND '), params, with: withSearch };
};

/** The page query of the games call (exported so a test can EXPLAIN exactly what runs). */
export const gamePageQuery = (
  merchantId: number,
  filter: GameFilter,
  limit: number,
  offset: number,
): { sql: string; params: unknown[] } => {
  const where = whereOf(merchantId, filter);
  const n = where.params.length;
  return {
    sql: `${where.with}SELECT ${GAME_COLUMNS}, count(*) OVER () AS total FROM ${LISTED_GAMES}
      WHERE ${where.sql} ORDER BY g.sort, g.id LIMIT $${n + 1} OFFSET $${n + 2}`,
    params: [...where.params, limit, offset],
  };
};

/** SQL only (STYLE.md convention 3). */
export const catalogueRepository = (db: Database) => {
  const page = async (
    merchantId: number,
    filter: GameFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: GameRow[]; total: number }> => {
    const query = gamePageQuery(merchantId, filter, limit, offset);
    const { rows } = await db.query<GameRow & { total: bigint }>(query.sql, query.params);
    if (rows.length > 0 || offset === 0) return { rows, total: Number(rows[0]?.total ?? 0n) };
    // Past the last page: the window count has no row to ride on.
    const where = whereOf(merchantId, filter);
    const count = await db.query<{ total: bigint }>(
      `${where.with}SELECT count(*) AS total FROM ${LISTED_GAMES} WHERE ${where.sql}`,
      where.params,
    );
    return { rows: [], total: Number(count.rows[0]?.total ?? 0n) };
  };

  const vendorCards = async (merchantId: number): Promise<VendorCardRow[]> =>
    (
      await db.query<VendorCardRow>(
        `SELECT vt.vendor_code AS "vendorCode", v.display_name AS "displayName", vt.large_icon_url AS "largeIconUrl",
           v.logo_url AS "logoUrl", vt.game_type AS "gameType", vt.opens_popup AS "opensPopup",
           v.support_demo AS "supportDemo", v.is_new AS "isNew",
           EXISTS (SELECT 1 FROM games g WHERE g.merchant_id = vt.merchant_id AND g.vendor_code = vt.vendor_code
             AND g.game_type = vt.game_type AND g.status = 'ACTIVE' AND g.is_new) AS "hasNewGames"
         FROM game_vendor_types vt
         JOIN game_vendors v ON v.merchant_id = vt.merchant_id AND v.code = vt.vendor_code AND v.status = 'ACTIVE'
           AND v.connected
         WHERE vt.merchant_id = $1 AND vt.status = 'ACTIVE'
         ORDER BY vt.sort, v.sort, vt.vendor_code, vt.game_type`,
        [merchantId],
      )
    ).rows;

  /** A game whatever its status, with its vendor's state (launch and favourites decide what that means). */
  const gameForAction = async (merchantId: number, gameId: bigint): Promise<LaunchRow | undefined> =>
    (
      await db.query<LaunchRow>(
        `SELECT g.id, g.vendor_code AS "vendorCode", g.game_type AS "gameType", g.game_code AS "gameCode", g.names,
           g.status, v.status AS "vendorStatus", vt.status AS "typeStatus", v.support_demo AS "supportDemo",
           v.connected
         FROM games g
         JOIN game_vendors v ON v.merchant_id = g.merchant_id AND v.code = g.vendor_code
         JOIN game_vendor_types vt ON vt.merchant_id = g.merchant_id AND vt.vendor_code = g.vendor_code
           AND vt.game_type = g.game_type
         WHERE g.merchant_id = $1 AND g.id = $2`,
        [merchantId, gameId],
      )
    ).rows[0];

  /** Staff edit: only the named fields change. Returns the game's fields afterwards, or undefined if there is none. */
  const patchGame = async (
    merchantId: number,
    gameId: bigint,
    patch: { isHot?: boolean; isNew?: boolean; status?: GameStatus; sort?: number },
  ): Promise<{ isHot: boolean; isNew: boolean; status: GameStatus; sort: number } | undefined> =>
    (
      await db.query<{ isHot: boolean; isNew: boolean; status: GameStatus; sort: number }>(
        `UPDATE games SET is_hot = coalesce($3, is_hot), is_new = coalesce($4, is_new),
           status = coalesce($5, status), sort = coalesce($6, sort), updated_at = now()
         WHERE merchant_id = $1 AND id = $2
         RETURNING is_hot AS "isHot", is_new AS "isNew", status, sort`,
        [merchantId, gameId, patch.isHot ?? null, patch.isNew ?? null, patch.status ?? null, patch.sort ?? null],
      )
    ).rows[0];

  /** Where the merchant's listed vendors' game clients load from: their absolute launch addresses. */
  const launchUrls = async (merchantId: number): Promise<string[]> =>
    (
      await db.query<{ url: string }>(
        `SELECT DISTINCT launch_url AS url FROM game_vendors
         WHERE merchant_id = $1 AND status <> 'DISABLED' AND connected AND launch_url ~ '^https?://' LIMIT 500`,
        [merchantId],
      )
    ).rows.map((row) => row.url);

  return { page, vendorCards, gameForAction, patchGame, launchUrls };
};

export type CatalogueRepository = ReturnType<typeof catalogueRepository>;

/** Favourites and recent games: every statement carries the member, so a member only reaches its own rows. */
export const memberGamesRepository = (db: Database) => {
  const favouriteIds = async (merchantId: number, memberId: bigint): Promise<bigint[]> =>
    (
      await db.query<{ id: bigint }>(
        `SELECT g.id FROM game_favourites f JOIN ${LISTED_GAMES} ON g.merchant_id = f.merchant_id AND g.id = f.game_id
         WHERE f.merchant_id = $1 AND f.member_id = $2 AND g.status = 'ACTIVE'
         ORDER BY f.created_at DESC, g.id DESC`,
        [merchantId, memberId],
      )
    ).rows.map((row) => row.id);

  const favouritePage = async (
    merchantId: number,
    memberId: bigint,
    gameType: GameType | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: GameRow[]; total: number }> => {
    const { rows } = await db.query<GameRow & { total: bigint }>(
      `SELECT ${GAME_COLUMNS}, count(*) OVER () AS total
       FROM game_favourites f JOIN ${LISTED_GAMES} ON g.merchant_id = f.merchant_id AND g.id = f.game_id
       WHERE f.merchant_id = $1 AND f.member_id = $2 AND g.status = 'ACTIVE' AND ($3::text IS NULL OR g.game_type = $3)
       ORDER BY f.created_at DESC, g.id DESC LIMIT $4 OFFSET $5`,
      [merchantId, memberId, gameType ?? null, limit, offset],
    );
    return { rows, total: Number(rows[0]?.total ?? 0n) };
  };

  /**
   * Adds a favourite unless the member already keeps `max` (a lock per member, held to the commit, so two adds cannot
   * both take the last place). Returns 'added', 'present' (already a favourite) or 'full'.
   */
  const addFavourite = (merchantId: number, memberId: bigint, gameId: bigint, max: number, at: Date) =>
    db.transaction(async (tx): Promise<'added' | 'present' | 'full'> => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('game-favourites:' || $1::text || ':' || $2::text))", [
        merchantId,
        memberId,
      ]);
      const present = await tx.query(
        'SELECT 1 FROM game_favourites WHERE merchant_id = $1 AND member_id = $2 AND game_id = $3',
        [merchantId, memberId, gameId],
      );
      if (present.rows.length > 0) return 'present';
      const count = await tx.query<{ n: bigint }>(
        'SELECT count(*) AS n FROM game_favourites WHERE merchant_id = $1 AND member_id = $2',
        [merchantId, memberId],
      );
      if (Number(count.rows[0]?.n ?? 0n) >= max) return 'full';
      await tx.query(
        `INSERT INTO game_favourites (merchant_id, member_id, game_id, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [merchantId, memberId, gameId, at],
      );
      return 'added';
    });

  const removeFavourite = (merchantId: number, memberId: bigint, gameId: bigint): Promise<unknown> =>
    db.query('DELETE FROM game_favourites WHERE merchant_id = $1 AND member_id = $2 AND game_id = $3', [
      merchantId,
      memberId,
      gameId,
    ]);

  /** The member's newest launches (at most `cap`), filtered, then paged. */
  const recentPage = async (
    merchantId: number,
    memberId: bigint,
    filter: { gameType?: GameType; vendorCode?: string },
    cap: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: GameRow[]; total: number }> => {
    const { rows } = await db.query<GameRow & { total: bigint }>(
      `WITH newest AS (
         SELECT ${GAME_COLUMNS}, r.launched_at
         FROM game_recent r JOIN ${LISTED_GAMES} ON g.merchant_id = r.merchant_id AND g.id = r.game_id
         WHERE r.merchant_id = $1 AND r.member_id = $2 AND g.status = 'ACTIVE'
           AND ($3::text IS NULL OR g.game_type = $3) AND ($4::text IS NULL OR g.vendor_code = $4)
         ORDER BY r.launched_at DESC, g.id DESC LIMIT $5)
       SELECT *, count(*) OVER () AS total FROM newest ORDER BY launched_at DESC, id DESC LIMIT $6 OFFSET $7`,
      [merchantId, memberId, filter.gameType ?? null, filter.vendorCode ?? null, cap, limit, offset],
    );
    if (rows.length > 0 || offset === 0) return { rows, total: Number(rows[0]?.total ?? 0n) };
    const count = await recentPage(merchantId, memberId, filter, cap, cap, 0);
    return { rows: [], total: count.total };
  };

  /** Moves the game to the top of the member's recent list; keeps at most `keep` rows per member. */
  const recordLaunch = (merchantId: number, memberId: bigint, gameId: bigint, at: Date, keep: number) =>
    db.transaction(async (tx: Queryable) => {
      await tx.query(
        `INSERT INTO game_recent (merchant_id, member_id, game_id, launched_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (merchant_id, member_id, game_id)
         DO UPDATE SET launched_at = EXCLUDED.launched_at, launches = game_recent.launches + 1`,
        [merchantId, memberId, gameId, at],
      );
      await tx.query(
        `DELETE FROM game_recent WHERE merchant_id = $1 AND member_id = $2 AND game_id IN (
           SELECT game_id FROM game_recent WHERE merchant_id = $1 AND member_id = $2
           ORDER BY launched_at DESC, game_id DESC OFFSET $3)`,
        [merchantId, memberId, keep],
      );
    });

  return { favouriteIds, favouritePage, addFavourite, removeFavourite, recentPage, recordLaunch };
};

export type MemberGamesRepository = ReturnType<typeof memberGamesRepository>;
