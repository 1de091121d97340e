import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import type { Payments } from '../platform/payments';
import type { Rounds } from '../rounds/rounds';
import { betsFactory } from './bets';
import { LOTTERIES, lotteryOf, type LotteryDefinition } from './catalogue';
import { issuesFactory } from './issues';
import { settlementFactory } from './settlement';

/**
 * The lottery draw engine (ADR 0033). One tick runs every stage once, in order: schedule (today, and tomorrow an hour
 * ahead), open and close windows, draw the issues due, settle the drawn ones (and the chases they end), refund what is
 * marked for refund. Every stage is keyed in the database (state transitions, the issue's advisory lock, the bet's
 * state), so ticks of several processes, or a tick run twice, change nothing twice. The RGS has no job registry of
 * its own; like the crash rounds, the tick is a timer on the RGS clock, and tests call tick() after moving the clock.
 */
export type LotteryOptions = {
  /** false: no timer (tests tick by hand). Default true. */
  enabled?: boolean;
  /** Which lotteries this process runs (default all). */
  codes?: readonly string[];
  tickMs?: number;
  /** Bets settled per transaction (default 1000). */
  settleBatch?: number;
};

const STAGE_ROUNDS = 20;

export const lotteryEngineFactory = (deps: {
  db: Database;
  clock: Clock;
  rounds: Rounds;
  payments: Payments;
  randomBytes: (n: number) => Uint8Array;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  options?: LotteryOptions;
}) => {
  const { clock, log } = deps;
  const lotteries: LotteryDefinition[] =
    deps.options?.codes === undefined
      ? [...LOTTERIES]
      : deps.options.codes.map((code) => lotteryOf(code)).filter((l): l is LotteryDefinition => l !== undefined);
  const issues = issuesFactory({ ...deps, lotteries });
  const settlement = settlementFactory({ ...deps, settleBatch: deps.options?.settleBatch });
  const bets = betsFactory({ ...deps, settlement });
  const tickMs = deps.options?.tickMs ?? 1_000;
  let running = false;
  let cancelTimer: (() => void) | undefined;
  let current: Promise<void> = Promise.resolve();

  const tickOnce = async (): Promise<void> => {
    await issues.ensureSchedule();
    await issues.openAndClose();
    // Bounded: a process that was down draws and settles at most STAGE_ROUNDS batches per tick and catches up over ticks.
    for (let round = 0; round < STAGE_ROUNDS; round += 1) if ((await issues.drawDue()).length === 0) break;
    for (let round = 0; round < STAGE_ROUNDS; round += 1) {
      const drawn = await issues.drawnIssues();
      for (const key of drawn) await settlement.settleIssue(key);
      if (drawn.length === 0) break;
    }
    await settlement.refundDue();
  };

  /** Ticks of one process never overlap; a tick that fails is logged and the next one tries again. */
  const tick = (): Promise<void> => {
    current = current.then(tickOnce).catch((error: unknown) => log.error({ err: error }, 'lottery tick failed'));
    return current;
  };

  const loop = (): void => {
    if (!running) return;
    cancelTimer = clock.schedule(() => {
      void tick().finally(loop);
    }, tickMs);
  };

  return {
    lotteries,
    tick,
    /** One pass of every stage that throws instead of logging (tests). */
    runStages: tickOnce,
    /** The stages one by one (tests run them on their own, twice, or from two engines). */
    issues,
    settlement,
    bets,
    start: async (): Promise<void> => {
      if (deps.options?.enabled === false || running) return;
      running = true;
      await tick();
      loop();
    },
    stop: async (): Promise<void> => {
      running = false;
      cancelTimer?.();
      await current;
    },
  };
};
export type LotteryEngine = ReturnType<typeof lotteryEngineFactory>;
