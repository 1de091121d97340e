import { HomeLobby } from '@/features/games/home/home-lobby';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <HomeLobby title={useRouteTitle()} />;
}
