import { useMemo } from 'react';
import { useFavourites, type Favourites } from '../hooks/use-favourites';
import { useGameStart, type GameStart } from '../hooks/use-game-start';

/** What the lobby's cards and tiles do: start a game or a vendor (spec §4 game start), and toggle favourites. */
export type CardActions = { start: GameStart; favourites: Favourites };

/** One game start and one favourites store for the whole lobby, handed down to its sections. */
export function useCardActions(): CardActions {
  const start = useGameStart();
  const favourites = useFavourites();
  return useMemo(() => ({ start, favourites }), [start, favourites]);
}
