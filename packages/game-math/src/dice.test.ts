import { describe, expect, it } from 'vitest';
import { diceQuote, DICE_OUTCOMES, playDice, rollDice } from './dice';
import { GameInputError } from './errors';
import { referenceFloats, SEED_A } from './test-reference';

const inputAt = (nonce: number) => ({ serverSeed: SEED_A, clientSeed: 'dice-client', nonce });
const referenceRoll = (nonce: number): number => Math.floor(referenceFloats(inputAt(nonce), 1)[0]! * 10_001);

describe('dice', () => {
  it('should roll floor(first float × 10001) in hundredths', () => {
    for (let nonce = 0; nonce < 50; nonce += 1) expect(rollDice(inputAt(nonce))).toBe(referenceRoll(nonce));
  });

  it('should pay over only when the roll is strictly above the target, under only strictly below', () => {
    const roll = referenceRoll(3);
    expect(roll).toBeGreaterThan(200);
    expect(roll).toBeLessThan(9800);
    const play = (target: number, over: boolean) => playDice(inputAt(3), { betMinor: 100n, target, over });
    expect(play(roll, true).win).toBe(false);
    expect(play(roll - 1, true).win).toBe(true);
    expect(play(roll, false).win).toBe(false);
    expect(play(roll + 1, false).win).toBe(true);
    expect(play(roll, false)).toMatchObject({ roll, payoutMinor: 0n });
  });

  it('should return 99% less at most one 1/10,000th of rounding on every allowed target', () => {
    for (let target = 1; target <= 9999; target += 1) {
      for (const over of [true, false]) {
        const outcomes = over ? 10_000 - target : target;
        if (outcomes > 9800) {
          expect(() => diceQuote({ target, over })).toThrow(GameInputError);
          continue;
        }
        const { multiplierE4, winChanceE4 } = diceQuote({ target, over });
        // RTP = outcomes / 10,001 × multiplierE4 / 10,000, compared in integers against 0.99 and 0.9899
        const returned = outcomes * multiplierE4;
        expect(returned).toBeLessThanOrEqual(9900 * DICE_OUTCOMES);
        expect(returned).toBeGreaterThan(9899 * DICE_OUTCOMES);
        expect(Math.abs(winChanceE4 - (outcomes * 10_000) / DICE_OUTCOMES)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('should accept the target bounds and refuse what lies beyond them', () => {
    expect(diceQuote({ target: 9999, over: true })).toEqual({
      winChanceE4: 1,
      multiplierE4: 99_009_900,
      winningOutcomes: 1,
    });
    expect(diceQuote({ target: 1, over: false }).multiplierE4).toBe(99_009_900);
    expect(diceQuote({ target: 200, over: true })).toMatchObject({ winningOutcomes: 9800, multiplierE4: 10_103 });
    expect(diceQuote({ target: 9800, over: false }).winningOutcomes).toBe(9800);
    expect(() => diceQuote({ target: 199, over: true })).toThrow(GameInputError);
    expect(() => diceQuote({ target: 9801, over: false })).toThrow(GameInputError);
    expect(() => diceQuote({ target: 0, over: true })).toThrow(GameInputError);
    expect(() => diceQuote({ target: 10_000, over: false })).toThrow(GameInputError);
    expect(() => diceQuote({ target: 50.5, over: false })).toThrow(GameInputError);
    expect(() => playDice(inputAt(1), { betMinor: 0n, target: 5000, over: true })).toThrow(GameInputError);
  });

  it('should quote 1.9801x for over 50.00 and round payouts down', () => {
    expect(diceQuote({ target: 5000, over: true })).toEqual({
      winChanceE4: 5000,
      multiplierE4: 19_801,
      winningOutcomes: 5000,
    });
    const nonce = [...Array(100).keys()].find((n) => referenceRoll(n) > 5000)!;
    expect(playDice(inputAt(nonce), { betMinor: 3n, target: 5000, over: true }).payoutMinor).toBe(5n);
  });

  it('should roll the same whatever the bet, and pay in proportion to it', () => {
    for (let nonce = 0; nonce < 20; nonce += 1) {
      const small = playDice(inputAt(nonce), { betMinor: 10_000n, target: 4000, over: false });
      const large = playDice(inputAt(nonce), { betMinor: 2_500_000n, target: 4000, over: false });
      expect(large.roll).toBe(small.roll);
      expect(large.win).toBe(small.win);
      expect(large.payoutMinor).toBe(small.payoutMinor * 250n);
    }
  });
});
