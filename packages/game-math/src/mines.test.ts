import { describe, expect, it } from 'vitest';
import { GameInputError } from './errors';
import { minePositions, minesMultiplierE4, MINES_MAX, MINES_MIN, revealMines } from './mines';
import { referenceFloats, SEED_A } from './test-reference';

const inputAt = (nonce: number) => ({ serverSeed: SEED_A, clientSeed: 'mines-client', nonce });

/** The README's rule: swap tile i with tile i + floor(float_i × (25 − i)) for i < mineCount. */
const referenceMines = (nonce: number, mineCount: number): number[] => {
  const floats = referenceFloats(inputAt(nonce), mineCount);
  const tiles = [...Array(25).keys()];
  for (let i = 0; i < mineCount; i += 1) {
    const j = i + Math.floor(floats[i]! * (25 - i));
    [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
  }
  return tiles.slice(0, mineCount).sort((a, b) => a - b);
};

const choose = (n: number, k: number): number => {
  let result = 1;
  for (let i = 0; i < k; i += 1) result = (result * (n - i)) / (i + 1);
  return result;
};

describe('mines', () => {
  it('should place mines by the documented Fisher–Yates steps', () => {
    for (const mineCount of [1, 3, 5, 12, 24]) {
      for (let nonce = 0; nonce < 10; nonce += 1) {
        const mines = minePositions(inputAt(nonce), mineCount);
        expect(mines).toEqual(referenceMines(nonce, mineCount));
        expect(new Set(mines).size).toBe(mineCount);
      }
    }
  });

  it('should price 1 mine and 24 mines at 0.99 × C(25, k) / C(25 − m, k)', () => {
    expect(minesMultiplierE4(1, 1)).toBe(10_312); // 0.99 × 25/24 = 1.03125
    expect(minesMultiplierE4(1, 24)).toBe(247_500); // 0.99 × 25
    expect(minesMultiplierE4(24, 1)).toBe(247_500); // one safe tile in 25
    expect(minesMultiplierE4(3, 5)).toBe(Math.floor((9900 * choose(25, 5)) / choose(22, 5)));
    expect(() => minesMultiplierE4(24, 2)).toThrow(GameInputError);
    expect(() => minesMultiplierE4(5, 0)).toThrow(GameInputError);
    expect(() => minesMultiplierE4(0, 1)).toThrow(GameInputError);
    expect(() => minesMultiplierE4(25, 1)).toThrow(GameInputError);
  });

  it('should return 99% less rounding at every mine count and cash-out point', () => {
    for (let mineCount = MINES_MIN; mineCount <= MINES_MAX; mineCount += 1) {
      for (let picks = 1; picks <= 25 - mineCount; picks += 1) {
        const survive = choose(25 - mineCount, picks) / choose(25, picks);
        const rtp = survive * (minesMultiplierE4(mineCount, picks) / 10_000);
        expect(rtp).toBeLessThanOrEqual(0.99 + 1e-12);
        expect(rtp).toBeGreaterThan(0.9899);
      }
    }
  });

  it('should stop at the first mine and pay nothing', () => {
    const mines = referenceMines(4, 5);
    const safe = [...Array(25).keys()].filter((tile) => !mines.includes(tile));
    const round = revealMines(inputAt(4), 5, [safe[0]!, safe[1]!, mines[2]!, safe[2]!]);
    expect(round).toMatchObject({ mines, hitMine: true, safePicks: 2, multiplierE4: 0 });
    expect(round.payoutMinor(1000n)).toBe(0n);
  });

  it('should cash out safe picks at the multiplier, rounded down, the same board for any bet', () => {
    const mines = referenceMines(9, 24);
    const safeTile = [...Array(25).keys()].find((tile) => !mines.includes(tile))!;
    const round = revealMines(inputAt(9), 24, [safeTile]);
    expect(round).toMatchObject({ hitMine: false, safePicks: 1, multiplierE4: 247_500 });
    expect(round.payoutMinor(3n)).toBe(74n); // 3 × 24.75 = 74.25
    expect(round.payoutMinor(400n)).toBe(9900n);

    const one = referenceMines(2, 1);
    const allSafe = [...Array(25).keys()].filter((tile) => tile !== one[0]);
    const cleared = revealMines(inputAt(2), 1, allSafe);
    expect(cleared).toMatchObject({ mines: one, hitMine: false, safePicks: 24, multiplierE4: 247_500 });
  });

  it('should show nothing to cash out before the first pick', () => {
    expect(revealMines(inputAt(1), 3, [])).toMatchObject({ hitMine: false, safePicks: 0, multiplierE4: 0 });
  });

  it('should refuse repeated, out-of-range or too many picks and bad bets', () => {
    expect(() => revealMines(inputAt(1), 3, [4, 4])).toThrow(GameInputError);
    expect(() => revealMines(inputAt(1), 3, [25])).toThrow(GameInputError);
    expect(() => revealMines(inputAt(1), 3, [-1])).toThrow(GameInputError);
    expect(() => revealMines(inputAt(1), 24, [0, 1])).toThrow(GameInputError);
    expect(() => revealMines(inputAt(1), 3, [0]).payoutMinor(-5n)).toThrow(GameInputError);
  });
});
