import type { Database } from '../db/database';
import type { Fair, FairView } from '../fair/fair';
import type { Jackpot } from '../jackpot/jackpot';
import { toJson } from '../lib/json';
import { toWire } from '../lib/money';
import type { Payments } from '../platform/payments';
import { walletKeyOf, type Rounds, type RoundView } from '../rounds/rounds';
import type { PageSession } from '../sessions/sessions';
import type { SeededFamily } from '../lib/games';
import { walletBalance } from '../wallet/wallet';

export type GameDeps = { db: Database; rounds: Rounds; fair: Fair; payments: Payments; jackpot: Jackpot };

/** What every play answers: the round, the balance the platform last answered, and the seeds for the next round. */
export type PlayResult = {
  round: RoundView;
  /** null when no answer told it (a cash-out whose credit waits for a retry). */
  balance: string | null;
  /** 'pending': the win is decided and will be paid; the platform has not confirmed it yet (retrying). */
  settlement: 'done' | 'pending';
  fair: FairView;
};

export const fairKey = (session: PageSession, family: SeededFamily) => ({
  operator: session.operator,
  playerId: session.playerId,
  family,
});

/**
 * The balance after a settled round: in transfer mode the RGS-held wallet's (the win was paid with the round); else
 * what the platform answered to the round's last call, or `fallback` while none has answered.
 */
export const balanceAfter = async (
  db: Database,
  session: PageSession,
  flushed: { balance?: string },
  fallback: string | null,
): Promise<string | null> =>
  session.wallet === 'transfer' ? toWire(await walletBalance(db, walletKeyOf(session))) : (flushed.balance ?? fallback);

/** Sends the round's calls and builds the answer; a win still unconfirmed keeps the balance the bet left. */
export const finishPlay = async (
  deps: GameDeps,
  session: PageSession,
  family: SeededFamily,
  roundId: string,
  balanceAfterBet: string | null,
): Promise<PlayResult> => {
  const flushed = await deps.payments.flushRound(roundId);
  return {
    round: await deps.rounds.view(roundId),
    balance: await balanceAfter(deps.db, session, flushed, balanceAfterBet),
    settlement: flushed.pending ? 'pending' : 'done',
    fair: await deps.fair.view(fairKey(session, family)),
  };
};

/**
 * Decides an accepted bet in one transaction. Should that fail (a database error), the bet is rolled back, so a
 * player is never left with a bet taken and no round.
 */
export const resolveRound = async (
  deps: GameDeps,
  started: { roundId: string; betTransactionId: string },
  fn: Parameters<GameDeps['db']['transaction']>[0],
): Promise<void> => {
  try {
    await deps.db.transaction(fn);
  } catch (error) {
    await deps.payments
      .rollBack(started.betTransactionId, started.roundId, 'the round could not be resolved')
      .catch(() => undefined);
    throw error;
  }
};

/**
 * A game decided by one draw right after the bet (dice, plinko): debit, take the player's next seed and nonce, play,
 * and credit the payout ("0.00" on a loss) with endRound, all in one round.
 */
export const playSingleShot = async <P extends { betMinor: bigint }, R extends { payoutMinor: bigint }>(
  deps: GameDeps,
  session: PageSession,
  family: SeededFamily,
  params: P,
  play: (seed: Awaited<ReturnType<Fair['take']>>, params: P) => R,
): Promise<PlayResult> => {
  const started = await deps.rounds.begin(session, { family, params: toJson(params), betMinor: params.betMinor });
  await resolveRound(deps, started, async (tx) => {
    const seed = await deps.fair.take(tx, fairKey(session, family));
    await tx.query('UPDATE rounds SET seed_id = $2, nonce = $3 WHERE id = $1', [
      started.roundId,
      seed.seedId,
      seed.nonce,
    ]);
    const result = play(seed, params);
    await deps.rounds.settle(tx, {
      roundId: started.roundId,
      outcome: toJson(result),
      winMinor: result.payoutMinor,
      calls: [
        {
          transactionId: `${started.roundId}:win`,
          roundId: started.roundId,
          op: 'credit',
          amountMinor: result.payoutMinor,
          betTransactionId: started.betTransactionId,
          endRound: true,
        },
      ],
    });
  });
  return finishPlay(deps, session, family, started.roundId, started.balance);
};
