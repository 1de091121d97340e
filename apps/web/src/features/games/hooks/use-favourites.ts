import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FAVOURITE_TOGGLE_THROTTLE_MS,
  type FavouriteList,
  type FavouriteRequest,
  type Game,
} from '@platform/contracts';
import { openAuthDialog } from '@/lib/auth-dialog';
import { errorText } from '@/lib/error-text';
import { useLanguage } from '@/lib/i18n/i18n';
import { useSession, useSessionUser } from '@/lib/session';
import { local, type KeyValueStore } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { addFavourite, GAMES_QUERY_ROOT, gamesQueryKeys, getFavourites, removeFavourite } from '../api/games-api';

/** Lottery favourites stay on this device, per username (spec §4). */
export const LOTTERY_FAVOURITES_PREFIX = 'lotteryFavourites:';
const LOTTERY_TYPES: ReadonlySet<string> = new Set(['LOTT', 'ELOTT']);
export const isLotteryGame = (game: Pick<Game, 'gameType'>): boolean => LOTTERY_TYPES.has(game.gameType);

const isGameLike = (value: unknown): value is Game =>
  typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).nodeId === 'string';

export const readLotteryFavourites = (username: string, store: KeyValueStore = local): Game[] => {
  const raw = store.getItem(LOTTERY_FAVOURITES_PREFIX + username);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isGameLike) : [];
  } catch {
    return [];
  }
};

const writeLotteryFavourites = (username: string, games: readonly Game[], store: KeyValueStore = local) =>
  store.setItem(LOTTERY_FAVOURITES_PREFIX + username, JSON.stringify(games));

const requestOf = (game: Game): FavouriteRequest => ({
  nodeId: game.nodeId,
  vendor: game.vassalage,
  gameType: game.gameType,
});

export type Favourites = {
  ids: Set<string>;
  isFavourite: (nodeId: string) => boolean;
  toggle: (game: Game) => void;
  /** The member's favourite games: the server's list, then this device's lottery favourites. */
  games: Game[];
  /** The server list's query (loading and error states of the favourites page). */
  query: ReturnType<typeof useFavouritesQuery>;
};

const useFavouritesQuery = (language: string, enabled: boolean) =>
  useQuery({
    queryKey: gamesQueryKeys.favourites(language),
    queryFn: ({ signal }) => getFavourites(language, signal),
    enabled,
    staleTime: 30_000,
  });

/**
 * The member's favourites (spec §4): adding updates the ids first and skips duplicates; removing drops the id from
 * the ids and the list, then tells the server; each game toggles at most once a second; a failure rolls back with a
 * message; a guest gets the login popup; lottery favourites are kept on this device per username.
 */
export function useFavourites(): Favourites {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { isLogin } = useSession();
  const user = useSessionUser();
  const username = isLogin ? (user?.account ?? '') : '';
  const { code: language } = useLanguage();
  const key = gamesQueryKeys.favourites(language);
  const query = useFavouritesQuery(language, isLogin);
  const lastToggle = useRef(new Map<string, number>());

  const [lottery, setLottery] = useState<Game[]>(() => (username ? readLotteryFavourites(username) : []));
  useEffect(() => setLottery(username ? readLotteryFavourites(username) : []), [username]);

  const data = isLogin ? query.data : undefined;
  const ids = useMemo(() => {
    const set = new Set<string>(data?.ids ?? []);
    lottery.forEach((game) => set.add(game.nodeId));
    return set;
  }, [data, lottery]);
  const games = useMemo(() => [...(data?.content ?? []), ...lottery], [data, lottery]);

  const isFavourite = useCallback((nodeId: string) => ids.has(nodeId), [ids]);

  const toggle = useCallback(
    (game: Game) => {
      if (!isLogin) {
        openAuthDialog('login');
        return;
      }
      const now = Date.now();
      const last = lastToggle.current.get(game.nodeId);
      if (last !== undefined && now - last < FAVOURITE_TOGGLE_THROTTLE_MS) return;
      lastToggle.current.set(game.nodeId, now);

      if (isLotteryGame(game)) {
        const stored = readLotteryFavourites(username);
        const next = stored.some((item) => item.nodeId === game.nodeId)
          ? stored.filter((item) => item.nodeId !== game.nodeId)
          : [...stored, game];
        writeLotteryFavourites(username, next);
        setLottery(next);
        return;
      }

      const previous = queryClient.getQueryData<FavouriteList>(key);
      const base: FavouriteList = previous ?? { content: [], ids: [], pageNum: 1, totalPages: 1 };
      const adding = !base.ids.includes(game.nodeId);
      const next: FavouriteList = adding
        ? {
            ...base,
            ids: [...base.ids, game.nodeId],
            content: base.content.some((item) => item.nodeId === game.nodeId) ? base.content : [...base.content, game],
          }
        : {
            ...base,
            ids: base.ids.filter((id) => id !== game.nodeId),
            content: base.content.filter((item) => item.nodeId !== game.nodeId),
          };
      void queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<FavouriteList>(key, next);
      const call = adding ? addFavourite : removeFavourite;
      call(requestOf(game)).then(
        () => {
          // The other languages' lists are out of date now; they reload when next shown.
          void queryClient.invalidateQueries({
            queryKey: [GAMES_QUERY_ROOT, 'favourites'],
            predicate: (item) => item.queryKey[2] !== language,
            refetchType: 'none',
          });
        },
        (error: unknown) => {
          // Roll back only this game: other toggles made meanwhile stay.
          queryClient.setQueryData<FavouriteList>(key, (current) => {
            const now = current ?? base;
            const had = base.ids.includes(game.nodeId);
            const ids = now.ids.filter((id) => id !== game.nodeId);
            const content = now.content.filter((item) => item.nodeId !== game.nodeId);
            if (!had) return { ...now, ids, content };
            const original = base.content.find((item) => item.nodeId === game.nodeId);
            return { ...now, ids: [...ids, game.nodeId], content: original ? [...content, original] : content };
          });
          showToast(
            t(adding ? 'games.favourites.addFailed' : 'games.favourites.removeFailed', {
              reason: errorText(t, error),
            }),
          );
        },
      );
    },
    [isLogin, key, language, queryClient, t, username],
  );

  return useMemo(() => ({ ids, isFavourite, toggle, games, query }), [ids, isFavourite, toggle, games, query]);
}
