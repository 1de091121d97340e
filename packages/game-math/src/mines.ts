import { assertBetMinor, GameInputError, payoutForE4 } from './errors';
import { FairFloatStream, fairInt, type FairInput } from './rng';

/** Mines: a 5×5 board (tiles 0..24, row by row), mineCount mines; each safe pick raises the cash-out multiplier. */
export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;
export const MINES_EDGE_E4 = 100;
export const MINES_RTP_E4 = 10_000 - MINES_EDGE_E4;

export type MinesReveal = {
  /** Sorted tile indexes holding mines. */
  mines: number[];
  hitMine: boolean;
  /** Safe tiles revealed before the first mine (or all picks when none was hit). */
  safePicks: number;
  /** The cash-out multiplier for safePicks; 0 when a mine was hit or nothing was picked yet. */
  multiplierE4: number;
  payoutMinor: (betMinor: bigint) => bigint;
};

const assertMineCount = (mineCount: number): void => {
  if (!Number.isInteger(mineCount) || mineCount < MINES_MIN || mineCount > MINES_MAX) {
    throw new GameInputError(`mineCount must be an integer in ${MINES_MIN}..${MINES_MAX}`);
  }
};

/**
 * A forward Fisher–Yates shuffle of tiles 0..24 stopped after mineCount steps: step i swaps tile i with tile
 * i + floor(float_i * (25 - i)); the first mineCount tiles are the mines. One float per mine, in order, so the
 * board for m mines is the first m positions of the full shuffle.
 */
export const minePositions = (input: FairInput, mineCount: number): number[] => {
  assertMineCount(mineCount);
  const stream = new FairFloatStream(input);
  const tiles = Array.from({ length: MINES_TILES }, (_, i) => i);
  for (let i = 0; i < mineCount; i += 1) {
    const j = i + fairInt(stream.next(), MINES_TILES - i);
    [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
  }
  return tiles.slice(0, mineCount).sort((a, b) => a - b);
};

const binomial = (n: number, k: number): bigint => {
  let result = 1n;
  for (let i = 0; i < k; i += 1) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
};

/**
 * 0.99 × C(25, k) / C(25 − m, k), scaled by 10,000 and rounded down: the fair price of surviving k picks, less 1%.
 * k runs 1..25 − m (cashing out needs at least one safe pick).
 */
export const minesMultiplierE4 = (mineCount: number, safePicks: number): number => {
  assertMineCount(mineCount);
  if (!Number.isInteger(safePicks) || safePicks < 1 || safePicks > MINES_TILES - mineCount) {
    throw new GameInputError(`safePicks must be an integer in 1..${MINES_TILES - mineCount}`);
  }
  const numerator = BigInt(MINES_RTP_E4) * binomial(MINES_TILES, safePicks);
  return Number(numerator / binomial(MINES_TILES - mineCount, safePicks));
};

/** Replays a round: picks are tile indexes in the order chosen; the round stops at the first mine. */
export const revealMines = (input: FairInput, mineCount: number, picks: number[]): MinesReveal => {
  assertMineCount(mineCount);
  if (picks.length > MINES_TILES - mineCount) {
    throw new GameInputError(`at most ${MINES_TILES - mineCount} picks with ${mineCount} mines`);
  }
  const seen = new Set<number>();
  for (const pick of picks) {
    if (!Number.isInteger(pick) || pick < 0 || pick >= MINES_TILES) {
      throw new GameInputError(`picks must be tile indexes 0..${MINES_TILES - 1}`);
    }
    if (seen.has(pick)) throw new GameInputError('a tile can be picked once');
    seen.add(pick);
  }
  const mines = minePositions(input, mineCount);
  const mineSet = new Set(mines);
  const firstMine = picks.findIndex((pick) => mineSet.has(pick));
  const hitMine = firstMine !== -1;
  const safePicks = hitMine ? firstMine : picks.length;
  const multiplierE4 = hitMine || safePicks === 0 ? 0 : minesMultiplierE4(mineCount, safePicks);
  return {
    mines,
    hitMine,
    safePicks,
    multiplierE4,
    payoutMinor: (betMinor: bigint) => {
      assertBetMinor(betMinor);
      return payoutForE4(betMinor, multiplierE4);
    },
  };
};
