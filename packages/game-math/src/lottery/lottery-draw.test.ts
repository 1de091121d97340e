import { describe, expect, it } from 'vitest';
import { crashChain } from '../crash';
import { GameInputError } from '../errors';
import { referenceHmac, referenceSha256Hex, SEED_A, SEED_B } from '../test-reference';
import { drawNumbers, formatDraw, lotteryCommitment, verifyLotteryDraw, vnDigits, type LotteryFamily } from './draw';
import { choose, type Rows } from './method-kit';
import {
  LOTTERY_METHODS,
  lotteryMethod,
  methodRtp,
  prizeGroupOdds,
  PRIZE_GROUP_MAX,
  PRIZE_GROUP_MIN,
  VN_NORTH_ODDS,
} from './odds';
import { priceBet, prizeGroupRebates, selectionRtp } from './pricing';
import { xienProbability } from './methods-sea-vn';

/** The documented map, written again on node:crypto from LOTTERY.md: words, rejection sampling, Fisher–Yates. */
const referenceDraw = (family: LotteryFamily, seed: string, code: string, issue: string): number[] => {
  let cursor = 0;
  let block: Buffer = Buffer.alloc(0);
  let offset = 32;
  const word = (): number => {
    if (offset === 32) {
      block = referenceHmac(seed, `${code}:${issue}:${cursor}`);
      cursor += 1;
      offset = 0;
    }
    offset += 4;
    return block.readUInt32BE(offset - 4);
  };
  const int = (n: number): number => {
    for (;;) {
      const w = word();
      if (w < 2 ** 32 - (2 ** 32 % n)) return w % n;
    }
  };
  const shuffle = (size: number, take: number) => {
    const a = Array.from({ length: size }, (_, i) => i + 1);
    for (let i = 0; i < take; i += 1) {
      const j = i + int(size - i);
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a.slice(0, take);
  };
  if (family === 'digit5') return [int(10), int(10), int(10), int(10), int(10)];
  if (family === 'dice3') return [int(6) + 1, int(6) + 1, int(6) + 1];
  if (family === 'race10') return shuffle(10, 10);
  if (family === 'pick11') return shuffle(11, 5);
  if (family === 'sea') return [int(1e6), int(1000), int(1000), int(1000), int(1000), int(100)];
  if (family === 'fourD') {
    const out: number[] = [];
    while (out.length < 23) {
      const n = int(10_000);
      if (!out.includes(n)) out.push(n);
    }
    return out;
  }
  return vnDigits(family).map((d) => int(10 ** d));
};

const FAMILIES: LotteryFamily[] = ['digit5', 'dice3', 'race10', 'pick11', 'sea', 'fourD', 'vnNorth', 'vnSouth'];

describe('lottery draw map', () => {
  it('should follow the documented map for every family', () => {
    for (const family of FAMILIES) {
      for (const issue of ['202611270001', '202611270002', '20261127-1440']) {
        for (const seed of [SEED_A, SEED_B]) {
          const drawn = drawNumbers(family, { seed, lotteryCode: 'TEST', issueNo: issue });
          expect(drawn).toEqual(referenceDraw(family, seed, 'TEST', issue));
        }
      }
    }
  });

  it('should keep its worked example (LOTTERY.md)', () => {
    const input = { seed: SEED_B, lotteryCode: 'FFC1', issueNo: '202611270001' };
    expect(formatDraw('digit5', drawNumbers('digit5', input))).toEqual(['7', '2', '0', '6', '6']);
    expect(drawNumbers('race10', input)).toEqual([8, 6, 9, 3, 4, 7, 1, 5, 2, 10]);
    expect(lotteryCommitment(SEED_B)).toBe(referenceSha256Hex(SEED_B));
  });

  it('should draw numbers in range, different where the family says so', () => {
    for (let i = 0; i < 40; i += 1) {
      const input = { seed: SEED_A, lotteryCode: 'R', issueNo: String(i) };
      const race = drawNumbers('race10', input);
      expect([...race].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const pick = drawNumbers('pick11', input);
      expect(new Set(pick).size).toBe(5);
      expect(pick.every((n) => n >= 1 && n <= 11)).toBe(true);
      expect(new Set(drawNumbers('fourD', input)).size).toBe(23);
      drawNumbers('vnNorth', input).forEach((n, k) => expect(n).toBeLessThan(10 ** vnDigits('vnNorth')[k]!));
    }
  });

  it('should verify a draw against the commitment of a published chain, and refuse another seed', () => {
    const chain = crashChain(SEED_A, 4); // issue k uses chain[3 - k]; chain[3] is published before issue 1
    const issue2Seed = chain[1]!;
    const commitment = chain[2]!; // = issue 1's seed, known before issue 2's window opened
    expect(lotteryCommitment(issue2Seed)).toBe(commitment);
    const input = { seed: issue2Seed, lotteryCode: 'FFC1', issueNo: '202611270002', commitment };
    expect(verifyLotteryDraw('dice3', input)).toEqual(drawNumbers('dice3', input));
    expect(verifyLotteryDraw('dice3', { ...input, seed: chain[0]! })).toBeNull();
  });

  it('should refuse malformed draw inputs', () => {
    expect(() => drawNumbers('digit5', { seed: 'x', lotteryCode: 'A', issueNo: '1' })).toThrow(GameInputError);
    expect(() => drawNumbers('digit5', { seed: SEED_A, lotteryCode: 'a:b', issueNo: '1' })).toThrow(GameInputError);
  });
});

/** Σ over every draw of a family's (small) outcome space: hits per key, against exposures × expected hits. */
const enumerate = (draws: number[][], method: string, rows: Rows) => {
  const m = lotteryMethod(method);
  const sums: Record<string, number> = {};
  for (const draw of draws) for (const [k, n] of Object.entries(m.hits(draw, rows))) sums[k] = (sums[k] ?? 0) + n!;
  const expected = Object.fromEntries(
    Object.entries(m.exposures(rows)).map(([k, n]) => [k, Math.round(n! * m.expectedHits[k]! * draws.length)]),
  );
  return { sums, expected };
};

describe('lottery method probabilities', () => {
  const digits5 = Array.from({ length: 100_000 }, (_, x) => [...String(x).padStart(5, '0')].map(Number));
  const dice = Array.from({ length: 216 }, (_, x) => [
    (x % 6) + 1,
    (Math.floor(x / 6) % 6) + 1,
    Math.floor(x / 36) + 1,
  ]);
  const pick: number[][] = [];
  for (let a = 1; a <= 11; a += 1)
    for (let b = 1; b <= 11; b += 1)
      for (let c = 1; c <= 11; c += 1)
        for (let d = 1; d <= 11; d += 1)
          for (let e = 1; e <= 11; e += 1) if (new Set([a, b, c, d, e]).size === 5) pick.push([a, b, c, d, e]);

  it.each([
    ['d5.straight5', [[1], [2, 3], [4], [5], [6]]],
    ['d5.straight3', [[0, 1], [2], [3, 4, 5]]],
    ['d5.group3', [[1, 4, 8]]],
    ['d5.group6', [[0, 2, 5, 9]]],
    ['d5.position', [[1], [], [2, 3], [], [9]]],
    ['d5.sum3', [[0, 13, 27]]],
    ['d5.bsoe', [[0], [1], [2], [3], [0, 3]]],
    ['d5.totalBsoe', [[0, 1, 2, 3]]],
    ['d5.dragonTiger', [[0, 1, 2]]],
  ])('should match the exact hits of %s over all 100,000 draws', (method, rows) => {
    const { sums, expected } = enumerate(digits5, method, rows as Rows);
    expect(sums).toEqual(expected);
  });

  it('should match the exact hits of every dice and 11-choose-5 method over all their draws', () => {
    const cases: [string, number[][], Rows][] = [
      ['k3.sum', dice, [[3, 4, 10, 17, 18]]],
      ['k3.triple', dice, [[2, 6]]],
      ['k3.anyTriple', dice, [[1]]],
      ['k3.pair', dice, [[1, 3]]],
      ['k3.bigSmall', dice, [[0, 1, 2, 3]]],
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((k): [string, number[][], Rows] => [
        `x5.any${k}`,
        pick,
        [[1, 2, 3, 5, 7, 8, 10, 11].slice(0, Math.max(k, 6))],
      ]),
      ['x5.front1', pick, [[4, 9]]],
    ];
    for (const [method, draws, rows] of cases) {
      const { sums, expected } = enumerate(draws, method, rows);
      expect({ method, sums }).toEqual({ method, sums: expected });
    }
  });

  it('should give xiên the inclusion–exclusion chance (north 27 lô, south 18)', () => {
    expect(xienProbability(2, 27)).toBeCloseTo(0.05488, 5);
    expect(xienProbability(3, 18)).toBeCloseTo(0.00391, 5);
    expect(choose(11, 5)).toBe(462);
  });

  it('should return G / 2000 on every prize-group method and group, less at most 0.01 pp of rounding', () => {
    for (const family of ['digit5', 'dice3', 'race10', 'pick11'] as const) {
      for (const group of [PRIZE_GROUP_MIN, 1950, PRIZE_GROUP_MAX]) {
        const table = prizeGroupOdds(family, group);
        for (const code of Object.keys(table.odds)) {
          for (const rtp of Object.values(methodRtp(code, table))) {
            expect(rtp).toBeLessThanOrEqual(group / 2000 + 1e-12);
            expect(rtp).toBeGreaterThan(group / 2000 - 0.0001);
          }
        }
      }
    }
  });

  it('should state the VN north lô at 95% and the xiên at their documented returns', () => {
    expect(methodRtp('vnn.lo2', VN_NORTH_ODDS).win).toBeCloseTo(0.95, 12);
    expect(selectionRtp({ method: 'vnn.xien2', rows: [[1, 2, 3]] }, VN_NORTH_ODDS)).toBeCloseTo(
      17 * xienProbability(2, 27),
      12,
    );
  });
});

describe('lottery pricing', () => {
  const table = prizeGroupOdds('digit5', 1900);
  it('should refuse picks the method does not allow, without a count', () => {
    const bad: unknown[] = [
      [[1], [2], [3], [4]],
      [[1], [2], [3], [4], [10]],
      [[2, 1], [2], [3], [4], [5]],
      [[1, 1], [2], [3], [4], [5]],
      [[], [2], [3], [4], [5]],
    ];
    for (const rows of bad) {
      expect(() => priceBet({ method: 'd5.straight5', rows: rows as Rows, unitMinor: 2n, multiple: 1 }, table)).toThrow(
        GameInputError,
      );
    }
    const rows = [[1], [2], [3], [4], [5]];
    expect(() => priceBet({ method: 'sea.3top', rows: [[1]], unitMinor: 2n, multiple: 1 }, table)).toThrow(/offered/);
    expect(() => priceBet({ method: 'd5.straight5', rows, unitMinor: 2n, multiple: 0 }, table)).toThrow(/multiple/);
    expect(() => priceBet({ method: 'sea.3tod', rows: [[112]], unitMinor: 2n, multiple: 1 }, VN_NORTH_ODDS)).toThrow();
  });

  it('should count a full straight as 100,000 tickets and cost tickets × units × unit × multiple', () => {
    const all = Array.from({ length: 5 }, () => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(priceBet({ method: 'd5.straight5', rows: all, unitMinor: 2n, multiple: 3 }, table)).toMatchObject({
      count: 100_000,
      costMinor: 600_000n,
    });
  });

  it('should pay the rebate chain the differential of prize groups (A 1960, B 1940, C bets 100.00 at 1920)', () => {
    const chain = [
      { id: 'C', group: 1920 },
      { id: 'B', group: 1940 },
      { id: 'A', group: 1960 },
    ];
    expect(prizeGroupRebates(chain, 1920, 10_000n)).toEqual([
      { id: 'B', amountMinor: 100n },
      { id: 'A', amountMinor: 100n },
    ]);
    // C bets below its own group: it earns its own difference first.
    expect(prizeGroupRebates(chain, 1900, 10_000n)[0]).toEqual({ id: 'C', amountMinor: 100n });
  });

  it('should have a rule text and a probability for every method', () => {
    for (const method of LOTTERY_METHODS) {
      expect(method.rule.length).toBeGreaterThan(10);
      expect(Object.keys(method.expectedHits).length).toBeGreaterThan(0);
    }
  });
});
