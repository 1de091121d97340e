import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import { vendorOfGame } from '../lib/games';
import { toWire } from '../lib/money';
import { moveMoney } from '../wallet/wallet';
import { sendInBatches } from './batch-send';
import { insertCall, requestFor, rollbackIdFor, SELECT_CALL, type CallRow } from './call-outbox';
import type { CallOutcome, SeamlessClient } from './seamless-client';

/**
 * Money movements of rounds, through an outbox (platform_calls). Every call is written before it is sent, with the
 * transaction id that is its idempotency key on the platform, so:
 * - a credit, rollback or endRound that got no answer (network error, timeout, 5xx) is sent again with the SAME
 *   transaction id, with a bounded exponential backoff, also after a restart (the sweep at boot finds it);
 * - a debit that got no answer is never retried: it is rolled back with a new transaction id that references it
 *   (the platform refunds it, or leaves a tombstone when it never arrived), and the play is refused;
 * - the calls of one round go out in the order they were written (a jackpot credit before the closing credit).
 * Rounds of transfer-mode sessions make no calls (their money moves in the RGS-held wallet with the round, see
 * rounds.ts); only their rollback comes through here, as a refund into that wallet.
 */
export type { CallOp, NewCall } from './calls';

export type PaymentsOptions = {
  /** First retry delay; doubles per attempt up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** After this many attempts a call is FAILED and left for an operator (logged as an error). */
  maxAttempts?: number;
  /** A debit still PENDING this long after it was written had no answer (the process stopped): roll it back. */
  staleDebitMs?: number;
  /** The periodic sweep (besides the timers set on each failure). */
  sweepEveryMs?: number;
};

export type FlushResult = {
  /** The balance of the last call answered, as the platform said it. */
  balance?: string;
  /** true while a call of the round waits for a retry (the player sees "win pending"). */
  pending: boolean;
};

export type Payments = ReturnType<typeof paymentsFactory>;

export const paymentsFactory = (deps: {
  db: Database;
  seamless: SeamlessClient;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  options?: PaymentsOptions;
}) => {
  const { db, seamless, clock, log } = deps;
  const retryBaseMs = deps.options?.retryBaseMs ?? 1_000;
  const retryMaxMs = deps.options?.retryMaxMs ?? 60_000;
  const maxAttempts = deps.options?.maxAttempts ?? 30;
  const staleDebitMs = deps.options?.staleDebitMs ?? 30_000;
  const sweepEveryMs = deps.options?.sweepEveryMs ?? 30_000;
  /** One flush at a time per round keeps its calls in order; debits in flight are never taken for stale. */
  const roundLocks = new Map<string, Promise<unknown>>();
  const debitsInFlight = new Set<string>();
  /** Whether the platform takes batch calls (it stops when one answers 404). */
  const batchSupport = { batch: true };
  const work = new Set<Promise<unknown>>();
  const timers = new Set<() => void>();
  let stopped = true;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    work.add(promise);
    void promise.finally(() => work.delete(promise)).catch(() => undefined);
    return promise;
  };

  const withRoundLock = <T>(roundId: string, fn: () => Promise<T>): Promise<T> => {
    const previous = roundLocks.get(roundId) ?? Promise.resolve();
    const next = previous.then(fn, fn);
    roundLocks.set(roundId, next);
    void next
      .finally(() => {
        if (roundLocks.get(roundId) === next) roundLocks.delete(roundId);
      })
      .catch(() => undefined);
    return next;
  };

  const loadCall = async (transactionId: string): Promise<CallRow | undefined> => {
    const { rows } = await db.query<CallRow>(`${SELECT_CALL} WHERE c.transaction_id = $1`, [transactionId]);
    return rows[0];
  };

  const send = (row: CallRow): Promise<CallOutcome> =>
    seamless.call(row.operator, row.op, requestFor(row) as never, vendorOfGame(row.game_code));

  const markDone = async (transactionId: string, balance: string): Promise<void> => {
    await db.query(
      `UPDATE platform_calls SET status = 'DONE', attempts = attempts + 1, balance = $2, last_error = NULL,
         next_attempt_at = NULL, updated_at = $3 WHERE transaction_id = $1`,
      [transactionId, balance, new Date(clock.now())],
    );
  };

  const markRefused = async (transactionId: string, code: string, balance: string | undefined): Promise<void> => {
    await db.query(
      `UPDATE platform_calls SET status = 'REFUSED', attempts = attempts + 1, last_error = $2, balance = $3,
         next_attempt_at = NULL, updated_at = $4 WHERE transaction_id = $1`,
      [transactionId, code, balance ?? null, new Date(clock.now())],
    );
  };

  /** One wake-up timer, at the earliest retry due; a later one is not needed while an earlier one is set. */
  let wake: { atMs: number; cancel: () => void } | undefined;
  const scheduleSweep = (delayMs: number): void => {
    if (stopped) return;
    const atMs = clock.now() + delayMs;
    if (wake !== undefined && wake.atMs <= atMs) return;
    wake?.cancel();
    const cancel = clock.schedule(() => {
      timers.delete(cancel);
      if (wake?.cancel === cancel) wake = undefined;
      void track(sweep().catch((error: unknown) => log.error({ err: error }, 'payment sweep failed')));
    }, delayMs);
    timers.add(cancel);
    wake = { atMs, cancel };
  };

  /** No answer: retry later with the same transaction id, or give up after maxAttempts. */
  const markUnknown = async (row: CallRow, message: string): Promise<void> => {
    const attempts = row.attempts + 1;
    const now = clock.now();
    if (attempts >= maxAttempts) {
      log.error({ transactionId: row.transaction_id, op: row.op, attempts }, 'platform call failed for good');
      await db.query(
        `UPDATE platform_calls SET status = 'FAILED', attempts = $2, last_error = $3, next_attempt_at = NULL,
           updated_at = $4 WHERE transaction_id = $1`,
        [row.transaction_id, attempts, message, new Date(now)],
      );
      return;
    }
    const delayMs = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempts - 1));
    log.warn(
      { transactionId: row.transaction_id, op: row.op, attempts, delayMs, message },
      'platform call will be retried',
    );
    await db.query(
      `UPDATE platform_calls SET attempts = $2, last_error = $3, next_attempt_at = $4, updated_at = $5
       WHERE transaction_id = $1`,
      [row.transaction_id, attempts, message, new Date(now + delayMs), new Date(now)],
    );
    scheduleSweep(delayMs);
  };

  /** Sends the round's due PENDING calls (not debits) in order, stopping at the first without an answer. */
  const flushRound = (roundId: string): Promise<FlushResult> =>
    withRoundLock(roundId, async () => {
      const { rows } = await db.query<CallRow>(
        `${SELECT_CALL} WHERE c.round_id = $1 AND c.status = 'PENDING' AND c.op <> 'debit' ORDER BY c.seq`,
        [roundId],
      );
      let balance: string | undefined;
      for (const row of rows) {
        if (row.next_attempt_at !== null && row.next_attempt_at.getTime() > clock.now())
          return { balance, pending: true };
        const outcome = await send(row);
        if (outcome.kind === 'ok') {
          balance = outcome.answer.balance;
          await markDone(row.transaction_id, outcome.answer.balance);
        } else if (outcome.kind === 'refused') {
          // A definite refusal of a credit is a bug or a configuration problem on one side: never retried blindly.
          log.error({ transactionId: row.transaction_id, op: row.op, code: outcome.code }, 'platform refused a call');
          await markRefused(row.transaction_id, outcome.code, outcome.balance);
        } else {
          await markUnknown(row, outcome.message);
          return { balance, pending: true };
        }
      }
      return { balance, pending: false };
    });

  /**
   * flushRound for many rounds (a lottery issue's batch): their due calls read at once and sent `parallel` at a time,
   * the answers recorded a few hundred per statement. A round with more than one call due keeps its order through
   * flushRound; one without an answer is left to the retries as flushRound leaves it.
   */
  const flushRounds = async (roundIds: readonly string[], parallel: number): Promise<void> => {
    if (roundIds.length === 0) return;
    const { rows } = await db.query<CallRow>(
      `${SELECT_CALL} WHERE c.round_id = ANY($1::text[]) AND c.status = 'PENDING' AND c.op <> 'debit' ORDER BY c.seq`,
      [roundIds],
    );
    const perRound = new Map<string, number>();
    for (const row of rows) perRound.set(row.round_id, (perRound.get(row.round_id) ?? 0) + 1);
    const now = clock.now();
    const single = rows.filter(
      (row) =>
        perRound.get(row.round_id) === 1 && (row.next_attempt_at === null || row.next_attempt_at.getTime() <= now),
    );
    const several = [...perRound.keys()].filter((id) => perRound.get(id)! > 1);
    let answered: { id: string; balance: string }[] = [];
    const record = async (): Promise<void> => {
      const done = answered;
      answered = [];
      if (done.length === 0) return;
      await db.query(
        `UPDATE platform_calls c SET status = 'DONE', attempts = attempts + 1, balance = t.balance, last_error = NULL,
           next_attempt_at = NULL, updated_at = $3
         FROM unnest($1::text[], $2::text[]) AS t (id, balance) WHERE c.transaction_id = t.id`,
        [done.map((d) => d.id), done.map((d) => d.balance), new Date(clock.now())],
      );
    };
    const handle = async (row: CallRow, outcome: CallOutcome): Promise<void> => {
      if (outcome.kind === 'ok') answered.push({ id: row.transaction_id, balance: outcome.answer.balance });
      else if (outcome.kind === 'refused') {
        log.error({ transactionId: row.transaction_id, op: row.op, code: outcome.code }, 'platform refused a call');
        await markRefused(row.transaction_id, outcome.code, outcome.balance);
      } else await markUnknown(row, outcome.message);
      if (answered.length >= 250) await record();
    };
    // Credits and endRounds in batch calls where the platform takes them (ADR 0047), the rest one by one.
    const alone = await sendInBatches(seamless, single, handle, batchSupport);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < alone.length) {
        const row = alone[next]!;
        next += 1;
        await withRoundLock(row.round_id, async () => handle(row, await send(row)));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
    await record();
    for (const id of several) await flushRound(id);
  };

  /**
   * Transfer mode: cancels the round and refunds its bet into the RGS-held wallet, in one transaction. A round that
   * is no longer open (settled, or already cancelled) is left alone: its money has moved for good.
   */
  const refundLocally = async (roundId: string): Promise<FlushResult> => {
    const balanceMinor = await db.transaction(async (tx) => {
      const now = clock.now();
      const { rows } = await tx.query<{
        operator: string;
        player_id: string;
        currency: string;
        bet_minor: bigint;
        bet_transaction_id: string;
      }>(
        `UPDATE rounds SET state = 'CANCELLED', settled_at = $2 WHERE id = $1 AND state IN ('DEBITING', 'OPEN')
         RETURNING operator, player_id, currency, bet_minor, bet_transaction_id`,
        [roundId, new Date(now)],
      );
      const round = rows[0];
      if (round === undefined) return undefined;
      const key = { operator: round.operator, playerId: round.player_id, currency: round.currency };
      const refund = { entryKey: rollbackIdFor(round.bet_transaction_id), kind: 'REFUND' as const };
      return (await moveMoney(tx, key, { ...refund, amountMinor: round.bet_minor, roundId }, now)).balanceMinor;
    });
    return { balance: balanceMinor === undefined ? undefined : toWire(balanceMinor), pending: false };
  };

  /** Records the rollback of a bet that got no answer, and sends it. The round becomes CANCELLED. */
  const rollBack = async (betTransactionId: string, roundId: string, reason: string): Promise<FlushResult> => {
    const { rows } = await db.query<{ wallet: string }>('SELECT wallet FROM rounds WHERE id = $1', [roundId]);
    if (rows[0]?.wallet === 'transfer') return refundLocally(roundId);
    await db.transaction(async (tx) => {
      const now = clock.now();
      await tx.query(
        `UPDATE platform_calls SET status = 'FAILED', last_error = $2, next_attempt_at = NULL, updated_at = $3
         WHERE transaction_id = $1 AND status = 'PENDING'`,
        [betTransactionId, reason, new Date(now)],
      );
      await tx.query(
        `UPDATE rounds SET state = 'CANCELLED', settled_at = $2 WHERE id = $1 AND state IN ('DEBITING', 'OPEN')`,
        [roundId, new Date(now)],
      );
      await insertCall(
        tx,
        { transactionId: rollbackIdFor(betTransactionId), roundId, op: 'rollback', betTransactionId },
        now,
        // Two paths may find the same bet without an answer (the boot sweep and the crash recovery): one rollback.
        true,
      );
    });
    return flushRound(roundId);
  };

  /**
   * Sends a bet recorded with insertCall. ok and refused are final; an unknown outcome rolls the bet back (a new
   * transaction id referencing it) and is reported as unknown so the caller refuses the play.
   */
  const debit = (transactionId: string): Promise<CallOutcome> =>
    track(
      (async () => {
        const row = await loadCall(transactionId);
        if (row === undefined || row.op !== 'debit') throw new Error(`no debit ${transactionId}`);
        debitsInFlight.add(transactionId);
        try {
          const outcome = await send(row);
          if (outcome.kind === 'ok') await markDone(transactionId, outcome.answer.balance);
          else if (outcome.kind === 'refused') await markRefused(transactionId, outcome.code, outcome.balance);
          else await rollBack(transactionId, row.round_id, outcome.message);
          return outcome;
        } finally {
          debitsInFlight.delete(transactionId);
        }
      })(),
    );

  /**
   * Boot recovery of transfer mode: a bet taken from the RGS-held wallet whose round the process never decided (it
   * stopped between the two transactions) is refunded. Only at start, when no play of this process is in flight.
   */
  const recoverTransferBets = async (startedAtMs: number): Promise<void> => {
    // Only rounds begun before this start: a play that begins while the recovery runs is not undecided.
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM rounds WHERE wallet = 'transfer' AND state = 'DEBITING' AND created_at < $1 LIMIT 1000`,
      [new Date(startedAtMs)],
    );
    for (const row of rows) {
      log.warn({ roundId: row.id }, 'a transfer-mode bet was left undecided; refunding it');
      await refundLocally(row.id);
    }
  };

  /** Boot recovery and retries: due calls of every round, and debits left without an answer. */
  const sweep = async (): Promise<void> => {
    const now = clock.now();
    const { rows: stale } = await db.query<{ transaction_id: string; round_id: string }>(
      `SELECT transaction_id, round_id FROM platform_calls
       WHERE status = 'PENDING' AND op = 'debit' AND created_at < $1 LIMIT 100`,
      [new Date(now - staleDebitMs)],
    );
    for (const row of stale) {
      if (debitsInFlight.has(row.transaction_id)) continue;
      log.warn({ transactionId: row.transaction_id }, 'a bet had no answer; rolling it back');
      await rollBack(row.transaction_id, row.round_id, 'no answer before the process stopped');
    }
    // Due calls in batch calls where the platform takes them (a lottery issue's retries are many).
    const { rows } = await db.query<{ round_id: string }>(
      `SELECT DISTINCT round_id FROM platform_calls
       WHERE status = 'PENDING' AND op <> 'debit' AND next_attempt_at <= $1 LIMIT 1000`,
      [new Date(now)],
    );
    await flushRounds(
      rows.map((row) => row.round_id),
      8,
    );
    // The next retry due (also those found at boot): wake up for it.
    // (Calls due now but queued behind a later retry of their round are sent when that retry flushes the round.)
    const next = await db.query<{ at: Date | null }>(
      `SELECT min(next_attempt_at) AS at FROM platform_calls
       WHERE status = 'PENDING' AND op <> 'debit' AND next_attempt_at > $1`,
      [new Date(clock.now())],
    );
    const at = next.rows[0]?.at;
    if (at !== null && at !== undefined) scheduleSweep(Math.max(0, at.getTime() - clock.now()));
  };

  const periodic = (): void => {
    if (stopped) return;
    const cancel = clock.schedule(() => {
      timers.delete(cancel);
      void track(sweep().catch((error: unknown) => log.error({ err: error }, 'payment sweep failed'))).finally(
        periodic,
      );
    }, sweepEveryMs);
    timers.add(cancel);
  };

  return {
    debit,
    /** Sends what a round has to send now; failures are left to the retries. */
    flushRound: (roundId: string) => track(flushRound(roundId)),
    flushRounds: (roundIds: readonly string[], parallel: number) => track(flushRounds(roundIds, parallel)),
    rollBack: (betTransactionId: string, roundId: string, reason: string) =>
      track(rollBack(betTransactionId, roundId, reason)),
    sweep: () => track(sweep()),
    start: (): void => {
      if (!stopped) return;
      stopped = false;
      void track(
        recoverTransferBets(clock.now())
          .then(sweep)
          .catch((error: unknown) => log.error({ err: error }, 'payment sweep failed')),
      );
      periodic();
    },
    /** Cancels the timers and waits for the calls in flight (an answer that arrives is still recorded). */
    stop: async (): Promise<void> => {
      stopped = true;
      for (const cancel of timers) cancel();
      timers.clear();
      wake = undefined;
      await Promise.allSettled([...work]);
    },
    /** Resolves when nothing is in flight (tests wait on it after moving the clock). */
    idle: async (): Promise<void> => {
      while (work.size > 0) await Promise.allSettled([...work]);
    },
  };
};
