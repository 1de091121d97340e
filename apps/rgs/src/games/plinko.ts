import { playPlinko, plinkoPayoutsE4, PLINKO_RISKS } from '@platform/game-math';
import { z } from 'zod';
import { parseBet } from '../lib/money';
import { parseInput } from '../lib/validate';
import type { PageSession } from '../sessions/sessions';
import { playSingleShot, type GameDeps, type PlayResult } from './context';
import { checked } from './engine-errors';
import { assertBetLimits } from './limits';

export const PlinkoDropSchema = z.strictObject({
  amount: z.string().max(20),
  rows: z.number().int(),
  risk: z.enum(PLINKO_RISKS),
});

/** Plinko: debit, drop the ball (one float per row), credit bet × the bucket's multiplier with endRound. */
export const plinkoGame = (deps: GameDeps) => ({
  drop: async (session: PageSession, body: unknown): Promise<PlayResult> => {
    const input = parseInput(PlinkoDropSchema, body, 'plinko bet');
    const betMinor = parseBet(input.amount);
    assertBetLimits(betMinor);
    checked(() => plinkoPayoutsE4(input.rows, input.risk));
    const params = { betMinor, rows: input.rows, risk: input.risk };
    return playSingleShot(deps, session, 'plinko', params, playPlinko);
  },
});
