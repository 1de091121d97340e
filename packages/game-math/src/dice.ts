import { assertBetMinor, GameInputError, payoutForE4 } from './errors';
import { FairFloatStream, fairInt, type FairInput } from './rng';

/** Dice: a roll 0.00..100.00 (10,001 equally likely outcomes, in hundredths); the player bets over or under a target. */
export const DICE_EDGE_E4 = 100;
export const DICE_RTP_E4 = 10_000 - DICE_EDGE_E4;
export const DICE_OUTCOMES = 10_001;
export const DICE_TARGET_MIN = 1;
export const DICE_TARGET_MAX = 9_999;
/**
 * Win chance bounds "0.01%..98%" read on the 10,001 rolls: from 1 winning roll (0.009999%, the smallest chance
 * there is) to 9,800 winning rolls (97.99%; 9,801 would be 98.0002%).
 */
export const DICE_WINNING_OUTCOMES_MIN = 1;
export const DICE_WINNING_OUTCOMES_MAX = 9_800;

export type DiceBet = { target: number; over: boolean };
export type DiceQuote = {
  /** The win chance in 1/10,000ths, rounded to nearest (for display): winningOutcomes * 10,000 / 10,001. */
  winChanceE4: number;
  /** floor(9,900 * 10,001 / winningOutcomes) = floor(0.99 / exact chance), so the RTP is 99% less rounding. */
  multiplierE4: number;
  /** How many of the 10,001 rolls win. */
  winningOutcomes: number;
};
export type DiceResult = { roll: number; win: boolean; multiplierE4: number; payoutMinor: bigint };

/** floor(float * 10,001): the roll in hundredths, 0..10,000, from the round's first float. */
export const rollDice = (input: FairInput): number => fairInt(new FairFloatStream(input).next(), DICE_OUTCOMES);

const winningOutcomes = ({ target, over }: DiceBet): number => (over ? DICE_OUTCOMES - 1 - target : target);

export const diceQuote = (bet: DiceBet): DiceQuote => {
  if (!Number.isInteger(bet.target) || bet.target < DICE_TARGET_MIN || bet.target > DICE_TARGET_MAX) {
    throw new GameInputError(`target must be an integer in ${DICE_TARGET_MIN}..${DICE_TARGET_MAX} (hundredths)`);
  }
  if (typeof bet.over !== 'boolean') throw new GameInputError('over must be a boolean');
  const outcomes = winningOutcomes(bet);
  if (outcomes < DICE_WINNING_OUTCOMES_MIN || outcomes > DICE_WINNING_OUTCOMES_MAX) {
    throw new GameInputError('target gives a win chance outside 0.01%..98%');
  }
  const winChanceE4 = Math.round((outcomes * 10_000) / DICE_OUTCOMES);
  const multiplierE4 = Math.floor((DICE_RTP_E4 * DICE_OUTCOMES) / outcomes);
  return { winChanceE4, multiplierE4, winningOutcomes: outcomes };
};

/** Over wins when roll > target, under when roll < target; multiplierE4 is the bet's, payoutMinor is 0 on a loss. */
export const playDice = (input: FairInput, bet: DiceBet & { betMinor: bigint }): DiceResult => {
  assertBetMinor(bet.betMinor);
  const { multiplierE4 } = diceQuote(bet);
  const roll = rollDice(input);
  const win = bet.over ? roll > bet.target : roll < bet.target;
  return { roll, win, multiplierE4, payoutMinor: win ? payoutForE4(bet.betMinor, multiplierE4) : 0n };
};
