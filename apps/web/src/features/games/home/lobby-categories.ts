import { GAME_CATEGORIES, ROUTES, type GameCategory, type GameType, type LobbyGameType } from '@platform/contracts';

/**
 * The home lobby's category menu (spec §2 home lobby, §4 current game type): HOME, FAV, then one entry per lane the
 * server sends (it already orders them, splits SPORTS into ESPORTS and COCKFIGHT and drops BINGO without TY).
 */
export const LOBBY_TYPE_PARAM = 'type';
export const HOME_TYPE = 'HOME' satisfies LobbyGameType;
export const FAV_TYPE = 'FAV' satisfies LobbyGameType;

const CATEGORY_SET: ReadonlySet<string> = new Set(GAME_CATEGORIES);
export const isGameCategory = (value: string): value is GameCategory => CATEGORY_SET.has(value);

/** The menu entries in order, given the categories of the lanes. */
export const lobbyMenuOf = (categories: readonly GameCategory[]): LobbyGameType[] => [
  HOME_TYPE,
  FAV_TYPE,
  ...categories,
];

/**
 * The type the address asks for (`?type=LIVE`). Anything unknown, and a category the merchant does not offer (once
 * the lanes are known), is HOME; so is FAV for a guest (spec §4: FAV while logged out is HOME).
 */
export const lobbyTypeOf = (
  requested: string | null,
  isLogin: boolean,
  offered: readonly GameCategory[] | null,
): LobbyGameType => {
  if (requested === FAV_TYPE) return isLogin ? FAV_TYPE : HOME_TYPE;
  if (requested === null || !isGameCategory(requested)) return HOME_TYPE;
  if (offered !== null && !offered.includes(requested)) return HOME_TYPE;
  return requested;
};

export type LobbyChoice = { type: LobbyGameType; openLogin: boolean };

/** Spec §4: choosing FAV while logged out resets to HOME and opens the login popup. */
export const chooseLobbyType = (next: LobbyGameType, isLogin: boolean): LobbyChoice =>
  next === FAV_TYPE && !isLogin ? { type: HOME_TYPE, openLogin: true } : { type: next, openLogin: false };

/** The address search of a lobby type, keeping any other parameter (an invitation code, say). */
export const searchWithType = (search: string, type: LobbyGameType): string => {
  const params = new URLSearchParams(search);
  if (type === HOME_TYPE) params.delete(LOBBY_TYPE_PARAM);
  else params.set(LOBBY_TYPE_PARAM, type);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * Each category's own lobby page (spec §2 routes). COCKFIGHT and BINGO have no page of their own: their "more games"
 * link is this lobby's view of the category.
 */
const CATEGORY_ROUTES: Readonly<Partial<Record<GameCategory, string>>> = {
  LIVE: ROUTES.live,
  RNG: ROUTES.rng,
  FISH: ROUTES.fish,
  PVP: ROUTES.pvp,
  SPORTS: ROUTES.sports,
  ESPORTS: ROUTES.esports,
  LOTT: ROUTES.lott,
  ELOTT: ROUTES.elott,
};

/** Whether the category has a lobby page beyond the home lobby's own view of it. */
export const hasLobbyPage = (category: GameCategory): boolean => CATEGORY_ROUTES[category] !== undefined;

/** The "more games" link of a category, narrowed to one vendor when one is picked (`?vassalage=`). */
export const categoryLobbyPath = (category: GameCategory, vassalage?: string | null): string => {
  const route = CATEGORY_ROUTES[category];
  if (!route) return `${ROUTES.home}${searchWithType('', category)}`;
  return vassalage ? `${route}?${new URLSearchParams({ vassalage }).toString()}` : route;
};

/** ESPORTS and COCKFIGHT are cut out of SPORTS (spec §2): their games are SPORTS games of their vendors. */
export const isSplitCategory = (category: GameCategory): boolean => category === 'ESPORTS' || category === 'COCKFIGHT';

/** The game type a category's games are listed under. */
export const gameTypeOfCategory = (category: GameCategory): GameType =>
  category === 'ESPORTS' || category === 'COCKFIGHT' ? 'SPORTS' : category;

/**
 * The games query of a category view: the category's type, narrowed to the picked vendor. A split category shares
 * the SPORTS type with plain sports, so its games can only be listed one vendor at a time: the picked one, else its
 * first (as its own lobby page does). Null when there is nothing to list.
 */
export const categoryGamesFilter = (
  category: GameCategory,
  vendors: readonly string[],
  picked: string | null,
): { gameType: GameType; vassalage?: string } | null => {
  const gameType = gameTypeOfCategory(category);
  const vassalage = picked ?? (isSplitCategory(category) ? vendors[0] : undefined);
  if (vassalage) return { gameType, vassalage };
  return isSplitCategory(category) ? null : { gameType };
};
