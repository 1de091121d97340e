import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { GameInputError } from '../errors';
import { sha256Hex } from '../rng';

/**
 * Lottery draws (LOTTERY.md "Draw"): each issue's numbers come from one 64-hex seed, revealed after the betting window
 * closed, and nothing else: never from the bets. The seeds of a lottery form a hash chain published in advance
 * (chain[i] = sha256Hex(chain[i-1]); issue k uses chain[length-1-k]), so an issue's commitment, sha256Hex(seed), is the
 * hash published before its window opened (the previous issue's seed, or the chain's terminating hash for the first).
 *
 * Random words: HMAC-SHA256(key = seed as 64-hex text, message = `${lotteryCode}:${issueNo}:${cursor}`), cursor 0, 1,
 * ..., each block read as eight big-endian uint32 words. An integer in 0..n-1 is taken by rejection: a word w is used
 * only when w < 2^32 - (2^32 mod n), and then w mod n; otherwise the next word is read. Every value is exactly equally
 * likely (no `floor(float × n)` bias, no `byte % 10`).
 */

const HEX_64 = /^[0-9a-f]{64}$/;
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
const ISSUE_PATTERN = /^[0-9A-Za-z-]{1,32}$/;
const TWO_POW_32 = 2 ** 32;
/** A limit on everything: no family reads more than a few hundred words per issue. */
export const LOTTERY_WORDS_MAX = 4096;

export type DrawInput = { seed: string; lotteryCode: string; issueNo: string };

export const assertDrawInput = (input: DrawInput): void => {
  if (!HEX_64.test(input.seed)) throw new GameInputError('seed must be 64 lowercase hex characters');
  if (!CODE_PATTERN.test(input.lotteryCode)) throw new GameInputError('lotteryCode must be 1..40 of [A-Za-z0-9_-]');
  if (!ISSUE_PATTERN.test(input.issueNo)) throw new GameInputError('issueNo must be 1..32 of [0-9A-Za-z-]');
};

/** The words of one issue, in order. */
export class LotteryWordStream {
  private readonly keyed: ReturnType<typeof hmac.create>;
  private readonly prefix: string;
  private block = new Uint8Array(0);
  private cursor = -1;
  private index = 8;
  private drawn = 0;

  constructor(input: DrawInput) {
    assertDrawInput(input);
    this.keyed = hmac.create(sha256, utf8ToBytes(input.seed));
    this.prefix = `${input.lotteryCode}:${input.issueNo}:`;
  }

  get count(): number {
    return this.drawn;
  }

  nextWord(): number {
    if (this.drawn >= LOTTERY_WORDS_MAX)
      throw new GameInputError(`an issue may read at most ${LOTTERY_WORDS_MAX} words`);
    if (this.index === 8) {
      this.cursor += 1;
      this.block = this.keyed
        .clone()
        .update(utf8ToBytes(this.prefix + this.cursor))
        .digest();
      this.index = 0;
    }
    const o = this.index * 4;
    const b = this.block;
    this.index += 1;
    this.drawn += 1;
    return b[o]! * 0x1000000 + b[o + 1]! * 0x10000 + b[o + 2]! * 0x100 + b[o + 3]!;
  }

  /** A uniform integer in 0..n-1 by rejection sampling (n up to 2^32). */
  nextInt(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1 || n > TWO_POW_32) throw new GameInputError('n must be in 1..2^32');
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    for (;;) {
      const word = this.nextWord();
      if (word < limit) return word % n;
    }
  }
}

/** Draw shapes: how many numbers of how many digits (or which range) a family draws. */
export const LOTTERY_FAMILIES = [
  'digit5', // five digits 0-9 (SSC style): positions ten-thousands .. units
  'dice3', // three dice 1-6 (K3 style)
  'race10', // the finishing order of cars 1-10 (PK10 style)
  'pick11', // five different numbers of 1-11, in draw order (11-choose-5)
  'sea', // Thai style: first prize (6 digits), two front-3, two last-3, a bottom-2
  'fourD', // 23 different 4-digit numbers: 1st, 2nd, 3rd, 10 starters, 10 consolations
  'vnNorth', // Vietnam north (XSMB): 27 prizes from the special prize down to G7
  'vnSouth', // Vietnam south and central (XSMN / XSMT): 18 prizes from the special prize down to G8
] as const;
export type LotteryFamily = (typeof LOTTERY_FAMILIES)[number];

/** VN prize tiers in draw order: [tier, how many numbers, digits each]. */
export const VN_TIERS: Record<'vnNorth' | 'vnSouth', readonly (readonly [string, number, number])[]> = {
  vnNorth: [
    ['DB', 1, 5],
    ['G1', 1, 5],
    ['G2', 2, 5],
    ['G3', 6, 5],
    ['G4', 4, 4],
    ['G5', 6, 4],
    ['G6', 3, 3],
    ['G7', 4, 2],
  ],
  vnSouth: [
    ['DB', 1, 6],
    ['G1', 1, 5],
    ['G2', 1, 5],
    ['G3', 2, 5],
    ['G4', 7, 5],
    ['G5', 1, 4],
    ['G6', 3, 4],
    ['G7', 1, 3],
    ['G8', 1, 2],
  ],
};

/** The digits of every VN prize in draw order (27 in the north, 18 in the south). */
export const vnDigits = (family: 'vnNorth' | 'vnSouth'): number[] =>
  VN_TIERS[family].flatMap(([, count, digits]) => Array.from({ length: count }, () => digits));

/** How many numbers a family's draw has, and the digits each is shown with (0: shown as is). */
export const drawShape = (family: LotteryFamily): { length: number; digits: number[] } => {
  switch (family) {
    case 'digit5':
      return { length: 5, digits: [0, 0, 0, 0, 0] };
    case 'dice3':
      return { length: 3, digits: [0, 0, 0] };
    case 'race10':
      return { length: 10, digits: new Array<number>(10).fill(2) };
    case 'pick11':
      return { length: 5, digits: new Array<number>(5).fill(2) };
    case 'sea':
      return { length: 6, digits: [6, 3, 3, 3, 3, 2] };
    case 'fourD':
      return { length: 23, digits: new Array<number>(23).fill(4) };
    case 'vnNorth':
    case 'vnSouth': {
      const digits = vnDigits(family);
      return { length: digits.length, digits };
    }
  }
};

const shuffled = (stream: LotteryWordStream, values: number[], take: number): number[] => {
  // Fisher–Yates from the front: position i takes one of the values not yet placed.
  for (let i = 0; i < take; i += 1) {
    const j = i + stream.nextInt(values.length - i);
    [values[i], values[j]] = [values[j]!, values[i]!];
  }
  return values.slice(0, take);
};

/**
 * The numbers of an issue, in the family's order (LOTTERY.md lists each map):
 * - digit5: 5 × int(10); dice3: 3 × (int(6) + 1);
 * - race10: Fisher–Yates of [1..10] (position i takes one of the 10 − i cars left) → the cars in finishing order;
 * - pick11: the first 5 steps of that shuffle over [1..11];
 * - sea: int(10^6), int(1000) four times (front 3 ×2, last 3 ×2), int(100);
 * - fourD: int(10000) until 23 different numbers (a repeat is skipped), 1st, 2nd, 3rd, starters, consolations;
 * - vnNorth / vnSouth: one int(10^digits) per prize in tier order.
 */
export const drawNumbers = (family: LotteryFamily, input: DrawInput): number[] => {
  const stream = new LotteryWordStream(input);
  switch (family) {
    case 'digit5':
      return Array.from({ length: 5 }, () => stream.nextInt(10));
    case 'dice3':
      return Array.from({ length: 3 }, () => stream.nextInt(6) + 1);
    case 'race10':
      return shuffled(
        stream,
        Array.from({ length: 10 }, (_, i) => i + 1),
        10,
      );
    case 'pick11':
      return shuffled(
        stream,
        Array.from({ length: 11 }, (_, i) => i + 1),
        5,
      );
    case 'sea':
      return [
        stream.nextInt(1_000_000),
        stream.nextInt(1000),
        stream.nextInt(1000),
        stream.nextInt(1000),
        stream.nextInt(1000),
        stream.nextInt(100),
      ];
    case 'fourD': {
      const seen = new Set<number>();
      const numbers: number[] = [];
      while (numbers.length < 23) {
        const n = stream.nextInt(10_000);
        if (seen.has(n)) continue;
        seen.add(n);
        numbers.push(n);
      }
      return numbers;
    }
    case 'vnNorth':
    case 'vnSouth':
      return vnDigits(family).map((digits) => stream.nextInt(10 ** digits));
  }
};

/** Numbers as shown: zero-padded to their digits ("07", "00421"); dice and digits as they are. */
export const formatDraw = (family: LotteryFamily, numbers: readonly number[]): string[] => {
  const { digits } = drawShape(family);
  return numbers.map((n, i) => String(n).padStart(digits[i] ?? 0, '0'));
};

/** The commitment published before an issue's window opens: sha256Hex(seed) (the seed's 64 hex as text). */
export const lotteryCommitment = (seed: string): string => {
  if (!HEX_64.test(seed)) throw new GameInputError('seed must be 64 lowercase hex characters');
  return sha256Hex(seed);
};

/**
 * Verifies a drawn issue: the revealed seed hashes to the commitment published before its window, and gives these
 * numbers. Returns the numbers it computed, or null when the seed does not match the commitment.
 */
export const verifyLotteryDraw = (
  family: LotteryFamily,
  input: DrawInput & { commitment: string },
): number[] | null => {
  if (lotteryCommitment(input.seed) !== input.commitment) return null;
  return drawNumbers(family, input);
};
