import { useQuery } from '@tanstack/react-query';
import { GAME_PAGE_SIZE } from '@platform/contracts';
import { useLanguage } from '@/lib/i18n/i18n';
import { gamesQueryKeys, getGames, type GameListParams } from '../api/games-api';

export type LobbyGamesFilter = Pick<GameListParams, 'gameType' | 'vassalage' | 'gameClassify'>;

/**
 * The first page of a filtered games list as the home lobby asks for it (spec §7: pageSize 12 on home). A null filter,
 * or `enabled` false, asks for nothing yet.
 */
export function useLobbyGames(filter: LobbyGamesFilter | null, enabled = true) {
  const { code: language } = useLanguage();
  const params: GameListParams = { ...filter, pageNo: 1, pageSize: GAME_PAGE_SIZE.home, language };
  return useQuery({
    queryKey: gamesQueryKeys.list(params),
    queryFn: ({ signal }) => getGames(params, signal),
    enabled: enabled && filter !== null,
  });
}
