import { describe, expect, it } from 'vitest';
import { SLOT_STATED_RTP_E4 } from './slot';
import { slotRtpBreakdown } from './slot-rtp';
import {
  SLOT_FREE_REELS,
  SLOT_LINES,
  SLOT_PAYTABLE,
  SLOT_REELS,
  SLOT_SCATTER_PAYS,
  type SlotLineSymbol,
  type SlotSymbol,
} from './slot-tables';

/**
 * An independent reading of the README's line rule: try every symbol as the one the line is made of (wilds
 * standing in), and the wild run alone, and pay the best.
 */
const referenceLinePay = (line: SlotSymbol[]): number => {
  let best = 0;
  for (const symbol of Object.keys(SLOT_PAYTABLE) as SlotLineSymbol[]) {
    let count = 0;
    while (count < 5 && (line[count] === symbol || line[count] === 'WILD')) count += 1;
    if (symbol !== 'WILD' && count > 0 && line.slice(0, count).every((s) => s === 'WILD')) continue;
    if (count >= 3) best = Math.max(best, SLOT_PAYTABLE[symbol][count - 3]!);
  }
  return best;
};

/** Expected pays of one line on one set of strips, over every symbol combination weighted by strip counts. */
const referenceLineReturn = (reels: readonly (readonly SlotSymbol[])[], rows: readonly number[]): number => {
  // The symbol at row r of a reel, over all 32 stops, is each strip position once: the row does not matter.
  const columns = reels.map((strip, reel) => strip.map((_, stop) => strip[(stop + rows[reel]!) % strip.length]!));
  const weights = columns.map((column) => {
    const counts = new Map<SlotSymbol, number>();
    for (const symbol of column) counts.set(symbol, (counts.get(symbol) ?? 0) + 1 / column.length);
    return [...counts];
  });
  let total = 0;
  for (const [a, pa] of weights[0]!)
    for (const [b, pb] of weights[1]!)
      for (const [c, pc] of weights[2]!)
        for (const [d, pd] of weights[3]!)
          for (const [e, pe] of weights[4]!) total += pa * pb * pc * pd * pe * referenceLinePay([a, b, c, d, e]);
  return total;
};

const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);

describe('slot RTP (exact)', () => {
  const breakdown = slotRtpBreakdown();

  it('should state the RTP the tables give, rounded down to 1/10,000ths, around 96%', () => {
    expect(Math.floor(breakdown.total * 10_000)).toBe(SLOT_STATED_RTP_E4);
    expect(SLOT_STATED_RTP_E4).toBeGreaterThanOrEqual(9550);
    expect(SLOT_STATED_RTP_E4).toBeLessThanOrEqual(9650);
    expect(breakdown.total).toBeCloseTo(breakdown.baseLines + breakdown.baseScatters + breakdown.freeSpins, 12);
  });

  it('should match an independent line evaluation on every one of the 20 lines', () => {
    for (const rows of [SLOT_LINES[0]!, SLOT_LINES[3]!, SLOT_LINES[19]!]) {
      expect(referenceLineReturn(SLOT_REELS, rows)).toBeCloseTo(breakdown.baseLines, 12);
    }
    const freeLines = breakdown.freeSpinReturn / 2 - breakdown.baseScatters; // same scatter layout on both sets
    expect(referenceLineReturn(SLOT_FREE_REELS, SLOT_LINES[7]!)).toBeCloseTo(freeLines, 12);
  });

  it('should trigger free spins with the binomial chance of 3+ of 5 reels showing their one scatter', () => {
    const p = 3 / 32;
    const atLeast3 = [3, 4, 5].reduce((sum, k) => sum + choose(5, k) * p ** k * (1 - p) ** (5 - k), 0);
    expect(breakdown.triggerChance).toBeCloseTo(atLeast3, 14);
    expect(breakdown.retriggerChance).toBeCloseTo(atLeast3, 14);
    const scatterPays = [3, 4, 5].reduce(
      (sum, k) => sum + choose(5, k) * p ** k * (1 - p) ** (5 - k) * SLOT_SCATTER_PAYS[k - 3]!,
      0,
    );
    expect(breakdown.baseScatters).toBeCloseTo(scatterPays, 14);
  });

  it('should expect the free spins a forward walk of the retrigger chain gives (cap 50)', () => {
    // Probability mass over (spins left, spins awarded), advanced one free spin at a time.
    const q = breakdown.retriggerChance;
    let states = new Map<string, number>([['10:10', 1]]);
    let expected = 0;
    while (states.size > 0) {
      const next = new Map<string, number>();
      for (const [key, mass] of states) {
        const [left, awarded] = key.split(':').map(Number) as [number, number];
        expected += mass;
        const add = Math.min(10, 50 - awarded);
        const moves: [number, number, number][] = [
          [left - 1 + add, awarded + add, q],
          [left - 1, awarded, 1 - q],
        ];
        for (const [l, a, p] of moves) {
          if (l > 0) next.set(`${l}:${a}`, (next.get(`${l}:${a}`) ?? 0) + mass * p);
        }
      }
      states = next;
    }
    expect(breakdown.expectedFreeSpins).toBeCloseTo(expected, 10);
    expect(expected).toBeGreaterThan(10);
    expect(expected).toBeLessThan(50);
  });
});
