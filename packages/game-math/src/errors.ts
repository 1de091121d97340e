/**
 * Thrown for parameters a caller must validate first (a bad seed, a target out of range, an unknown risk).
 * The RGS maps it to a 4xx; it never means the engine is broken.
 */
export class GameInputError extends RangeError {
  override readonly name = 'GameInputError';
}

export const assertBetMinor = (betMinor: bigint, what = 'betMinor'): void => {
  if (typeof betMinor !== 'bigint' || betMinor <= 0n) throw new GameInputError(`${what} must be a positive bigint`);
};

/** Multipliers are integers scaled by 10,000; payouts are rounded down to the minor unit. */
export const payoutForE4 = (betMinor: bigint, multiplierE4: number): bigint =>
  (betMinor * BigInt(multiplierE4)) / 10_000n;
