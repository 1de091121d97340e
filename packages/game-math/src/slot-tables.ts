/**
 * The video slot's published tables: 5 reels × 3 rows, 20 fixed lines. Changing any of them changes the RTP;
 * the tests recompute it exactly (slotRtpBreakdown) and assert it still matches SLOT_STATED_RTP_E4.
 */
export const SLOT_SYMBOLS = [
  'WILD',
  'SCATTER',
  'SEVEN',
  'BELL',
  'CHERRY',
  'PLUM',
  'ORANGE',
  'LEMON',
  'A',
  'K',
  'Q',
  'J',
] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];
/** Every symbol but the scatter pays on lines (the wild too, on a run of wilds alone). */
export type SlotLineSymbol = Exclude<SlotSymbol, 'SCATTER'>;

export const SLOT_REEL_COUNT = 5;
export const SLOT_ROW_COUNT = 3;
export const SLOT_LINE_COUNT = 20;

/** Base-game reel strips, top to bottom and wrapping; a reel stop shows strip[stop], strip[stop+1], strip[stop+2]. */
// prettier-ignore
export const SLOT_REELS: readonly (readonly SlotSymbol[])[] = [
  ['WILD', 'PLUM', 'Q', 'LEMON', 'K', 'J', 'SEVEN', 'CHERRY', 'ORANGE', 'Q', 'A', 'PLUM', 'K', 'BELL', 'LEMON', 'J', 'WILD', 'Q', 'ORANGE', 'SCATTER', 'K', 'A', 'PLUM', 'J', 'CHERRY', 'LEMON', 'Q', 'K', 'ORANGE', 'BELL', 'J', 'A'],
  ['SCATTER', 'ORANGE', 'J', 'A', 'BELL', 'Q', 'PLUM', 'WILD', 'K', 'LEMON', 'J', 'ORANGE', 'Q', 'CHERRY', 'A', 'K', 'PLUM', 'J', 'LEMON', 'SEVEN', 'BELL', 'Q', 'WILD', 'ORANGE', 'K', 'A', 'J', 'PLUM', 'Q', 'LEMON', 'CHERRY', 'K'],
  ['SEVEN', 'LEMON', 'K', 'CHERRY', 'ORANGE', 'J', 'Q', 'A', 'K', 'PLUM', 'BELL', 'LEMON', 'WILD', 'SCATTER', 'K', 'Q', 'ORANGE', 'J', 'A', 'PLUM', 'CHERRY', 'K', 'LEMON', 'Q', 'BELL', 'ORANGE', 'J', 'K', 'WILD', 'A', 'PLUM', 'Q'],
  ['BELL', 'A', 'WILD', 'PLUM', 'Q', 'K', 'LEMON', 'ORANGE', 'CHERRY', 'J', 'Q', 'K', 'A', 'SEVEN', 'PLUM', 'LEMON', 'BELL', 'K', 'WILD', 'Q', 'ORANGE', 'J', 'A', 'K', 'PLUM', 'SCATTER', 'CHERRY', 'LEMON', 'Q', 'K', 'ORANGE', 'J'],
  ['CHERRY', 'K', 'ORANGE', 'J', 'SCATTER', 'A', 'Q', 'BELL', 'PLUM', 'WILD', 'K', 'LEMON', 'J', 'ORANGE', 'Q', 'A', 'CHERRY', 'K', 'PLUM', 'J', 'LEMON', 'Q', 'BELL', 'ORANGE', 'WILD', 'SEVEN', 'K', 'A', 'J', 'PLUM', 'Q', 'LEMON'],
];

/** Free-spin strips: the same but for more wilds on reels 2–4 (3, 4, 3 instead of 2), at the expense of J. */
// prettier-ignore
export const SLOT_FREE_REELS: readonly (readonly SlotSymbol[])[] = [
  ['PLUM', 'Q', 'LEMON', 'K', 'SEVEN', 'J', 'CHERRY', 'ORANGE', 'Q', 'A', 'PLUM', 'K', 'BELL', 'LEMON', 'J', 'WILD', 'Q', 'SCATTER', 'ORANGE', 'K', 'A', 'PLUM', 'J', 'CHERRY', 'LEMON', 'Q', 'K', 'ORANGE', 'BELL', 'J', 'A', 'WILD'],
  ['ORANGE', 'J', 'BELL', 'A', 'WILD', 'Q', 'PLUM', 'LEMON', 'K', 'ORANGE', 'J', 'Q', 'CHERRY', 'A', 'WILD', 'PLUM', 'K', 'SEVEN', 'LEMON', 'BELL', 'Q', 'ORANGE', 'J', 'K', 'A', 'WILD', 'PLUM', 'Q', 'LEMON', 'CHERRY', 'SCATTER', 'K'],
  ['LEMON', 'K', 'CHERRY', 'ORANGE', 'WILD', 'A', 'Q', 'J', 'PLUM', 'BELL', 'SCATTER', 'K', 'LEMON', 'WILD', 'ORANGE', 'Q', 'A', 'K', 'CHERRY', 'PLUM', 'LEMON', 'WILD', 'Q', 'J', 'BELL', 'ORANGE', 'K', 'A', 'SEVEN', 'WILD', 'PLUM', 'Q'],
  ['A', 'WILD', 'PLUM', 'Q', 'LEMON', 'K', 'ORANGE', 'CHERRY', 'J', 'SEVEN', 'Q', 'A', 'WILD', 'PLUM', 'K', 'BELL', 'LEMON', 'Q', 'ORANGE', 'J', 'K', 'A', 'SCATTER', 'WILD', 'PLUM', 'CHERRY', 'LEMON', 'Q', 'K', 'ORANGE', 'J', 'BELL'],
  ['K', 'ORANGE', 'SCATTER', 'J', 'A', 'BELL', 'Q', 'PLUM', 'WILD', 'K', 'LEMON', 'J', 'ORANGE', 'Q', 'CHERRY', 'A', 'K', 'PLUM', 'J', 'LEMON', 'BELL', 'Q', 'SEVEN', 'ORANGE', 'WILD', 'K', 'A', 'J', 'PLUM', 'Q', 'LEMON', 'CHERRY'],
];

/** The 20 lines, each the row (0 top, 1 middle, 2 bottom) on reels 1..5; line n is SLOT_LINES[n - 1]. */
export const SLOT_LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];

/** Line pays for 3, 4 and 5 of a kind from the leftmost reel, in multiples of the LINE bet. */
export const SLOT_PAYTABLE: Readonly<Record<SlotLineSymbol, readonly [number, number, number]>> = {
  WILD: [50, 250, 2500],
  SEVEN: [40, 150, 750],
  BELL: [30, 100, 400],
  CHERRY: [25, 80, 300],
  PLUM: [20, 60, 250],
  ORANGE: [15, 50, 200],
  LEMON: [12, 40, 150],
  A: [10, 30, 125],
  K: [8, 25, 100],
  Q: [5, 20, 75],
  J: [5, 15, 60],
};

/** 3, 4 and 5 scatters anywhere on the grid, in multiples of the TOTAL bet (times the free-spin multiplier). */
export const SLOT_SCATTER_PAYS: readonly [number, number, number] = [5, 20, 100];
/** Scatters needed for scatter pays and free spins. */
export const SLOT_SCATTER_MIN = 3;
/** Free spins awarded by 3+ scatters, in the base game and again (retrigger) during free spins. */
export const SLOT_FREE_SPINS = 10;
/** Every free-spin win (lines and scatters) is multiplied by this. */
export const SLOT_FREE_SPIN_MULTIPLIER = 2;
/** At most this many free spins in one round: a retrigger adds min(10, 50 − already awarded). */
export const SLOT_FREE_SPINS_MAX = 50;

/** Line bets a game client offers, in minor units; the total bet is 20 × the line bet. */
export const SLOT_BET_LEVELS_MINOR: readonly bigint[] = [1n, 2n, 5n, 10n, 20n, 50n, 100n, 500n];

/** Share of every paid slot round that feeds the progressive jackpot pool (1%), on top of the stated RTP. */
export const JACKPOT_SHARE_E4 = 100;
/** Chance that a paid round triggers the jackpot: the base spin's 6th float is below it, whatever the bet. */
export const JACKPOT_HIT_CHANCE = 1 / 50_000;
