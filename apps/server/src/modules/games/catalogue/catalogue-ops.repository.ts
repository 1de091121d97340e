import type { GameClassify, GameStatus, GameType } from '@platform/contracts';
import type { Queryable } from '../../../db/database';

/** A vendor as staff see it (game_vendors, 0009) with its product lines and game counts. */
export type StaffVendorRow = {
  code: string;
  displayName: string;
  logoUrl: string;
  walletMode: 'SEAMLESS' | 'TRANSFER';
  status: GameStatus;
  isNew: boolean;
  sort: number;
  gameTypes: GameType[];
  games: bigint;
  activeGames: bigint;
  connected: boolean;
  lastLaunchError: string | null;
  lastLaunchErrorAt: Date | null;
};

/** A game as staff see it, whatever its status. */
export type StaffGameRow = {
  id: bigint;
  vendorCode: string;
  vendorName: string;
  gameType: GameType;
  gameCode: string;
  name: string;
  gameClassify: GameClassify;
  iconUrl: string;
  isHot: boolean;
  isNew: boolean;
  status: GameStatus;
  sort: number;
};

export type StaffGameFilter = {
  /** A LIKE pattern on search_text (search-text.ts containsPattern). */
  searchPattern?: string;
  vendorCode?: string;
  gameType?: GameType;
  gameClassify?: GameClassify;
  status?: GameStatus;
  hot?: boolean;
  isNew?: boolean;
};

export type VendorChange = { status?: GameStatus; isNew?: boolean; sort?: number };
export type GameChange = { status?: GameStatus; isNew?: boolean; isHot?: boolean; sort?: number };

/** A merchant sells tens of vendors; the list is capped all the same. */
export const STAFF_VENDOR_LIST_MAX = 500;

const VENDOR_COLUMNS = `v.code, v.display_name AS "displayName", v.logo_url AS "logoUrl", v.wallet_mode AS "walletMode",
  v.status, v.is_new AS "isNew", v.sort, v.connected, v.last_launch_error AS "lastLaunchError",
  v.last_launch_error_at AS "lastLaunchErrorAt"`;

const GAME_COLUMNS = `g.id, g.vendor_code AS "vendorCode", v.display_name AS "vendorName", g.game_type AS "gameType",
  g.game_code AS "gameCode", g.names ->> 'EN' AS name, g.game_classify AS "gameClassify", g.icon_url AS "iconUrl",
  g.is_hot AS "isHot", g.is_new AS "isNew", g.status, g.sort`;
const GAME_FROM = `games g JOIN game_vendors v ON v.merchant_id = g.merchant_id AND v.code = g.vendor_code`;

/** Only the conditions present, so a query can use its index; a name search goes through the trigram index first. */
const gameWhere = (merchantId: number, filter: StaffGameFilter) => {
  const params: unknown[] = [merchantId];
  const conditions = ['g.merchant_id = $1'];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filter.searchPattern !== undefined) {
    add(
      (p) => `g.id IN (SELECT id FROM games WHERE merchant_id = $1 AND search_text LIKE ${p} ESCAPE '\\')`,
      filter.searchPattern,
    );
  }
  if (filter.vendorCode !== undefined) add((p) => `g.vendor_code = ${p}`, filter.vendorCode);
  if (filter.gameType !== undefined) add((p) => `g.game_type = ${p}`, filter.gameType);
  if (filter.gameClassify !== undefined) add((p) => `g.game_classify = ${p}`, filter.gameClassify);
  if (filter.status !== undefined) add((p) => `g.status = ${p}`, filter.status);
  if (filter.hot !== undefined) add((p) => `g.is_hot = ${p}`, filter.hot);
  if (filter.isNew !== undefined) add((p) => `g.is_new = ${p}`, filter.isNew);
  return { sql: conditions.join(' AND '), params };
};

/** SQL only; every statement is by merchant. Takes the database or the transaction the service opened. */
export const catalogueOpsRepository = {
  vendors: async (db: Queryable, merchantId: number): Promise<StaffVendorRow[]> =>
    (
      await db.query<StaffVendorRow>(
        `SELECT ${VENDOR_COLUMNS},
           ARRAY(SELECT vt.game_type FROM game_vendor_types vt WHERE vt.merchant_id = v.merchant_id
             AND vt.vendor_code = v.code ORDER BY vt.sort, vt.game_type) AS "gameTypes",
           coalesce(c.games, 0) AS games, coalesce(c.active, 0) AS "activeGames"
         FROM game_vendors v
         LEFT JOIN (SELECT vendor_code, count(*) AS games, count(*) FILTER (WHERE status = 'ACTIVE') AS active
           FROM games WHERE merchant_id = $1 GROUP BY vendor_code) c ON c.vendor_code = v.code
         WHERE v.merchant_id = $1 ORDER BY v.sort, v.code LIMIT ${STAFF_VENDOR_LIST_MAX}`,
        [merchantId],
      )
    ).rows,

  /** The vendor's editable fields, locked for the rest of the transaction. */
  lockVendor: async (tx: Queryable, merchantId: number, code: string): Promise<Required<VendorChange> | undefined> =>
    (
      await tx.query<Required<VendorChange>>(
        `SELECT status, is_new AS "isNew", sort FROM game_vendors WHERE merchant_id = $1 AND code = $2 FOR UPDATE`,
        [merchantId, code],
      )
    ).rows[0],

  updateVendor: (tx: Queryable, merchantId: number, code: string, to: Required<VendorChange>) =>
    tx.query(
      `UPDATE game_vendors SET status = $3, is_new = $4, sort = $5, updated_at = now()
       WHERE merchant_id = $1 AND code = $2`,
      [merchantId, code, to.status, to.isNew, to.sort],
    ),

  vendor: async (db: Queryable, merchantId: number, code: string): Promise<StaffVendorRow | undefined> =>
    (await catalogueOpsRepository.vendors(db, merchantId)).find((vendor) => vendor.code === code),

  gamePage: async (
    db: Queryable,
    merchantId: number,
    filter: StaffGameFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: StaffGameRow[]; total: number }> => {
    const where = gameWhere(merchantId, filter);
    const n = where.params.length;
    const { rows } = await db.query<StaffGameRow & { total: bigint }>(
      `SELECT ${GAME_COLUMNS}, count(*) OVER () AS total FROM ${GAME_FROM} WHERE ${where.sql}
       ORDER BY g.sort, g.id LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...where.params, limit, offset],
    );
    if (rows.length > 0 || offset === 0) return { rows, total: Number(rows[0]?.total ?? 0n) };
    // Past the last page: the window count has no row to ride on.
    const count = await db.query<{ total: bigint }>(
      `SELECT count(*) AS total FROM ${GAME_FROM} WHERE ${where.sql}`,
      where.params,
    );
    return { rows: [], total: Number(count.rows[0]?.total ?? 0n) };
  },

  /** The games, locked for the rest of the transaction (those of another merchant are simply not found). */
  lockGames: async (tx: Queryable, merchantId: number, ids: readonly bigint[]): Promise<StaffGameRow[]> =>
    (
      await tx.query<StaffGameRow>(
        `SELECT ${GAME_COLUMNS} FROM ${GAME_FROM} WHERE g.merchant_id = $1 AND g.id = ANY($2::bigint[])
         ORDER BY g.id FOR UPDATE OF g`,
        [merchantId, ids.map(String)],
      )
    ).rows,

  updateGame: async (tx: Queryable, merchantId: number, id: bigint, to: Required<GameChange>): Promise<void> => {
    await tx.query(
      `UPDATE games SET status = $3, is_new = $4, is_hot = $5, sort = $6, updated_at = now()
       WHERE merchant_id = $1 AND id = $2`,
      [merchantId, id, to.status, to.isNew, to.isHot, to.sort],
    );
  },

  /** New sort values for several games in one statement. */
  setSorts: async (tx: Queryable, merchantId: number, items: readonly { id: bigint; sort: number }[]) => {
    await tx.query(
      `UPDATE games g SET sort = s.sort, updated_at = now()
       FROM unnest($2::bigint[], $3::int[]) AS s(id, sort)
       WHERE g.merchant_id = $1 AND g.id = s.id`,
      [merchantId, items.map((item) => String(item.id)), items.map((item) => item.sort)],
    );
  },
};
