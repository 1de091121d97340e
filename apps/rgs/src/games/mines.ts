import { MINES_MAX, MINES_MIN, MINES_TILES, minesMultiplierE4, revealMines } from '@platform/game-math';
import { z } from 'zod';
import type { Queryable } from '../db/database';
import { RgsError } from '../lib/errors';
import { toJson } from '../lib/json';
import { parseBet } from '../lib/money';
import { parseInput } from '../lib/validate';
import type { RoundView } from '../rounds/rounds';
import type { PageSession } from '../sessions/sessions';
import { fairKey, finishPlay, resolveRound, type GameDeps, type PlayResult } from './context';
import { assertBetLimits } from './limits';

export const MinesStartSchema = z.strictObject({
  amount: z.string().max(20),
  mines: z.number().int().min(MINES_MIN).max(MINES_MAX),
});
export const MinesRevealSchema = z.strictObject({
  tile: z
    .number()
    .int()
    .min(0)
    .max(MINES_TILES - 1),
});

type OpenRound = {
  id: string;
  bet_transaction_id: string;
  bet_minor: bigint;
  seed_id: bigint;
  nonce: number;
  params: { mineCount: number; picks: number[] };
  server_seed: string;
  client_seed: string;
};

/** The answer while a board is in play: the mines stay hidden until the round is over. */
export type MinesProgress = { round: RoundView };

const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown }).code === '23505';

/**
 * Mines: the board (the mines' places) is fixed by (server seed, client seed, nonce) when the bet is taken; each
 * reveal is checked against it. A mine ends the round with a credit of 0.00 and endRound; a cash-out credits
 * bet × the multiplier of the safe picks so far. Rotating seeds is refused while a board is in play.
 */
export const minesGame = (deps: GameDeps) => {
  const openRound = async (tx: Queryable, session: PageSession): Promise<OpenRound | undefined> => {
    const { rows } = await tx.query<OpenRound>(
      `SELECT r.id, r.bet_transaction_id, r.bet_minor, r.seed_id, r.nonce, r.params, f.server_seed, f.client_seed
       FROM rounds r JOIN fair_seeds f ON f.id = r.seed_id
       WHERE r.operator = $1 AND r.player_id = $2 AND r.family = 'mines' AND r.state = 'OPEN'
       FOR UPDATE OF r`,
      [session.operator, session.playerId],
    );
    return rows[0];
  };

  const settleBoard = async (tx: Queryable, round: OpenRound, picks: number[], cashOut: boolean) => {
    const input = { serverSeed: round.server_seed, clientSeed: round.client_seed, nonce: round.nonce };
    const reveal = revealMines(input, round.params.mineCount, picks);
    const winMinor = reveal.hitMine || !cashOut ? 0n : reveal.payoutMinor(round.bet_minor);
    await tx.query('UPDATE rounds SET params = $2 WHERE id = $1', [
      round.id,
      JSON.stringify({ ...round.params, picks }),
    ]);
    await deps.rounds.settle(tx, {
      roundId: round.id,
      outcome: toJson({
        picks,
        mines: reveal.mines,
        hitMine: reveal.hitMine,
        safePicks: reveal.safePicks,
        multiplierE4: reveal.hitMine ? 0 : reveal.multiplierE4,
        payoutMinor: winMinor,
      }),
      winMinor,
      calls: [
        {
          transactionId: `${round.id}:win`,
          roundId: round.id,
          op: 'credit',
          amountMinor: winMinor,
          betTransactionId: round.bet_transaction_id,
          endRound: true,
        },
      ],
    });
  };

  const progress = (mineCount: number, picks: number[]) => ({
    picks,
    safePicks: picks.length,
    multiplierE4: picks.length === 0 ? 0 : minesMultiplierE4(mineCount, picks.length),
    nextMultiplierE4: picks.length < MINES_TILES - mineCount ? minesMultiplierE4(mineCount, picks.length + 1) : null,
  });

  const finish = (session: PageSession, roundId: string): Promise<PlayResult> =>
    finishPlay(deps, session, 'mines', roundId, null);

  return {
    start: async (session: PageSession, body: unknown): Promise<PlayResult> => {
      const input = parseInput(MinesStartSchema, body, 'mines bet');
      const betMinor = parseBet(input.amount);
      assertBetLimits(betMinor);
      const params = { betMinor, mineCount: input.mines, picks: [] as number[] };
      let started: Awaited<ReturnType<GameDeps['rounds']['begin']>>;
      try {
        started = await deps.rounds.begin(session, { family: 'mines', params: toJson(params), betMinor });
      } catch (error) {
        if (isUniqueViolation(error)) throw new RgsError('ROUND_OPEN', 409, 'Finish the board in play first');
        throw error;
      }
      await resolveRound(deps, started, async (tx) => {
        const seed = await deps.fair.take(tx, fairKey(session, 'mines'));
        await tx.query(`UPDATE rounds SET seed_id = $2, nonce = $3, state = 'OPEN', outcome = $4 WHERE id = $1`, [
          started.roundId,
          seed.seedId,
          seed.nonce,
          JSON.stringify(progress(input.mines, [])),
        ]);
      });
      return {
        round: await deps.rounds.view(started.roundId),
        balance: started.balance,
        settlement: 'done',
        fair: await deps.fair.view(fairKey(session, 'mines')),
      };
    },

    /** Reveals one tile: safe (the board goes on, or is cashed out when no safe tile is left) or a mine (lost). */
    reveal: async (session: PageSession, body: unknown): Promise<MinesProgress | PlayResult> => {
      const { tile } = parseInput(MinesRevealSchema, body, 'tile');
      const ended = await deps.db.transaction(async (tx) => {
        const round = await openRound(tx, session);
        if (round === undefined) throw new RgsError('ROUND_NOT_OPEN', 409, 'There is no board in play');
        if (round.params.picks.includes(tile)) {
          throw new RgsError('VALIDATION_FAILED', 400, 'This tile is already revealed');
        }
        const picks = [...round.params.picks, tile];
        const input = { serverSeed: round.server_seed, clientSeed: round.client_seed, nonce: round.nonce };
        const reveal = revealMines(input, round.params.mineCount, picks);
        const boardCleared = !reveal.hitMine && picks.length === MINES_TILES - round.params.mineCount;
        if (reveal.hitMine || boardCleared) {
          await settleBoard(tx, round, picks, boardCleared);
          return { roundId: round.id, ended: true };
        }
        await tx.query('UPDATE rounds SET params = $2, outcome = $3 WHERE id = $1', [
          round.id,
          JSON.stringify({ ...round.params, picks }),
          JSON.stringify(progress(round.params.mineCount, picks)),
        ]);
        return { roundId: round.id, ended: false };
      });
      if (ended.ended) return finish(session, ended.roundId);
      return { round: await deps.rounds.view(ended.roundId) };
    },

    cashOut: async (session: PageSession): Promise<PlayResult> => {
      const roundId = await deps.db.transaction(async (tx) => {
        const round = await openRound(tx, session);
        if (round === undefined) throw new RgsError('ROUND_NOT_OPEN', 409, 'There is no board in play');
        if (round.params.picks.length === 0) {
          throw new RgsError('VALIDATION_FAILED', 400, 'Reveal at least one tile before cashing out');
        }
        await settleBoard(tx, round, round.params.picks, true);
        return round.id;
      });
      return finish(session, roundId);
    },

    /** The board in play, if any (a reloaded page resumes it). */
    current: async (session: PageSession): Promise<RoundView | null> => {
      const round = await openRound(deps.db, session);
      return round === undefined ? null : deps.rounds.view(round.id);
    },
  };
};
