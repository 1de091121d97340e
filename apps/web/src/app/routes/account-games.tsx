import { useLocation } from 'react-router';
import { ROUTES } from '@platform/contracts';
import { AccountGamesPage } from '@/features/games/components/account-games-page';
import { useRouteTitle } from './use-route-title';

/** `/favorite` and `/recent` (spec §2 account game pages; the route guard requires login). */
export function Component() {
  const { pathname } = useLocation();
  const kind = pathname.toLowerCase().startsWith(ROUTES.recent) ? 'recent' : 'favorite';
  return <AccountGamesPage key={kind} kind={kind} title={useRouteTitle()} />;
}
