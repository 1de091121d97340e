import {
  CRASH_CASHOUT_MIN_E2,
  CRASH_MAX_E2,
  crashElapsedForE2,
  crashMultiplierAtE2,
  crashPayoutMinor,
  crashPointE2,
} from '@platform/game-math';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import { RgsError } from '../lib/errors';
import { toJson } from '../lib/json';
import { parseBet } from '../lib/money';
import { parseInput } from '../lib/validate';
import type { Payments } from '../platform/payments';
import type { Rounds, RoundView } from '../rounds/rounds';
import { requireFamily, type PageSession } from '../sessions/sessions';
import { balanceAfter } from '../games/context';
import { assertBetLimits } from '../games/limits';
import { createChain, DEFAULT_CHAIN_LENGTH, loadOrCreateChain, type CrashChain } from './chain';
import {
  betView,
  CrashBetSchema,
  HISTORY_SIZE,
  parseMultiplierE2,
  playerKey,
  roundEvent,
  type Bet,
  type BetState,
  type CrashBetView,
  type CrashEvent,
  type CrashSnapshot,
  type Round,
} from './crash-round';

export type { CrashBetView, CrashEvent, CrashPhase, CrashRoundEvent, CrashSnapshot } from './crash-round';

/**
 * Crash: shared rounds for every player of this process. Each round's point comes from the published hash chain
 * (never from the bets): BETTING (bettingMs) → RUNNING (the multiplier follows game-math's curve from startAt;
 * clients draw it themselves from the round events) → CRASHED at crashElapsedForE2(point), then a pause and the
 * next round. A bet is a round of its own on the platform: debit when placed (only during BETTING; a debit that
 * is confirmed after the start is refunded), credit with endRound at a cash-out (manual or automatic), endRound
 * for the bets still in play at the crash. The chain position is persisted, so a restart continues the chain; a
 * round the process stopped in is INTERRUPTED and its open bets are refunded.
 */
export type CrashOptions = {
  /** false: no rounds are run (tests of other games). Default true. */
  enabled?: boolean;
  bettingMs?: number;
  /** The crashed round stays on screen this long before the next betting phase. */
  pauseMs?: number;
  chainLength?: number;
};

export const crashEngineFactory = (deps: {
  db: Database;
  clock: Clock;
  rounds: Rounds;
  payments: Payments;
  randomBytes: (n: number) => Uint8Array;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  options?: CrashOptions;
}) => {
  const { db, clock, rounds, payments, log } = deps;
  const bettingMs = deps.options?.bettingMs ?? 6_000;
  const pauseMs = deps.options?.pauseMs ?? 3_000;
  const chainLength = deps.options?.chainLength ?? DEFAULT_CHAIN_LENGTH;
  const listeners = new Set<(event: CrashEvent) => void>();
  const timers = new Set<() => void>();
  const history: { roundNo: number; crashE2: number; hash: string }[] = [];
  let chain: CrashChain | undefined;
  let current: Round | undefined;
  let running = false;
  /** Phase changes run one at a time, in order. */
  let queue: Promise<void> = Promise.resolve();
  const work = new Set<Promise<unknown>>();

  const track = <T>(promise: Promise<T>): Promise<T> => {
    work.add(promise);
    void promise.finally(() => work.delete(promise)).catch(() => undefined);
    return promise;
  };
  const emit = (event: CrashEvent): void => {
    for (const listener of listeners) listener(event);
  };
  const enqueue = (name: string, fn: () => Promise<void>): Promise<void> => {
    queue = queue.then(fn).catch((error: unknown) => log.error({ err: error, step: name }, 'crash step failed'));
    return track(queue);
  };
  const at = (whenMs: number, name: string, fn: () => Promise<void>): void => {
    if (!running) return;
    const cancel = clock.schedule(() => {
      timers.delete(cancel);
      void enqueue(name, fn);
    }, whenMs - clock.now());
    timers.add(cancel);
  };

  /** Rounds the process stopped in: INTERRUPTED, their open bets refunded (cash-outs already made stay paid). */
  const recover = async (): Promise<void> => {
    const { rows } = await db.query<{ chain_id: number; round_no: number }>(
      `SELECT chain_id, round_no FROM crash_rounds WHERE state IN ('BETTING', 'RUNNING')`,
    );
    for (const row of rows) {
      await db.query(
        `UPDATE crash_rounds SET state = 'INTERRUPTED', crashed_at = $3 WHERE chain_id = $1 AND round_no = $2`,
        [row.chain_id, row.round_no, new Date(clock.now())],
      );
      const bets = await db.query<{ id: string; bet_transaction_id: string }>(
        `SELECT id, bet_transaction_id FROM rounds
         WHERE crash_chain_id = $1 AND crash_round_no = $2 AND state IN ('DEBITING', 'OPEN')`,
        [row.chain_id, row.round_no],
      );
      for (const bet of bets.rows) {
        await payments.rollBack(bet.bet_transaction_id, bet.id, 'the crash round was interrupted by a restart');
      }
      log.warn({ chainId: row.chain_id, roundNo: row.round_no, refunded: bets.rows.length }, 'crash round interrupted');
    }
  };

  const loadHistory = async (): Promise<void> => {
    const { rows } = await db.query<{ round_no: number; crash_e2: number; hash: string }>(
      `SELECT round_no, crash_e2, hash FROM crash_rounds WHERE state = 'CRASHED'
       ORDER BY crashed_at DESC LIMIT ${HISTORY_SIZE}`,
    );
    history.splice(0, history.length, ...rows.map((r) => ({ roundNo: r.round_no, crashE2: r.crash_e2, hash: r.hash })));
  };

  const nextRoundNo = async (active: CrashChain): Promise<number> => {
    const { rows } = await db.query<{ last: number | null }>(
      'SELECT max(round_no) AS last FROM crash_rounds WHERE chain_id = $1',
      [active.id],
    );
    return (rows[0]?.last ?? 0) + 1;
  };

  const openRound = async (): Promise<void> => {
    if (!running) return;
    let active = chain!;
    let roundNo = await nextRoundNo(active);
    if (roundNo > active.lastRound) {
      // The chain is used up: retire it and publish a new one before its first round.
      await db.query('UPDATE crash_chains SET exhausted_at = $2 WHERE id = $1', [active.id, new Date(clock.now())]);
      active = await createChain({ db, clock, randomBytes: deps.randomBytes, length: chainLength });
      chain = active;
      roundNo = 1;
      log.info({ chainId: active.id, terminatingHash: active.terminatingHash }, 'new crash chain published');
    }
    const hash = active.hashOf(roundNo);
    const crashE2 = crashPointE2(hash, active.salt);
    const bettingAt = clock.now();
    const startAt = bettingAt + bettingMs;
    const round: Round = {
      chain: active,
      roundNo,
      hash,
      crashE2,
      bettingAt,
      startAt,
      crashAt: startAt + crashElapsedForE2(crashE2),
      phase: 'BETTING',
      crashedAt: null,
      bets: new Map(),
    };
    await db.query(
      `INSERT INTO crash_rounds (chain_id, round_no, hash, crash_e2, state, betting_at, started_at)
       VALUES ($1, $2, $3, $4, 'BETTING', $5, $6)`,
      [active.id, roundNo, hash, crashE2, new Date(bettingAt), new Date(startAt)],
    );
    current = round;
    emit({ type: 'round', round: roundEvent(round, clock.now()) });
    at(startAt, 'start', () => startRunning(round));
  };

  const startRunning = async (round: Round): Promise<void> => {
    round.phase = 'RUNNING';
    for (const bet of round.bets.values()) if (bet.state === 'DEBITING') bet.state = 'LATE';
    await db.query(`UPDATE crash_rounds SET state = 'RUNNING' WHERE chain_id = $1 AND round_no = $2`, [
      round.chain.id,
      round.roundNo,
    ]);
    emit({ type: 'round', round: roundEvent(round, clock.now()) });
    for (const bet of round.bets.values()) {
      if (bet.state === 'ACTIVE' && bet.autoCashoutE2 !== null && bet.autoCashoutE2 <= round.crashE2) {
        const target = bet.autoCashoutE2;
        at(round.startAt + crashElapsedForE2(target), 'auto cash-out', async () => {
          if (bet.state === 'ACTIVE') await cashOutBet(round, bet, target);
        });
      }
    }
    at(round.crashAt, 'crash', () => crash(round));
  };

  /** Marks the cash-out (synchronously, so a second request cannot pay twice), persists it and pays it. */
  const cashOutBet = async (round: Round, bet: Bet, cashoutE2: number, flush = true): Promise<void> => {
    bet.state = 'CASHED';
    bet.cashoutE2 = cashoutE2;
    bet.winMinor = crashPayoutMinor(bet.betMinor, cashoutE2);
    await db.transaction((tx) =>
      rounds.settle(tx, {
        roundId: bet.roundId!,
        outcome: toJson({ cashoutE2, payoutMinor: bet.winMinor }),
        winMinor: bet.winMinor!,
        calls: [
          {
            transactionId: `${bet.roundId}:win`,
            roundId: bet.roundId!,
            op: 'credit',
            amountMinor: bet.winMinor!,
            betTransactionId: bet.betTransactionId!,
            endRound: true,
          },
        ],
      }),
    );
    emit({ type: 'cashout', roundNo: round.roundNo, bet: betView(bet) });
    if (flush) void payments.flushRound(bet.roundId!);
  };

  const crash = async (round: Round): Promise<void> => {
    // An auto cash-out at exactly the crash point wins (cashout ≤ point), whichever timer fired first.
    for (const bet of round.bets.values()) {
      if (bet.state === 'ACTIVE' && bet.autoCashoutE2 !== null && bet.autoCashoutE2 <= round.crashE2) {
        await cashOutBet(round, bet, bet.autoCashoutE2);
      }
    }
    round.phase = 'CRASHED';
    round.crashedAt = clock.now();
    const losers = [...round.bets.values()].filter((bet) => bet.state === 'ACTIVE');
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE crash_rounds SET state = 'CRASHED', crashed_at = $3 WHERE chain_id = $1 AND round_no = $2`,
        [round.chain.id, round.roundNo, new Date(round.crashedAt!)],
      );
      for (const bet of losers) {
        bet.state = 'LOST';
        bet.winMinor = 0n;
        await rounds.settle(tx, {
          roundId: bet.roundId!,
          outcome: toJson({ cashoutE2: null, payoutMinor: 0n }),
          winMinor: 0n,
          calls: [{ transactionId: `${bet.roundId}:end`, roundId: bet.roundId!, op: 'endRound' }],
        });
      }
    });
    history.unshift({ roundNo: round.roundNo, crashE2: round.crashE2, hash: round.hash });
    history.splice(HISTORY_SIZE);
    emit({ type: 'round', round: roundEvent(round, clock.now()) });
    for (const bet of losers) void payments.flushRound(bet.roundId!);
    at(round.crashedAt! + pauseMs, 'next round', openRound);
  };

  const requireRound = (): Round => {
    if (current === undefined) throw new RgsError('BETTING_CLOSED', 409, 'The next round has not opened yet');
    return current;
  };

  const placeBet = async (session: PageSession, body: unknown): Promise<{ round: RoundView; balance: string }> => {
    requireFamily(session, 'crash');
    const input = parseInput(CrashBetSchema, body, 'crash bet');
    const betMinor = parseBet(input.amount);
    assertBetLimits(betMinor);
    const autoCashoutE2 = input.autoCashout === undefined ? null : parseMultiplierE2(input.autoCashout);
    if (autoCashoutE2 !== null && (autoCashoutE2 < CRASH_CASHOUT_MIN_E2 || autoCashoutE2 > CRASH_MAX_E2)) {
      throw new RgsError('VALIDATION_FAILED', 400, 'Auto cash-out must be at least 1.01x');
    }
    const round = requireRound();
    if (round.phase !== 'BETTING' || clock.now() >= round.startAt) {
      throw new RgsError('BETTING_CLOSED', 409, 'Bets are closed; wait for the next round');
    }
    const key = playerKey(session);
    if (round.bets.has(key)) throw new RgsError('ROUND_OPEN', 409, 'You already have a bet in this round');
    const bet: Bet = { key, session, betMinor, autoCashoutE2, cashoutE2: null, winMinor: null, state: 'DEBITING' };
    round.bets.set(key, bet);
    let started: Awaited<ReturnType<Rounds['begin']>>;
    try {
      started = await rounds.begin(session, {
        family: 'crash',
        params: toJson({ betMinor, autoCashoutE2 }),
        betMinor,
        crash: { chainId: round.chain.id, roundNo: round.roundNo },
      });
    } catch (error) {
      round.bets.delete(key);
      throw error;
    }
    bet.roundId = started.roundId;
    bet.betTransactionId = started.betTransactionId;
    if (bet.state !== 'DEBITING' || clock.now() >= round.startAt) {
      // The round started while the platform was confirming: a late bet would see the curve rise first.
      bet.state = 'LATE';
      round.bets.delete(key);
      const refund = await payments.rollBack(started.betTransactionId, started.roundId, 'confirmed after the start');
      throw new RgsError('BETTING_CLOSED', 409, 'The round started before your bet was confirmed; it was refunded', {
        balance: refund.balance ?? started.balance,
      });
    }
    bet.state = 'ACTIVE';
    await db.query(`UPDATE rounds SET state = 'OPEN' WHERE id = $1`, [started.roundId]);
    emit({ type: 'bet', roundNo: round.roundNo, bet: betView(bet) });
    return { round: await rounds.view(started.roundId), balance: started.balance };
  };

  const cashOut = async (session: PageSession) => {
    requireFamily(session, 'crash');
    const round = requireRound();
    const bet = round.bets.get(playerKey(session));
    if (bet === undefined || bet.state !== 'ACTIVE') {
      throw new RgsError('ROUND_NOT_OPEN', 409, 'You have no bet in play in this round');
    }
    const now = clock.now();
    if (round.phase !== 'RUNNING' || now < round.startAt) {
      throw new RgsError('CASHOUT_CLOSED', 409, 'The round has not started yet');
    }
    if (now >= round.crashAt) throw new RgsError('CASHOUT_CLOSED', 409, 'Too late: the round has crashed');
    let cashoutE2 = crashMultiplierAtE2(now - round.startAt);
    if (bet.autoCashoutE2 !== null && bet.autoCashoutE2 <= cashoutE2) cashoutE2 = bet.autoCashoutE2;
    if (cashoutE2 < CRASH_CASHOUT_MIN_E2) throw new RgsError('CASHOUT_CLOSED', 409, 'Cash out from 1.01x');
    await track(cashOutBet(round, bet, cashoutE2, false));
    const flushed = await payments.flushRound(bet.roundId!);
    return {
      round: await rounds.view(bet.roundId!),
      balance: await balanceAfter(db, session, flushed, null),
      settlement: flushed.pending ? ('pending' as const) : ('done' as const),
    };
  };

  return {
    start: async (): Promise<void> => {
      if (deps.options?.enabled === false || running) return;
      running = true;
      await recover();
      await loadHistory();
      chain = await loadOrCreateChain({ db, clock, randomBytes: deps.randomBytes, length: chainLength });
      await enqueue('open', openRound);
    },
    stop: async (): Promise<void> => {
      running = false;
      for (const cancel of timers) cancel();
      timers.clear();
      await Promise.allSettled([...work]);
    },
    /** Resolves when no phase change is running (tests wait on it after moving the clock). */
    idle: async (): Promise<void> => {
      while (work.size > 0) await Promise.allSettled([...work]);
      await payments.idle();
    },
    snapshot: (): CrashSnapshot | null => {
      if (current === undefined || chain === undefined) return null;
      const bets = [...current.bets.values()].filter((bet) => bet.state !== 'DEBITING' && bet.state !== 'LATE');
      return {
        ...roundEvent(current, clock.now()),
        bets: bets.map(betView),
        history: [...history],
        terminatingHash: current.chain.terminatingHash,
        salt: current.chain.salt,
      };
    },
    /** The player's bet in the current round, if any. */
    myBet: (session: PageSession): (CrashBetView & { roundId: string | null; state: BetState }) | null => {
      const bet = current?.bets.get(playerKey(session));
      return bet === undefined ? null : { ...betView(bet), roundId: bet.roundId ?? null, state: bet.state };
    },
    placeBet,
    cashOut,
    onEvent: (listener: (event: CrashEvent) => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
export type CrashEngine = ReturnType<typeof crashEngineFactory>;
