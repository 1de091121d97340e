import type { LotteryFamily } from './draw';

/**
 * What a bet method is (LOTTERY.md "Bet methods"): the rows a player picks in, how many tickets (注数) a pick makes,
 * which odds keys each ticket is exposed to, the exact expected hits per exposure of each key, and how a draw hits a
 * pick. Hits are counted per odds key; the payout is Σ hits × odds (odds.ts), so prices live apart from the rules.
 */
export type Rows = number[][];
export type Hits = Partial<Record<string, number>>;

export type RowSpec = {
  /** How many rows the pick has (positions, or 1). */
  rows: number;
  /** The values a row may hold. */
  min: number;
  max: number;
  /** 'all': every row needs at least minPicks values; 'any': rows may be empty but one value in all is needed. */
  fill: 'all' | 'any';
  minPicks: number;
};

export type LotteryMethod = {
  code: string;
  family: LotteryFamily;
  rows: RowSpec;
  /** Units of stake one ticket costs (1, or the lô's number of prizes: a VN lô point covers every prize). */
  ticketUnits: number;
  /** Tie and refund policy, in words, for the rules page. */
  rule: string;
  count: (rows: Rows) => number;
  /** Per odds key: how many ticket-exposures the pick has (a 4D ticket is exposed to every tier). */
  exposures: (rows: Rows) => Hits;
  /** Per odds key: the exact expected hits of one exposure (a probability, or a mean count for per-occurrence keys). */
  expectedHits: Record<string, number>;
  hits: (draw: readonly number[], rows: Rows) => Hits;
  /** Extra checks beyond the row spec (a tod number needs three different digits); a message when refused. */
  refuse?: (rows: Rows) => string | null;
};

export const choose = (n: number, k: number): number => {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 0; i < k; i += 1) result = (result * (n - i)) / (i + 1);
  return Math.round(result);
};

/** Is v in a row? Rows are validated increasing, so a binary search: hits cost the draw's size, not the pick's. */
export const has = (row: readonly number[], v: number): boolean => {
  let lo = 0;
  let hi = row.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = row[mid]!;
    if (x === v) return true;
    if (x < v) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
};

export const total = (rows: Rows): number => rows.reduce((sum, row) => sum + row.length, 0);
export const product = (rows: Rows): number => rows.reduce((p, row) => p * row.length, 1);
export const add = (hits: Hits, key: string, n = 1): Hits => {
  if (n > 0) hits[key] = (hits[key] ?? 0) + n;
  return hits;
};
/** One key for every ticket. */
export const single =
  (key: string) =>
  (count: (rows: Rows) => number) =>
  (rows: Rows): Hits => ({ [key]: count(rows) });

/** Options of the two-sided rows: big, small, odd, even. */
export const SIDE = { big: 0, small: 1, odd: 2, even: 3 } as const;

/** Ways to make each sum with `dice` values of lo..hi (index = sum). */
export const sumWays = (dice: number, lo: number, hi: number): number[] => {
  let ways = [1];
  for (let d = 0; d < dice; d += 1) {
    const next = new Array<number>(ways.length + hi).fill(0);
    ways.forEach((w, s) => {
      for (let v = lo; v <= hi; v += 1) next[s + v]! += w;
    });
    ways = next;
  }
  while (ways.length > 0 && ways[ways.length - 1] === 0) ways.pop();
  return ways;
};

export const rowSpec = (rows: number, min: number, max: number, fill: 'all' | 'any', minPicks = 1): RowSpec => ({
  rows,
  min,
  max,
  fill,
  minPicks,
});
