import {
  API,
  type FavouriteList,
  type FavouriteRequest,
  type GameList,
  type GameListValue,
  type LaunchRequest,
  type VendorGameTypes,
  type VendorList,
  type WinnerBoard,
} from '@platform/contracts';
import { apiRequest, invalidResponse } from '@/lib/api-client';
import { languageState } from '@/lib/i18n/i18n';
import { lanesQueryKey } from '@/lib/lanes';
import { currentTheme } from '@/lib/theme';

/**
 * The catalogue calls (spec §7 games). The lobby is the first page most players see, so responses are checked by
 * shape here instead of through zod (ADR 0008: zod stays off the first page); the server serializes them through
 * the contracts' schemas, and its tests check that.
 */

export const GAMES_QUERY_ROOT = 'games';
export const gamesQueryKeys = {
  list: (query: GameListParams) => [GAMES_QUERY_ROOT, 'list', query] as const,
  hot: (language: string, vassalage?: string) => [GAMES_QUERY_ROOT, 'hot', language, vassalage ?? ''] as const,
  lanes: lanesQueryKey,
  vendorTypes: [GAMES_QUERY_ROOT, 'vendorTypes'] as const,
  newVendors: [GAMES_QUERY_ROOT, 'newVendors'] as const,
  favourites: (language: string) => [GAMES_QUERY_ROOT, 'favourites', language] as const,
  recent: (language: string, gameType?: string) => [GAMES_QUERY_ROOT, 'recent', language, gameType ?? ''] as const,
  winners: (language: string) => [GAMES_QUERY_ROOT, 'winners', language] as const,
};

/** The games call's parameters as the web app sends them (spec §7: clientType 3, platform html5-desktop). */
export type GameListParams = {
  gameType?: string;
  vassalage?: string;
  gameClassify?: string;
  gameName?: string;
  filter?: 'HOT' | 'NEW';
  minBet?: string;
  minLineNum?: number;
  pageNo: number;
  pageSize: number;
  language: string;
};

export const CLIENT_TYPE = '3';
export const PLATFORM = 'html5-desktop';

const expectList = <T>(value: unknown, key: string): T => {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as Record<string, unknown>)[key])) {
    throw invalidResponse();
  }
  return value as T;
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

const compact = (query: Record<string, string | number | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
      .map(([key, value]) => [key, String(value)]),
  );

/** GET games: one page of a filtered list. */
export const getGames = async (params: GameListParams, signal?: AbortSignal): Promise<GameList> =>
  expectList<GameList>(
    await apiRequest(API.game.games, {
      query: compact({ clientType: CLIENT_TYPE, platform: PLATFORM, ...params }),
      ...withSignal(signal),
    }),
    'games',
  );

/** GET hot games (spec §7: isPlatform 2). */
export const getHotGames = async (language: string, vassalage?: string, signal?: AbortSignal): Promise<GameListValue> =>
  expectList<GameListValue>(
    await apiRequest(API.game.hot, {
      query: compact({ isPlatform: '2', platform: PLATFORM, language, vassalage }),
      ...withSignal(signal),
    }),
    'list',
  );

export const getVendorGameTypes = async (signal?: AbortSignal): Promise<VendorGameTypes> =>
  expectList<VendorGameTypes>(await apiRequest(API.game.vendorTypes, withSignal(signal)), 'list');

export const getNewVendors = async (signal?: AbortSignal): Promise<VendorList> =>
  expectList<VendorList>(await apiRequest(API.game.newVendors, withSignal(signal)), 'list');

/** GET favourites (T): every favourite in one page (spec §7 pageSize 999). */
export const getFavourites = async (language: string, signal?: AbortSignal): Promise<FavouriteList> =>
  expectList<FavouriteList>(
    await apiRequest(API.game.favourites, { query: { pageNo: '1', pageSize: '999', language }, ...withSignal(signal) }),
    'content',
  );

export const addFavourite = (request: FavouriteRequest): Promise<unknown> =>
  apiRequest(API.game.favourites, { method: 'POST', body: request });

export const removeFavourite = (request: FavouriteRequest): Promise<unknown> =>
  apiRequest(API.game.favourites, { method: 'DELETE', body: request });

/** GET recent games (T): spec §7 page 1, pageSize 12 (gameType RNG on the slots lobby). */
export const getRecentGames = async (
  language: string,
  gameType?: string,
  signal?: AbortSignal,
): Promise<GameListValue> =>
  expectList<GameListValue>(
    await apiRequest(API.game.recent, {
      query: compact({ clientType: CLIENT_TYPE, pageNo: '1', pageSize: '12', gameType, language }),
      ...withSignal(signal),
    }),
    'list',
  );

/** GET winner board: gameCategory ALL, limitNum 20. */
export const getWinners = async (language: string, signal?: AbortSignal): Promise<WinnerBoard> =>
  expectList<WinnerBoard>(
    await apiRequest(API.game.winners, {
      query: { gameCategory: 'ALL', language, limitNum: '20' },
      ...withSignal(signal),
    }),
    'list',
  );

/**
/**
 * POST launchGame (T): the vendor's URL. The game opens in the language and theme the player reads the lobby in (read
 * at the moment of the launch, so a relaunch from `/seamless` after a switch follows the switch). `demo`: the free
 * trial, the vendor's demo mode on play money (never cash); a vendor without a demo answers DEMO_NOT_SUPPORTED.
 */
export const launchGame = (nodeId: string, options: { demo?: boolean } = {}): Promise<{ url: string }> => {
  const body: LaunchRequest = { nodeId, language: languageState().code, theme: currentTheme() };
  if (options.demo === true) body.demo = true;
  return apiRequest<{ url: string }>(API.game.launch, { method: 'POST', body });
};
