import { describe, expect, it } from 'vitest';
import {
  crashCashoutWins,
  crashChain,
  crashElapsedForE2,
  CRASH_MAX_E2,
  crashMultiplierAtE2,
  crashPayoutMinor,
  crashPointE2,
  crashRoundHash,
  verifyCrashHash,
} from './crash';
import { GameInputError } from './errors';
import { referenceHmac, referenceSha256Hex, SEED_A } from './test-reference';

const SALT = '0000000000000000000301e2801a9a9598bfb114e574a91a887f2132f33047e6';
const TWO_POW_52 = 2n ** 52n;

/** The README's crash rule on node:crypto. */
const referencePoint = (roundHash: string, salt: string): number => {
  const h = BigInt(`0x${referenceHmac(roundHash, salt).toString('hex').slice(0, 13)}`);
  if (h % 100n === 0n) return 100;
  const point = (100n * TWO_POW_52) / (TWO_POW_52 - h);
  return Number(point > BigInt(CRASH_MAX_E2) ? BigInt(CRASH_MAX_E2) : point);
};

describe('crash hash chain', () => {
  const chain = crashChain(SEED_A, 1000);

  it('should hash each link from the previous one’s hex text', () => {
    expect(chain[0]).toBe(SEED_A);
    for (let i = 1; i < chain.length; i += 1) expect(chain[i]).toBe(referenceSha256Hex(chain[i - 1]!));
  });

  it('should play rounds backwards, each verifiable against the published terminating hash', () => {
    const terminating = chain[999]!;
    expect(crashRoundHash(chain, 1)).toBe(chain[998]);
    expect(crashRoundHash(chain, 999)).toBe(chain[0]);
    for (const round of [1, 2, 500, 999]) {
      expect(verifyCrashHash(crashRoundHash(chain, round), terminating, 1000)).toBe(round);
    }
    expect(() => crashRoundHash(chain, 0)).toThrow(GameInputError);
    expect(() => crashRoundHash(chain, 1000)).toThrow(GameInputError);
  });

  it('should not verify a hash from another chain, the terminating hash itself, or beyond maxSteps', () => {
    const terminating = chain[999]!;
    const other = crashChain(referenceSha256Hex('another seed'), 10);
    expect(verifyCrashHash(other[5]!, terminating, 1000)).toBeNull();
    expect(verifyCrashHash(terminating, terminating, 1000)).toBeNull();
    expect(verifyCrashHash(crashRoundHash(chain, 500), terminating, 499)).toBeNull();
    expect(verifyCrashHash('not a hash', terminating, 10)).toBeNull();
  });

  it('should refuse a malformed seed or length', () => {
    expect(() => crashChain('abc', 10)).toThrow(GameInputError);
    expect(() => crashChain(SEED_A, 1)).toThrow(GameInputError);
    expect(() => crashChain(SEED_A, 1_000_001)).toThrow(GameInputError);
  });
});

describe('crash points', () => {
  const chain = crashChain(SEED_A, 20_001);

  it('should derive each point from HMAC(roundHash, salt) as documented', () => {
    for (let round = 1; round <= 300; round += 1) {
      const hash = crashRoundHash(chain, round);
      expect(crashPointE2(hash, SALT)).toBe(referencePoint(hash, SALT));
    }
  });

  it('should crash instantly at 1.00x when the 52-bit h is a multiple of 100, about 1 round in 100', () => {
    let instantRule = 0;
    let atOne = 0;
    for (let round = 1; round <= 20_000; round += 1) {
      const hash = crashRoundHash(chain, round);
      const h = BigInt(`0x${referenceHmac(hash, SALT).toString('hex').slice(0, 13)}`);
      const point = crashPointE2(hash, SALT);
      if (h % 100n === 0n) instantRule += 1;
      if (point === 100) atOne += 1;
      // 1.00x is the instant-crash rule, or a curve point below 1.01x (100·2^52 / (2^52 − h) < 101 ⇔ 101·h < 2^52).
      expect(point === 100).toBe(h % 100n === 0n || 101n * h < TWO_POW_52);
    }
    expect(instantRule / 20_000).toBeGreaterThan(0.0075);
    expect(instantRule / 20_000).toBeLessThan(0.0125);
    // So about 1.98% of rounds end at 1.00x: P(point ≥ 1.01x) = 0.99 × 100/101.
    expect(atOne / 20_000).toBeGreaterThan(0.016);
    expect(atOne / 20_000).toBeLessThan(0.024);
  });

  it('should let a cash-out win only at or below the point, never on an instant crash', () => {
    expect(crashCashoutWins(250, 250)).toBe(true);
    expect(crashCashoutWins(250, 251)).toBe(false);
    expect(crashCashoutWins(100, 101)).toBe(false);
    expect(() => crashCashoutWins(500, 100)).toThrow(GameInputError);
  });

  it('should pay bet × cash-out, rounded down, in proportion to the bet', () => {
    expect(crashPayoutMinor(100n, 250)).toBe(250n);
    expect(crashPayoutMinor(3n, 133)).toBe(3n); // 3.99 rounds down
    expect(crashPayoutMinor(3_000n, 133)).toBe(3_990n);
    expect(() => crashPayoutMinor(0n, 200)).toThrow(GameInputError);
    expect(() => crashPayoutMinor(10n, CRASH_MAX_E2 + 1)).toThrow(GameInputError);
  });
});

describe('crash growth curve', () => {
  it('should start at 1.00x and double after about 11.55 s', () => {
    expect(crashMultiplierAtE2(0)).toBe(100);
    expect(crashMultiplierAtE2(11_552)).toBe(199);
    expect(crashMultiplierAtE2(11_553)).toBe(200);
    expect(crashElapsedForE2(200)).toBe(11_553);
    expect(crashElapsedForE2(100)).toBe(0);
  });

  it('should end a round at the first millisecond the curve reaches its point', () => {
    const points = [101, 102, 150, 199, 200, 333, 1000, 12_345, 1_000_000, CRASH_MAX_E2];
    for (let point = 101; point < 5000; point += 37) points.push(point);
    for (const point of points) {
      const ms = crashElapsedForE2(point);
      expect(crashMultiplierAtE2(ms)).toBeGreaterThanOrEqual(point);
      expect(crashMultiplierAtE2(ms - 1)).toBeLessThan(point);
    }
    expect(crashElapsedForE2(CRASH_MAX_E2)).toBeLessThan(240_000);
    expect(() => crashElapsedForE2(99)).toThrow(GameInputError);
  });
});
