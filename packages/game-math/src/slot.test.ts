import { describe, expect, it } from 'vitest';
import { GameInputError } from './errors';
import { evaluateSlotGrid, evaluateSlotLine, playSlot, playSlotFromFloats } from './slot';
import {
  JACKPOT_HIT_CHANCE,
  SLOT_FREE_REELS,
  SLOT_REELS,
  SLOT_SCATTER_PAYS,
  SLOT_SYMBOLS,
  type SlotSymbol,
} from './slot-tables';
import { referenceFloats, referenceHmac, SEED_A } from './test-reference';

const inputAt = (nonce: number) => ({ serverSeed: SEED_A, clientSeed: 'slot-client', nonce });

/** A grid written as the player sees it (3 rows of 5), turned into grid[reel][row]. */
const fromRows = (rows: SlotSymbol[][]): SlotSymbol[][] => [0, 1, 2, 3, 4].map((reel) => rows.map((row) => row[reel]!));

const gridAtStops = (reels: readonly (readonly SlotSymbol[])[], floats: number[]): SlotSymbol[][] =>
  reels.map((strip, reel) => {
    const stop = Math.floor(floats[reel]! * strip.length);
    return [0, 1, 2].map((row) => strip[(stop + row) % strip.length]!);
  });

/** A float that lands reel `strip` on `stop`. */
const floatFor = (strip: readonly SlotSymbol[], stop: number): number => (stop + 0.5) / strip.length;

describe('slot line evaluation', () => {
  it('should let the wild stand in for the symbol it sits between', () => {
    expect(evaluateSlotLine(['SEVEN', 'WILD', 'SEVEN', 'WILD', 'K'])).toEqual({ symbol: 'SEVEN', count: 4, pays: 150 });
    expect(evaluateSlotLine(['WILD', 'WILD', 'BELL', 'BELL', 'J'])).toEqual({ symbol: 'BELL', count: 4, pays: 100 });
    expect(evaluateSlotLine(['J', 'WILD', 'WILD', 'WILD', 'WILD'])).toEqual({ symbol: 'J', count: 5, pays: 60 });
  });

  it('should pay the better of the wild run and the symbol it leads into', () => {
    expect(evaluateSlotLine(['WILD', 'WILD', 'WILD', 'Q', 'K'])).toEqual({ symbol: 'WILD', count: 3, pays: 50 });
    expect(evaluateSlotLine(['WILD', 'WILD', 'WILD', 'SEVEN', 'K'])).toEqual({
      symbol: 'SEVEN',
      count: 4,
      pays: 150,
    });
    expect(evaluateSlotLine(['WILD', 'WILD', 'WILD', 'WILD', 'WILD'])).toEqual({
      symbol: 'WILD',
      count: 5,
      pays: 2500,
    });
  });

  it('should never substitute the scatter nor pay a run that does not start on reel 1', () => {
    expect(evaluateSlotLine(['WILD', 'WILD', 'WILD', 'SCATTER', 'SEVEN'])).toEqual({
      symbol: 'WILD',
      count: 3,
      pays: 50,
    });
    expect(evaluateSlotLine(['SCATTER', 'SEVEN', 'SEVEN', 'SEVEN', 'SEVEN'])).toBeNull();
    expect(evaluateSlotLine(['SEVEN', 'SEVEN', 'SCATTER', 'SEVEN', 'SEVEN'])).toBeNull();
    expect(evaluateSlotLine(['K', 'SEVEN', 'SEVEN', 'SEVEN', 'SEVEN'])).toBeNull();
    expect(evaluateSlotLine(['K', 'K', 'Q', 'K', 'K'])).toBeNull();
    expect(() => evaluateSlotLine(['K', 'K', 'K'])).toThrow(GameInputError);
  });
});

describe('slot grid evaluation', () => {
  it('should pay only the lines that carry a combination, times the line bet', () => {
    const grid = fromRows([
      ['K', 'Q', 'J', 'A', 'LEMON'],
      ['SEVEN', 'WILD', 'SEVEN', 'WILD', 'K'],
      ['Q', 'PLUM', 'ORANGE', 'BELL', 'J'],
    ]);
    const result = evaluateSlotGrid(grid, { lineBetMinor: 2n, multiplier: 1 });
    expect(result.lineWins).toEqual([{ line: 1, symbol: 'SEVEN', count: 4, winMinor: 300n }]);
    expect(result).toMatchObject({ scatterCount: 0, scatterWinMinor: 0n, winMinor: 300n });
  });

  it('should read line 4 as the V from the top corners through the bottom middle', () => {
    const grid = fromRows([
      ['BELL', 'Q', 'J', 'A', 'LEMON'],
      ['K', 'BELL', 'Q', 'BELL', 'K'],
      ['Q', 'PLUM', 'BELL', 'K', 'J'],
    ]);
    const result = evaluateSlotGrid(grid, { lineBetMinor: 1n, multiplier: 2 });
    expect(result.lineWins).toEqual([{ line: 4, symbol: 'BELL', count: 4, winMinor: 200n }]);
    expect(result.winMinor).toBe(200n);
  });

  it('should count scatters anywhere, pay them on the total bet and multiply them in free spins', () => {
    const grid = fromRows([
      ['SCATTER', 'Q', 'J', 'A', 'LEMON'],
      ['K', 'PLUM', 'Q', 'BELL', 'SCATTER'],
      ['Q', 'PLUM', 'SCATTER', 'K', 'J'],
    ]);
    const base = evaluateSlotGrid(grid, { lineBetMinor: 5n, multiplier: 1 });
    expect(base).toMatchObject({ lineWins: [], scatterCount: 3, scatterWinMinor: 500n, winMinor: 500n });
    const free = evaluateSlotGrid(grid, { lineBetMinor: 5n, multiplier: 2 });
    expect(free.scatterWinMinor).toBe(1000n);

    const two = fromRows([
      ['SCATTER', 'Q', 'J', 'A', 'LEMON'],
      ['K', 'PLUM', 'Q', 'BELL', 'SCATTER'],
      ['Q', 'PLUM', 'A', 'K', 'J'],
    ]);
    expect(evaluateSlotGrid(two, { lineBetMinor: 5n, multiplier: 1 })).toMatchObject({
      scatterCount: 2,
      winMinor: 0n,
    });
    const six = fromRows([
      ['SCATTER', 'SCATTER', 'J', 'A', 'LEMON'],
      ['K', 'PLUM', 'SCATTER', 'SCATTER', 'SCATTER'],
      ['Q', 'PLUM', 'A', 'SCATTER', 'J'],
    ]);
    const many = evaluateSlotGrid(six, { lineBetMinor: 1n, multiplier: 1 });
    expect(many).toMatchObject({ scatterCount: 6, scatterWinMinor: BigInt(SLOT_SCATTER_PAYS[2] * 20) });
  });

  it('should refuse malformed grids and bets', () => {
    expect(() => evaluateSlotGrid([['K', 'Q', 'J']], { lineBetMinor: 1n, multiplier: 1 })).toThrow(GameInputError);
    const grid = fromRows([
      ['K', 'Q', 'J', 'A', 'LEMON'],
      ['K', 'Q', 'J', 'A', 'LEMON'],
      ['K', 'Q', 'J', 'A', 'TEN' as SlotSymbol],
    ]);
    expect(() => evaluateSlotGrid(grid, { lineBetMinor: 1n, multiplier: 1 })).toThrow(GameInputError);
    expect(() => playSlot(inputAt(0), { lineBetMinor: 0n })).toThrow(GameInputError);
  });
});

describe('slot rounds', () => {
  it('should stop each reel at floor(float × strip length) with floats 0–4 and draw the jackpot from float 5', () => {
    for (let nonce = 0; nonce < 40; nonce += 1) {
      const floats = referenceFloats(inputAt(nonce), 6);
      const round = playSlot(inputAt(nonce), { lineBetMinor: 1n });
      const grid = gridAtStops(SLOT_REELS, floats);
      expect(round.spins[0]!.grid).toEqual(grid);
      expect(round.jackpotTrigger).toBe(floats[5]! < JACKPOT_HIT_CHANCE);
      if (round.freeSpinsPlayed === 0) {
        expect(round.spins).toHaveLength(1);
        expect(round.totalWinMinor).toBe(evaluateSlotGrid(grid, { lineBetMinor: 1n, multiplier: 1 }).winMinor);
      }
    }
  });

  it('should trigger the jackpot when the base spin’s sixth float is below 1/50,000', () => {
    let nonce = 0;
    // Bytes 20..23 of cursor 0 are float 5; about one nonce in 50,000 qualifies.
    while (referenceHmac(SEED_A, `slot-client:${nonce}:0`).readUInt32BE(20) / 2 ** 32 >= JACKPOT_HIT_CHANCE) {
      nonce += 1;
    }
    expect(playSlot(inputAt(nonce), { lineBetMinor: 1n }).jackpotTrigger).toBe(true);
    expect(playSlot(inputAt(nonce + 1), { lineBetMinor: 1n }).jackpotTrigger).toBe(false);
  });

  it('should play 10 free spins on the free-spin strips with doubled wins after 3 scatters', () => {
    const nonce = [...Array(5000).keys()].find((n) => playSlot(inputAt(n), { lineBetMinor: 1n }).freeSpinsPlayed > 0);
    expect(nonce).toBeDefined();
    const round = playSlot(inputAt(nonce!), { lineBetMinor: 3n });
    const base = round.spins[0]!;
    expect(base.scatterCount).toBeGreaterThanOrEqual(3);
    expect(base.freeSpinsAwarded).toBe(10);
    const retriggers = round.spins.slice(1).reduce((sum, spin) => sum + spin.freeSpinsAwarded, 0);
    expect(round.freeSpinsPlayed).toBe(10 + retriggers);
    expect(round.spins).toHaveLength(1 + round.freeSpinsPlayed);
    const floats = referenceFloats(inputAt(nonce!), 6 + 5 * round.freeSpinsPlayed);
    round.spins.slice(1).forEach((spin, i) => {
      const grid = gridAtStops(SLOT_FREE_REELS, floats.slice(6 + 5 * i, 11 + 5 * i));
      expect(spin.grid).toEqual(grid);
      expect(spin.multiplier).toBe(2);
      expect(spin.winMinor).toBe(2n * evaluateSlotGrid(grid, { lineBetMinor: 3n, multiplier: 1 }).winMinor);
    });
    expect(round.totalWinMinor).toBe(round.spins.reduce((sum, spin) => sum + spin.winMinor, 0n));
  });

  it('should retrigger 10 more on 3 scatters in free spins but never past 50 free spins', () => {
    const scatterStop = (strip: readonly SlotSymbol[]) => strip.indexOf('SCATTER');
    const threeScatters = (reels: readonly (readonly SlotSymbol[])[]) => [
      floatFor(reels[0]!, scatterStop(reels[0]!)),
      floatFor(reels[1]!, scatterStop(reels[1]!)),
      floatFor(reels[2]!, scatterStop(reels[2]!)),
      0.5,
      0.5,
    ];
    const floats = [...threeScatters(SLOT_REELS), 0.9];
    for (let spin = 0; spin < 60; spin += 1) floats.push(...threeScatters(SLOT_FREE_REELS));
    let next = 0;
    const round = playSlotFromFloats(() => floats[next++]!, { lineBetMinor: 1n });
    expect(round.freeSpinsPlayed).toBe(50);
    expect(round.spins.map((spin) => spin.freeSpinsAwarded)).toEqual([
      10,
      10,
      10,
      10,
      10,
      ...Array<number>(46).fill(0),
    ]);
    expect(round.spins.slice(1).every((spin) => spin.scatterCount >= 3 && spin.multiplier === 2)).toBe(true);
    expect(next).toBe(6 + 5 * 50);
  });

  it('should end free spins when no retrigger comes', () => {
    const stop = (strip: readonly SlotSymbol[]) => floatFor(strip, strip.indexOf('SCATTER'));
    const noScatter = (strip: readonly SlotSymbol[]) => floatFor(strip, (strip.indexOf('SCATTER') + 5) % strip.length);
    const floats = [stop(SLOT_REELS[0]!), stop(SLOT_REELS[1]!), stop(SLOT_REELS[2]!), 0.1, 0.1, 0.5];
    for (let spin = 0; spin < 10; spin += 1) floats.push(...SLOT_FREE_REELS.map(noScatter));
    let next = 0;
    const round = playSlotFromFloats(() => floats[next++]!, { lineBetMinor: 1n });
    expect(round.freeSpinsPlayed).toBe(10);
    expect(next).toBe(floats.length);
  });

  it('should show the same grids whatever the bet and pay in proportion', () => {
    const feature = [...Array(5000).keys()].find(
      (n) => playSlot(inputAt(n), { lineBetMinor: 1n }).freeSpinsPlayed > 0,
    )!;
    for (const nonce of [0, 1, 2, 3, 4, feature]) {
      const small = playSlot(inputAt(nonce), { lineBetMinor: 1n });
      const large = playSlot(inputAt(nonce), { lineBetMinor: 500n });
      expect(large.spins.map((spin) => spin.grid)).toEqual(small.spins.map((spin) => spin.grid));
      expect(large.jackpotTrigger).toBe(small.jackpotTrigger);
      expect(large.totalWinMinor).toBe(small.totalWinMinor * 500n);
    }
  });

  it('should publish five 32-stop strips with one scatter each, from the symbol list only', () => {
    for (const reels of [SLOT_REELS, SLOT_FREE_REELS]) {
      expect(reels).toHaveLength(5);
      for (const strip of reels) {
        expect(strip).toHaveLength(32);
        expect(strip.filter((symbol) => symbol === 'SCATTER')).toHaveLength(1);
        expect(strip.every((symbol) => SLOT_SYMBOLS.includes(symbol))).toBe(true);
      }
    }
  });
});
