import { assertBetMinor, GameInputError } from './errors';
import { FairFloatStream, fairInt, type FairInput } from './rng';
import {
  JACKPOT_HIT_CHANCE,
  SLOT_FREE_REELS,
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_FREE_SPINS,
  SLOT_FREE_SPINS_MAX,
  SLOT_LINE_COUNT,
  SLOT_LINES,
  SLOT_PAYTABLE,
  SLOT_REEL_COUNT,
  SLOT_REELS,
  SLOT_ROW_COUNT,
  SLOT_SCATTER_MIN,
  SLOT_SCATTER_PAYS,
  SLOT_SYMBOLS,
  type SlotLineSymbol,
  type SlotSymbol,
} from './slot-tables';

/**
 * The stated RTP: 96.04% (base game and free spins; the 1% jackpot share comes on top). It is the exact value
 * 96.0435...% computed by slotRtpBreakdown from the tables, rounded down to 1/10,000ths; README.md shows the
 * derivation and bench/rtp.mjs checks it by simulation.
 */
export const SLOT_STATED_RTP_E4 = 9604;

export type SlotLineWin = {
  /** Line number 1..20 (SLOT_LINES[line - 1]). */
  line: number;
  symbol: SlotLineSymbol;
  count: number;
  /** Line pay × line bet × the spin's multiplier. */
  winMinor: bigint;
};
export type SlotSpin = {
  /** grid[reel][row], row 0 at the top. */
  grid: SlotSymbol[][];
  lineWins: SlotLineWin[];
  scatterCount: number;
  /** Scatter pay × total bet × the spin's multiplier. */
  scatterWinMinor: bigint;
  /** Free spins this spin added to the round (10, fewer at the cap, or 0). */
  freeSpinsAwarded: number;
  /** 1 on the base spin, SLOT_FREE_SPIN_MULTIPLIER on free spins. */
  multiplier: number;
  winMinor: bigint;
};
export type SlotRound = {
  spins: SlotSpin[];
  totalWinMinor: bigint;
  freeSpinsPlayed: number;
  jackpotTrigger: boolean;
};
export type SlotLinePay = { symbol: SlotLineSymbol; count: number; pays: number };

export const slotTotalBetMinor = (lineBetMinor: bigint): bigint => lineBetMinor * BigInt(SLOT_LINE_COUNT);

// The engine works on symbol ids (indexes into SLOT_SYMBOLS) so that a bench can play tens of millions of rounds;
// the string forms below are views of the same code path.
const WILD_ID = SLOT_SYMBOLS.indexOf('WILD');
const SCATTER_ID = SLOT_SYMBOLS.indexOf('SCATTER');
const SYMBOL_ID = new Map<SlotSymbol, number>(SLOT_SYMBOLS.map((symbol, id) => [symbol, id]));
/** PAYS[id][count]: line pays for `count` of symbol id (0 below 3 and for the scatter). */
const PAYS: readonly (readonly number[])[] = SLOT_SYMBOLS.map((symbol) =>
  symbol === 'SCATTER' ? [0, 0, 0, 0, 0, 0] : [0, 0, 0, ...SLOT_PAYTABLE[symbol]],
);
const toIds = (strip: readonly SlotSymbol[]): Uint8Array => Uint8Array.from(strip, (symbol) => SYMBOL_ID.get(symbol)!);
const BASE_STRIPS = SLOT_REELS.map(toIds);
const FREE_STRIPS = SLOT_FREE_REELS.map(toIds);
/** Flat grid offsets (reel * 3 + row) of each line. */
const LINE_CELLS: readonly (readonly number[])[] = SLOT_LINES.map((rows) =>
  rows.map((row, reel) => reel * SLOT_ROW_COUNT + row),
);

/** Pays of a line as symbol id × 8 + count, or 0: one number, no allocation on the hot path. */
const lineIdPay = (ids: ArrayLike<number>, cells: readonly number[]): number => {
  let wilds = 0;
  while (wilds < cells.length && ids[cells[wilds]!] === WILD_ID) wilds += 1;
  const wildPays = PAYS[WILD_ID]![wilds]!;
  let best = wildPays > 0 ? (wildPays * 16 + WILD_ID) * 8 + wilds : 0;
  if (wilds < cells.length) {
    const first = ids[cells[wilds]!]!;
    if (first !== SCATTER_ID) {
      let count = wilds;
      while (count < cells.length && (ids[cells[count]!] === first || ids[cells[count]!] === WILD_ID)) count += 1;
      const pays = PAYS[first]![count]!;
      if (pays > wildPays) best = (pays * 16 + first) * 8 + count;
    }
  }
  return best;
};

const decodePay = (code: number): SlotLinePay => ({
  symbol: SLOT_SYMBOLS[Math.floor(code / 8) % 16] as SlotLineSymbol,
  count: code % 8,
  pays: Math.floor(code / 128),
});

const IDENTITY_CELLS = [0, 1, 2, 3, 4];

/**
 * The best combination on one line, read from the leftmost reel. The wild stands for any symbol but the scatter:
 * the run is the first non-wild symbol (with the wilds before and after it); a run of wilds alone pays the WILD
 * row. When both pay, the higher pay is taken (a tie goes to the WILD row). null when nothing pays.
 */
export const evaluateSlotLine = (symbols: readonly SlotSymbol[]): SlotLinePay | null => {
  if (symbols.length !== SLOT_REEL_COUNT) throw new GameInputError(`a line is ${SLOT_REEL_COUNT} symbols`);
  const ids = symbols.map((symbol) => {
    const id = SYMBOL_ID.get(symbol);
    if (id === undefined) throw new GameInputError(`unknown symbol ${String(symbol)}`);
    return id;
  });
  const code = lineIdPay(ids, IDENTITY_CELLS);
  return code === 0 ? null : decodePay(code);
};

const gridIds = (grid: readonly (readonly SlotSymbol[])[]): Uint8Array => {
  if (grid.length !== SLOT_REEL_COUNT || grid.some((reel) => reel.length !== SLOT_ROW_COUNT)) {
    throw new GameInputError(`a grid is ${SLOT_REEL_COUNT} reels of ${SLOT_ROW_COUNT} rows`);
  }
  return Uint8Array.from(grid.flat(), (symbol) => {
    const id = SYMBOL_ID.get(symbol);
    if (id === undefined) throw new GameInputError(`unknown symbol ${String(symbol)}`);
    return id;
  });
};

type GridResult = Pick<SlotSpin, 'lineWins' | 'scatterCount' | 'scatterWinMinor' | 'winMinor'>;

const evaluateIds = (ids: Uint8Array, lineBetMinor: bigint, multiplier: number): GridResult => {
  const lineWins: SlotLineWin[] = [];
  let lineTotal = 0;
  for (let line = 0; line < LINE_CELLS.length; line += 1) {
    const code = lineIdPay(ids, LINE_CELLS[line]!);
    if (code === 0) continue;
    const pay = decodePay(code);
    lineTotal += pay.pays;
    const winMinor = BigInt(pay.pays * multiplier) * lineBetMinor;
    lineWins.push({ line: line + 1, symbol: pay.symbol, count: pay.count, winMinor });
  }
  let scatterCount = 0;
  for (let cell = 0; cell < ids.length; cell += 1) if (ids[cell] === SCATTER_ID) scatterCount += 1;
  const scatterPays = scatterCount >= SLOT_SCATTER_MIN ? SLOT_SCATTER_PAYS[Math.min(scatterCount, 5) - 3]! : 0;
  const scatterWinMinor = scatterPays === 0 ? 0n : BigInt(scatterPays * multiplier) * slotTotalBetMinor(lineBetMinor);
  const winMinor = (lineTotal === 0 ? 0n : BigInt(lineTotal * multiplier) * lineBetMinor) + scatterWinMinor;
  return { lineWins, scatterCount, scatterWinMinor, winMinor };
};

export const slotScatterCount = (grid: readonly (readonly SlotSymbol[])[]): number =>
  gridIds(grid).reduce((sum, id) => sum + (id === SCATTER_ID ? 1 : 0), 0);

/** Line wins and scatter pays of one grid (free-spin awards aside, which depend on the round so far). */
export const evaluateSlotGrid = (
  grid: readonly (readonly SlotSymbol[])[],
  bet: { lineBetMinor: bigint; multiplier: number },
): GridResult => {
  assertBetMinor(bet.lineBetMinor, 'lineBetMinor');
  if (!Number.isInteger(bet.multiplier) || bet.multiplier < 1) {
    throw new GameInputError('multiplier must be a positive integer');
  }
  return evaluateIds(gridIds(grid), bet.lineBetMinor, bet.multiplier);
};

/** The grid a set of reel stops shows: reel i shows strip[stop], strip[stop + 1], strip[stop + 2] (wrapping). */
export const slotGridAt = (reels: readonly (readonly SlotSymbol[])[], stops: readonly number[]): SlotSymbol[][] =>
  reels.map((strip, reel) => {
    const stop = stops[reel]!;
    return Array.from({ length: SLOT_ROW_COUNT }, (_, row) => strip[(stop + row) % strip.length]!);
  });

/** Draws one float per reel, in reel order, and returns the grid as ids and as symbols. */
const spin = (nextFloat: () => number, strips: readonly Uint8Array[]): { ids: Uint8Array; grid: SlotSymbol[][] } => {
  const ids = new Uint8Array(SLOT_REEL_COUNT * SLOT_ROW_COUNT);
  const grid: SlotSymbol[][] = [];
  for (let reel = 0; reel < SLOT_REEL_COUNT; reel += 1) {
    const strip = strips[reel]!;
    const stop = fairInt(nextFloat(), strip.length);
    const column: SlotSymbol[] = [];
    for (let row = 0; row < SLOT_ROW_COUNT; row += 1) {
      const id = strip[(stop + row) % strip.length]!;
      ids[reel * SLOT_ROW_COUNT + row] = id;
      column.push(SLOT_SYMBOLS[id]!);
    }
    grid.push(column);
  }
  return { ids, grid };
};

/**
 * One paid round: the base spin and every free spin it leads to, all from one (serverSeed, clientSeed, nonce).
 * Floats in order: 0–4 the base reel stops, 5 the jackpot draw (below JACKPOT_HIT_CHANCE triggers), then 5 per
 * free spin. 3+ scatters award 10 free spins (×2 wins, free-spin strips); 3+ during free spins add up to 10 more,
 * never past 50 in the round. The bet only scales the wins: the grids are the same for every bet.
 */
export const playSlot = (input: FairInput, bet: { lineBetMinor: bigint }): SlotRound => {
  const stream = new FairFloatStream(input);
  return playSlotFromFloats(() => stream.next(), bet);
};

/** playSlot on any source of floats in [0, 1): for tests and tools that need a chosen sequence of reel stops. */
export const playSlotFromFloats = (nextFloat: () => number, bet: { lineBetMinor: bigint }): SlotRound => {
  assertBetMinor(bet.lineBetMinor, 'lineBetMinor');
  const baseSpin = spin(nextFloat, BASE_STRIPS);
  const jackpotFloat = nextFloat();
  if (!(jackpotFloat >= 0 && jackpotFloat < 1)) throw new GameInputError('float must be in [0, 1)');
  const base = evaluateIds(baseSpin.ids, bet.lineBetMinor, 1);
  let awarded = base.scatterCount >= SLOT_SCATTER_MIN ? SLOT_FREE_SPINS : 0;
  const spins: SlotSpin[] = [{ grid: baseSpin.grid, ...base, freeSpinsAwarded: awarded, multiplier: 1 }];
  let remaining = awarded;
  let freeSpinsPlayed = 0;
  while (remaining > 0) {
    const { ids, grid } = spin(nextFloat, FREE_STRIPS);
    const result = evaluateIds(ids, bet.lineBetMinor, SLOT_FREE_SPIN_MULTIPLIER);
    const added =
      result.scatterCount >= SLOT_SCATTER_MIN ? Math.min(SLOT_FREE_SPINS, SLOT_FREE_SPINS_MAX - awarded) : 0;
    awarded += added;
    remaining += added - 1;
    freeSpinsPlayed += 1;
    spins.push({ grid, ...result, freeSpinsAwarded: added, multiplier: SLOT_FREE_SPIN_MULTIPLIER });
  }
  const totalWinMinor = spins.reduce((sum, each) => sum + each.winMinor, 0n);
  return { spins, totalWinMinor, freeSpinsPlayed, jackpotTrigger: jackpotFloat < JACKPOT_HIT_CHANCE };
};
