import { diceQuote, playDice } from '@platform/game-math';
import { z } from 'zod';
import { parseBet } from '../lib/money';
import { parseInput } from '../lib/validate';
import type { PageSession } from '../sessions/sessions';
import { playSingleShot, type GameDeps, type PlayResult } from './context';
import { checked } from './engine-errors';
import { assertBetLimits } from './limits';

/** target in hundredths (50.50 → 5050); over: win when the roll is above it, else when below. */
export const DiceRollSchema = z.strictObject({
  amount: z.string().max(20),
  target: z.number().int(),
  over: z.boolean(),
});

/** Dice: debit, roll from (server seed, client seed, nonce), credit the payout ("0.00" on a loss) with endRound. */
export const diceGame = (deps: GameDeps) => ({
  roll: async (session: PageSession, body: unknown): Promise<PlayResult> => {
    const input = parseInput(DiceRollSchema, body, 'dice bet');
    const betMinor = parseBet(input.amount);
    assertBetLimits(betMinor);
    const params = { betMinor, target: input.target, over: input.over };
    checked(() => diceQuote(params));
    return playSingleShot(deps, session, 'dice', params, playDice);
  },
});
