import { describe, expect, it } from 'vitest';
import { GameInputError } from './errors';
import { playPlinko, PLINKO_RISKS, plinkoPayoutsE4, plinkoRtpE4, type PlinkoRisk } from './plinko';
import { referenceFloats, SEED_A } from './test-reference';

const inputAt = (nonce: number) => ({ serverSeed: SEED_A, clientSeed: 'plinko-client', nonce });
const ROWS = [8, 9, 10, 11, 12, 13, 14, 15, 16];

/** Σ C(n, k) × multiplierE4[k] over 2^n, exact in rationals (bigint numerator, power-of-two denominator). */
const exactRtp = (rows: number, table: number[]): { numerator: bigint; denominator: bigint } => {
  let numerator = 0n;
  let binomial = 1n;
  table.forEach((multiplierE4, k) => {
    numerator += binomial * BigInt(multiplierE4);
    binomial = (binomial * BigInt(rows - k)) / BigInt(k + 1);
  });
  return { numerator, denominator: 2n ** BigInt(rows) };
};

describe('plinko', () => {
  it.each(PLINKO_RISKS.flatMap((risk) => ROWS.map((rows) => [rows, risk] as [number, PlinkoRisk])))(
    'should return 99%% ± 0.3 pp exactly with %i rows, %s risk',
    (rows, risk) => {
      const table = plinkoPayoutsE4(rows, risk);
      expect(table).toHaveLength(rows + 1);
      expect(table).toEqual([...table].reverse());
      expect(Math.min(...table)).toBeGreaterThan(0);
      const { numerator, denominator } = exactRtp(rows, table);
      // |RTP − 99%| ≤ 0.3 pp  ⇔  |numerator − 9900 × 2^n| ≤ 30 × 2^n (all in 1/10,000ths)
      const distance = numerator - 9900n * denominator;
      expect(distance <= 30n * denominator && distance >= -30n * denominator).toBe(true);
      expect(plinkoRtpE4(rows, risk)).toBe(Number(numerator) / Number(denominator));
    },
  );

  it('should pay more towards the edges and more on higher risk at the edge', () => {
    for (const rows of ROWS) {
      const edges = PLINKO_RISKS.map((risk) => plinkoPayoutsE4(rows, risk)[0]!);
      expect(edges).toEqual([...edges].sort((a, b) => a - b));
      for (const risk of PLINKO_RISKS) {
        const table = plinkoPayoutsE4(rows, risk);
        for (let k = 0; k < rows / 2 - 1; k += 1) expect(table[k]!).toBeGreaterThanOrEqual(table[k + 1]!);
      }
    }
  });

  it('should drop the ball one float per row, left below 0.5, into the bucket counting rights', () => {
    for (const rows of [8, 12, 16]) {
      for (let nonce = 0; nonce < 10; nonce += 1) {
        const floats = referenceFloats(inputAt(nonce), rows);
        const path = floats.map((float) => (float < 0.5 ? 'L' : 'R'));
        const bucket = path.filter((step) => step === 'R').length;
        const result = playPlinko(inputAt(nonce), { betMinor: 1000n, rows, risk: 'high' });
        expect(result.path).toEqual(path);
        expect(result.bucket).toBe(bucket);
        expect(result.multiplierE4).toBe(plinkoPayoutsE4(rows, 'high')[bucket]);
        expect(result.payoutMinor).toBe((1000n * BigInt(result.multiplierE4)) / 10_000n);
      }
    }
  });

  it('should take the same path whatever the bet, paying in proportion (rounded down)', () => {
    for (let nonce = 0; nonce < 10; nonce += 1) {
      const small = playPlinko(inputAt(nonce), { betMinor: 10_000n, rows: 16, risk: 'medium' });
      const large = playPlinko(inputAt(nonce), { betMinor: 70_000n, rows: 16, risk: 'medium' });
      const odd = playPlinko(inputAt(nonce), { betMinor: 3n, rows: 16, risk: 'medium' });
      expect(large.path).toEqual(small.path);
      expect(large.payoutMinor).toBe(small.payoutMinor * 7n);
      expect(odd.payoutMinor).toBe((3n * BigInt(odd.multiplierE4)) / 10_000n);
    }
  });

  it('should refuse unknown rows and risks', () => {
    expect(() => plinkoPayoutsE4(7, 'low')).toThrow(GameInputError);
    expect(() => plinkoPayoutsE4(17, 'low')).toThrow(GameInputError);
    expect(() => plinkoPayoutsE4(12, 'extreme' as PlinkoRisk)).toThrow(GameInputError);
    expect(() => playPlinko(inputAt(0), { betMinor: 0n, rows: 8, risk: 'low' })).toThrow(GameInputError);
  });
});
