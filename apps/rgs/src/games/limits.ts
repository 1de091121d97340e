import { RgsError } from '../lib/errors';
import { toWire } from '../lib/money';

/** Bet limits of the mini games (dice, mines, plinko, crash), in minor units: 0.10 to 1,000.00. */
export const MINI_BET_MIN_MINOR = 10n;
export const MINI_BET_MAX_MINOR = 100_000n;

export const assertBetLimits = (betMinor: bigint): void => {
  if (betMinor < MINI_BET_MIN_MINOR || betMinor > MINI_BET_MAX_MINOR) {
    throw new RgsError(
      'VALIDATION_FAILED',
      400,
      `The bet must be between ${toWire(MINI_BET_MIN_MINOR)} and ${toWire(MINI_BET_MAX_MINOR)}`,
    );
  }
};
