import { useLocation } from 'react-router';
import { GameLobby } from '@/features/games/components/game-lobby';
import { LOBBY_PAGES, lobbyPageOf } from '@/features/games/lobby-routes';
import { useRouteTitle } from './use-route-title';

/** `/sports`, `/esports`, `/lott` and `/elott` (spec §2 game centre): vendor tiles first, then their games. */
export function Component() {
  const { pathname } = useLocation();
  const title = useRouteTitle();
  const page = lobbyPageOf(pathname) ?? LOBBY_PAGES['/sports'];
  return page ? <GameLobby key={page.category} page={page} title={title} /> : null;
}
