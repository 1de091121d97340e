import type { GameClassify, GameType } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { searchTextOf } from './search-text';

/** A game as a vendor (adapter) or a seed describes it. Operator-owned fields (hot, sort, status) have defaults. */
export type CatalogueGame = {
  gameCode: string;
  gameType: GameType;
  /** Per language code; EN is required (the fallback). */
  names: Readonly<Record<string, string>> & { EN: string };
  gameClassify: GameClassify;
  iconUrl: string;
  minBetMinor?: bigint;
  minLineNum?: number;
  freeTrial?: boolean;
  isNew?: boolean;
  /** Inserts only: an operator decides afterwards. */
  isHot?: boolean;
  sort?: number;
};

const GAME_CODE = /^[A-Za-z0-9_.:-]{1,64}$/;

export const isValidCatalogueGame = (game: CatalogueGame): boolean =>
  GAME_CODE.test(game.gameCode) && typeof game.names.EN === 'string' && game.names.EN.trim() !== '';

const recordsOf = (games: readonly CatalogueGame[]) =>
  JSON.stringify(
    games.map((game, index) => ({
      game_type: game.gameType,
      game_code: game.gameCode,
      names: game.names,
      game_classify: game.gameClassify,
      icon_url: game.iconUrl,
      free_trial: game.freeTrial ?? false,
      min_bet_minor: (game.minBetMinor ?? 0n).toString(),
      min_line_num: game.minLineNum ?? 0,
      is_new: game.isNew ?? false,
      is_hot: game.isHot ?? false,
      sort: game.sort ?? index,
      search_text: searchTextOf(game.names, game.gameCode),
    })),
  );

const RECORD_TYPE = `x(game_type text, game_code text, names jsonb, game_classify text, icon_url text, free_trial boolean,
  min_bet_minor bigint, min_line_num integer, is_new boolean, is_hot boolean, sort integer, search_text text)`;
const INSERT = `INSERT INTO games (merchant_id, vendor_code, game_type, game_code, names, game_classify, icon_url,
    free_trial, min_bet_minor, min_line_num, is_new, is_hot, sort, search_text)
  SELECT $1, $2, x.game_type, x.game_code, x.names, x.game_classify, x.icon_url, x.free_trial, x.min_bet_minor,
    x.min_line_num, x.is_new, x.is_hot, x.sort, x.search_text
  FROM jsonb_to_recordset($3::jsonb) AS ${RECORD_TYPE}`;

/** Inserts the games the vendor does not have yet; existing ones (and an operator's edits) stay. Returns how many. */
export const insertMissingGames = async (
  db: Queryable,
  merchantId: number,
  vendorCode: string,
  games: readonly CatalogueGame[],
): Promise<number> => {
  if (games.length === 0) return 0;
  const { rows } = await db.query(
    `${INSERT} ON CONFLICT (merchant_id, vendor_code, game_code) DO NOTHING RETURNING 1`,
    [merchantId, vendorCode, recordsOf(games)],
  );
  return rows.length;
};

/**
 * Inserts new games and updates the vendor-owned fields of known ones (names, type, family, icon, stakes, lines, free
 * trial), re-activating a game the vendor lists again. Hot, new, sort and the other operator fields stay. Returns how
 * many rows were inserted or changed.
 */
export const upsertGames = async (
  db: Queryable,
  merchantId: number,
  vendorCode: string,
  games: readonly CatalogueGame[],
): Promise<number> => {
  if (games.length === 0) return 0;
  const { rows } = await db.query(
    `${INSERT}
     ON CONFLICT (merchant_id, vendor_code, game_code) DO UPDATE SET
       game_type = EXCLUDED.game_type, names = EXCLUDED.names, game_classify = EXCLUDED.game_classify,
       icon_url = EXCLUDED.icon_url, free_trial = EXCLUDED.free_trial, min_bet_minor = EXCLUDED.min_bet_minor,
       min_line_num = EXCLUDED.min_line_num, search_text = EXCLUDED.search_text, status = 'ACTIVE', updated_at = now()
     WHERE (games.game_type, games.names, games.game_classify, games.icon_url, games.free_trial, games.min_bet_minor,
         games.min_line_num, games.status)
       IS DISTINCT FROM (EXCLUDED.game_type, EXCLUDED.names, EXCLUDED.game_classify, EXCLUDED.icon_url,
         EXCLUDED.free_trial, EXCLUDED.min_bet_minor, EXCLUDED.min_line_num, 'ACTIVE'::text)
     RETURNING 1`,
    [merchantId, vendorCode, recordsOf(games)],
  );
  return rows.length;
};

/** Sets DISABLED on the vendor's games whose codes are not in `listed`. Returns how many changed. */
export const disableUnlistedGames = async (
  db: Queryable,
  merchantId: number,
  vendorCode: string,
  listed: readonly string[],
): Promise<number> => {
  const { rows } = await db.query(
    `UPDATE games SET status = 'DISABLED', updated_at = now()
     WHERE merchant_id = $1 AND vendor_code = $2 AND status <> 'DISABLED' AND NOT (game_code = ANY($3::text[]))
     RETURNING 1`,
    [merchantId, vendorCode, listed],
  );
  return rows.length;
};
