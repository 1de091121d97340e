import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { GAME_PAGE_SIZE, type Game, type GameType } from '@platform/contracts';
import { useSession } from '@/lib/session';
import { gamesQueryKeys, getGames, getRecentGames, type GameListParams } from '../api/games-api';
import type { Favourites } from './use-favourites';

/** The lobby's filter tabs (spec §2: ALL, HOT, FAV, RECENT; NEW is one of the selection filter types). */
export const LOBBY_FILTERS = ['ALL', 'HOT', 'NEW', 'FAV', 'RECENT'] as const;
export type LobbyFilter = (typeof LOBBY_FILTERS)[number];
/** FAV and RECENT are the member's own lists (spec §2: they need login). */
export const MEMBER_FILTERS: ReadonlySet<LobbyFilter> = new Set(['FAV', 'RECENT']);

export type LobbyGamesInput = {
  gameType: GameType;
  /** The vendor chosen in the strip; none lists every vendor of the type. */
  vassalage?: string;
  filter: LobbyFilter;
  /** The debounced search (ALL only). */
  gameName: string;
  language: string;
  favourites: Favourites;
  /** False while the lobby cannot say which games it lists yet (a split category before its vendors load). */
  enabled?: boolean;
};

export type LobbyGames = {
  games: Game[];
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => void;
  /** Load more (spec §2 paging): only the server lists page. */
  hasMore: boolean;
  loadMore: () => void;
  loadingMore: boolean;
  /** Every game the list holds on the server (shown as "x of y"). */
  total: number;
};

/** A game added to the catalogue between two pages shifts the next page by one: never show a game twice. */
const uniqueGames = (games: Game[]): Game[] => {
  const seen = new Set<string>();
  return games.filter((game) => (seen.has(game.nodeId) ? false : (seen.add(game.nodeId), true)));
};

const sameShelf = (game: Game, gameType: GameType, vassalage?: string) =>
  game.gameType === gameType && (!vassalage || game.vassalage === vassalage);

/**
 * The games one lobby tab shows. ALL, HOT and NEW page through the games call 18 at a time (spec §9 lobby page size);
 * the query key holds the language, the vendor, the filter and the search, so changing one starts again at page 1
 * (spec §4). FAV and RECENT are the member's lists, narrowed to this lobby's type and vendor.
 */
export function useLobbyGames({
  gameType,
  vassalage,
  filter,
  gameName,
  language,
  favourites,
  enabled = true,
}: LobbyGamesInput): LobbyGames {
  const { isLogin } = useSession();
  const server = filter === 'ALL' || filter === 'HOT' || filter === 'NEW';
  const params: GameListParams = {
    gameType,
    ...(vassalage ? { vassalage } : {}),
    ...(filter === 'HOT' || filter === 'NEW' ? { filter } : {}),
    ...(filter === 'ALL' && gameName ? { gameName } : {}),
    pageNo: 1,
    pageSize: GAME_PAGE_SIZE.lobby,
    language,
  };
  const pages = useInfiniteQuery({
    queryKey: [...gamesQueryKeys.list(params), 'pages'],
    queryFn: ({ pageParam, signal }) => getGames({ ...params, pageNo: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
    enabled: server && enabled,
    staleTime: 60_000,
  });
  const recent = useQuery({
    queryKey: gamesQueryKeys.recent(language, gameType),
    queryFn: ({ signal }) => getRecentGames(language, gameType, signal),
    enabled: filter === 'RECENT' && isLogin && enabled,
    staleTime: 30_000,
  });

  if (server) {
    const loaded = pages.data?.pages ?? [];
    return {
      games: uniqueGames(loaded.flatMap((page) => page.games)),
      isPending: pages.isPending,
      isError: pages.isError && loaded.length === 0,
      error: pages.error,
      refetch: () => void pages.refetch(),
      hasMore: pages.hasNextPage,
      loadMore: () => void pages.fetchNextPage(),
      loadingMore: pages.isFetchingNextPage,
      total: loaded[0]?.total ?? 0,
    };
  }
  const own =
    filter === 'FAV'
      ? {
          games: favourites.games,
          isPending: favourites.query.isPending && favourites.games.length === 0,
          isError: favourites.query.isError,
          error: favourites.query.error,
          refetch: () => void favourites.query.refetch(),
        }
      : {
          games: recent.data?.list ?? [],
          isPending: recent.isPending,
          isError: recent.isError,
          error: recent.error,
          refetch: () => void recent.refetch(),
        };
  const games = own.games.filter((game) => sameShelf(game, gameType, vassalage));
  return { ...own, games, hasMore: false, loadMore: () => undefined, loadingMore: false, total: games.length };
}
