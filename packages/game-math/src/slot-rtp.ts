import { evaluateSlotLine } from './slot';
import {
  SLOT_FREE_REELS,
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_FREE_SPINS,
  SLOT_FREE_SPINS_MAX,
  SLOT_REELS,
  SLOT_ROW_COUNT,
  SLOT_SCATTER_MIN,
  SLOT_SCATTER_PAYS,
  type SlotSymbol,
} from './slot-tables';

/** Each part of the slot's RTP, as a fraction of the total bet (0.96 = 96%). */
export type SlotRtpBreakdown = {
  /** Expected line pays of one base spin (all 20 lines) over the total bet. */
  baseLines: number;
  baseScatters: number;
  /** P(3+ scatters) on the base strips: the chance a round has free spins. */
  triggerChance: number;
  /** P(3+ scatters) on the free-spin strips: the chance a free spin retriggers. */
  retriggerChance: number;
  /** Expected free spins played once triggered (10 plus retriggers, capped at 50). */
  expectedFreeSpins: number;
  /** Expected return of one free spin over the total bet, multiplier included. */
  freeSpinReturn: number;
  /** triggerChance × expectedFreeSpins × freeSpinReturn. */
  freeSpins: number;
  total: number;
};

type Reels = readonly (readonly SlotSymbol[])[];

/**
 * The expected pay of one line over the line bet. A reel stop is uniform on its strip, so the symbol a line sees
 * on a reel is distributed as the strip's symbol counts whatever the row, and reels are independent: the sum over
 * every 5-symbol sequence of Π P(symbol on reel) × pay is exact, and the same for all 20 lines.
 */
const lineReturn = (reels: Reels): number => {
  const frequencies = reels.map((strip) => {
    const counts = new Map<SlotSymbol, number>();
    for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    return [...counts].map(([symbol, count]) => ({ symbol, p: count / strip.length }));
  });
  let expected = 0;
  const walk = (reel: number, symbols: SlotSymbol[], p: number): void => {
    if (reel === reels.length) {
      expected += p * (evaluateSlotLine(symbols)?.pays ?? 0);
      return;
    }
    for (const entry of frequencies[reel]!) walk(reel + 1, [...symbols, entry.symbol], p * entry.p);
  };
  walk(0, [], 1);
  return expected;
};

/** The distribution of the number of scatters on the grid: per reel over its stops, then convolved. */
const scatterDistribution = (reels: Reels): number[] =>
  reels.reduce<number[]>(
    (distribution, strip) => {
      const perReel = Array.from({ length: SLOT_ROW_COUNT + 1 }, () => 0);
      for (let stop = 0; stop < strip.length; stop += 1) {
        let count = 0;
        for (let row = 0; row < SLOT_ROW_COUNT; row += 1) {
          if (strip[(stop + row) % strip.length] === 'SCATTER') count += 1;
        }
        perReel[count]! += 1 / strip.length;
      }
      const next = Array.from({ length: distribution.length + SLOT_ROW_COUNT }, () => 0);
      distribution.forEach((p, have) => perReel.forEach((q, add) => (next[have + add]! += p * q)));
      return next;
    },
    [1],
  );

const scatterStats = (reels: Reels): { pays: number; chance: number } => {
  let pays = 0;
  let chance = 0;
  scatterDistribution(reels).forEach((p, count) => {
    if (count < SLOT_SCATTER_MIN) return;
    chance += p;
    pays += p * SLOT_SCATTER_PAYS[Math.min(count, 5) - 3]!;
  });
  return { pays, chance };
};

/**
 * Expected free spins played, from the Markov chain (spins left, spins awarded so far). Each free spin is an
 * independent draw and whether it is played depends only on earlier spins, so by Wald's identity the expected
 * feature return is this expectation times one free spin's expected return.
 */
const expectedFreeSpins = (retriggerChance: number): number => {
  const memo = new Map<string, number>();
  const played = (left: number, awarded: number): number => {
    if (left === 0) return 0;
    const key = `${left}:${awarded}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const added = Math.min(SLOT_FREE_SPINS, SLOT_FREE_SPINS_MAX - awarded);
    const value =
      1 +
      retriggerChance * played(left - 1 + added, awarded + added) +
      (1 - retriggerChance) * played(left - 1, awarded);
    memo.set(key, value);
    return value;
  };
  return played(SLOT_FREE_SPINS, SLOT_FREE_SPINS);
};

/** The slot's exact RTP from its published tables (no simulation). */
export const slotRtpBreakdown = (): SlotRtpBreakdown => {
  const baseLines = lineReturn(SLOT_REELS);
  const base = scatterStats(SLOT_REELS);
  const free = scatterStats(SLOT_FREE_REELS);
  const freeSpinReturn = SLOT_FREE_SPIN_MULTIPLIER * (lineReturn(SLOT_FREE_REELS) + free.pays);
  const spins = expectedFreeSpins(free.chance);
  const freeSpins = base.chance * spins * freeSpinReturn;
  return {
    baseLines,
    baseScatters: base.pays,
    triggerChance: base.chance,
    retriggerChance: free.chance,
    expectedFreeSpins: spins,
    freeSpinReturn,
    freeSpins,
    total: baseLines + base.pays + freeSpins,
  };
};
