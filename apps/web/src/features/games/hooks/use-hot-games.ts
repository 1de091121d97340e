import { useQuery } from '@tanstack/react-query';
import { GAME_SESSION_KEYS, type GameListValue } from '@platform/contracts';
import { useLanguage } from '@/lib/i18n/i18n';
import { gamesQueryKeys, getHotGames } from '../api/games-api';
import { hasList, readSessionCache, writeSessionCache } from '@/lib/session-cache';

const isHotList = hasList<GameListValue>('list');

/**
 * The hot games (spec §7 hot list), per language, optionally of one vendor. The merchant-wide list is cached in the
 * session (spec §9): shown at once, refreshed in the background.
 */
export function useHotGames(vassalage?: string) {
  const { code: language } = useLanguage();
  const cached = !vassalage;
  return useQuery({
    queryKey: gamesQueryKeys.hot(language, vassalage),
    queryFn: async ({ signal }) => {
      const hot = await getHotGames(language, vassalage, signal);
      if (cached) writeSessionCache(GAME_SESSION_KEYS.hotGames, language, hot);
      return hot;
    },
    initialData: cached ? () => readSessionCache(GAME_SESSION_KEYS.hotGames, language, isHotList) : undefined,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
}
