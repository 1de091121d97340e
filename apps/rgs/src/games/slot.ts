import { playSlot, SLOT_BET_LEVELS_MINOR, slotTotalBetMinor } from '@platform/game-math';
import { z } from 'zod';
import { RgsError } from '../lib/errors';
import { toJson } from '../lib/json';
import { parseBet } from '../lib/money';
import { parseInput } from '../lib/validate';
import type { PageSession } from '../sessions/sessions';
import { fairKey, finishPlay, resolveRound, type GameDeps, type PlayResult } from './context';

export const SlotSpinSchema = z.strictObject({ lineBet: z.string().max(20) });

/**
 * A video slot round (Lucky Lanterns): debit the total bet (20 lines × line bet), play the base spin and its free
 * spins from one (server seed, client seed, nonce), feed the jackpot, then credit the win with endRound. A jackpot
 * trigger adds a second credit (the whole pool) before the round is closed.
 */
export const slotGame = (deps: GameDeps) => ({
  spin: async (session: PageSession, body: unknown): Promise<PlayResult> => {
    const input = parseInput(SlotSpinSchema, body, 'spin');
    const lineBetMinor = parseBet(input.lineBet);
    if (!SLOT_BET_LEVELS_MINOR.includes(lineBetMinor)) {
      throw new RgsError('VALIDATION_FAILED', 400, 'Choose one of the offered bet levels');
    }
    const betMinor = slotTotalBetMinor(lineBetMinor);
    const params = { lineBetMinor };
    const started = await deps.rounds.begin(session, { family: 'slot', params: toJson(params), betMinor });
    const pool = { currency: session.currency, mode: session.mode };
    await resolveRound(deps, started, async (tx) => {
      const seed = await deps.fair.take(tx, fairKey(session, 'slot'));
      await tx.query('UPDATE rounds SET seed_id = $2, nonce = $3 WHERE id = $1', [
        started.roundId,
        seed.seedId,
        seed.nonce,
      ]);
      const result = playSlot(seed, params);
      await deps.jackpot.contribute(tx, pool, started.roundId, betMinor);
      const jackpotId = `${started.roundId}:jp`;
      const jackpotMinor = result.jackpotTrigger ? await deps.jackpot.win(tx, pool, started.roundId, jackpotId) : 0n;
      const win = {
        transactionId: `${started.roundId}:win`,
        roundId: started.roundId,
        op: 'credit' as const,
        amountMinor: result.totalWinMinor,
        betTransactionId: started.betTransactionId,
      };
      const calls =
        jackpotMinor > 0n
          ? [
              win,
              {
                transactionId: jackpotId,
                roundId: started.roundId,
                op: 'credit' as const,
                amountMinor: jackpotMinor,
                betTransactionId: started.betTransactionId,
                endRound: true,
              },
            ]
          : [{ ...win, endRound: true }];
      await deps.rounds.settle(tx, {
        roundId: started.roundId,
        outcome: toJson(result),
        winMinor: result.totalWinMinor,
        jackpotMinor,
        calls,
      });
    });
    return finishPlay(deps, session, 'slot', started.roundId, started.balance);
  },
});
