import { useSearchParams } from 'react-router';
import { launchGame } from '@/features/games/api/games-api';
import { SeamlessPage } from '@/features/seamless/components/seamless-page';
import { SEAMLESS_GAME_PARAM } from '@/lib/seamless';
import { useRouteTitle } from './use-route-title';

/** The games feature launches; the seamless feature shows the game (features meet here). One page per game. */
export function Component() {
  const [params] = useSearchParams();
  return <SeamlessPage key={params.get(SEAMLESS_GAME_PARAM) ?? ''} title={useRouteTitle()} launch={launchGame} />;
}
