import { useLocation } from 'react-router';
import { GameLobby } from '@/features/games/components/game-lobby';
import { LOBBY_PAGES, lobbyPageOf } from '@/features/games/lobby-routes';
import { useRouteTitle } from './use-route-title';

/** `/live`, `/fish`, `/rng` (query vassalage) and `/pvp` (spec §2 game list centre). */
export function Component() {
  const { pathname } = useLocation();
  const title = useRouteTitle();
  const page = lobbyPageOf(pathname) ?? LOBBY_PAGES['/live'];
  // Each lobby starts fresh: its tab, search and paging are its own.
  return page ? <GameLobby key={page.category} page={page} title={title} /> : null;
}
