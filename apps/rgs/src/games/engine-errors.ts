import { GameInputError } from '@platform/game-math';
import { RgsError } from '../lib/errors';

/** Runs a game-math check; a parameter it refuses is the player's mistake (400), never a 500. */
export const checked = <T>(fn: () => T): T => {
  try {
    return fn();
  } catch (error) {
    if (error instanceof GameInputError) throw new RgsError('VALIDATION_FAILED', 400, error.message);
    throw error;
  }
};
