import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { GameCategory, LobbyGameType } from '@platform/contracts';
import { openAuthDialog } from '@/lib/auth-dialog';
import { useSession } from '@/lib/session';
import { chooseLobbyType, LOBBY_TYPE_PARAM, lobbyTypeOf, searchWithType } from './lobby-categories';

export type LobbyTypeControl = { type: LobbyGameType; select: (next: LobbyGameType) => void };

/**
 * The lobby's current game type (spec §4): HOME at first, kept in the address (`?type=LIVE`) so back and forward move
 * between categories. Choosing FAV as a guest resets to HOME and opens the login popup; a change scrolls to the top.
 */
export function useLobbyType(offered: readonly GameCategory[] | null): LobbyTypeControl {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { isLogin } = useSession();
  const type = lobbyTypeOf(new URLSearchParams(search).get(LOBBY_TYPE_PARAM), isLogin, offered);

  const select = useCallback(
    (next: LobbyGameType) => {
      const choice = chooseLobbyType(next, isLogin);
      if (choice.openLogin) openAuthDialog('login');
      const nextSearch = searchWithType(search, choice.type);
      if (nextSearch === search) return;
      void navigate({ search: nextSearch });
      window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
    },
    [isLogin, navigate, search],
  );

  return { type, select };
}
