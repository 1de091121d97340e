import { lazy, Suspense } from 'react';
import { useGamePopup } from '../hooks/game-popup';

// The list itself loads only when a popup opens: the layout stays light.
const GamePopup = lazy(() => import('./game-popup'));

/** Where the game popup renders (once, in the layout): anything may open it with `openGamePopup`. */
export function GamePopupSlot() {
  const target = useGamePopup();
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <GamePopup key={`${target.vassalage}-${target.gameType}`} target={target} />
    </Suspense>
  );
}
