import { GamePage } from '@/features/games/components/game-page';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <GamePage title={useRouteTitle()} />;
}
