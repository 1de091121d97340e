import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from './interval-job';

/** Orders expire to the minute; the job is cheap (a partial index holds only PENDING orders). */
export const DEPOSIT_JOB_INTERVAL_MS = 60_000;
export const DEPOSIT_JOB_BATCH = 1_000;

export type DepositJobs = {
  /** PENDING orders past their expiry become EXPIRED. */
  expire: (batch: number) => Promise<number>;
  /** Credits interrupted between the ledger post and the order update are finished (the post replays). */
  settle: (batch: number) => Promise<number>;
};

/**
 * The deposit jobs (DESIGN.md §8): both are idempotent (a conditional update; a ledger post keyed by the order
 * number), so every node may run them; a run never overlaps the previous one, is bounded by the batch, and the timer
 * stops with the app without keeping the process alive.
 */
export const startDepositJobs = (
  app: FastifyInstance,
  jobs: DepositJobs,
  intervalMs: number = DEPOSIT_JOB_INTERVAL_MS,
): void => {
  startIntervalJob(app, {
    name: 'deposit jobs',
    everyMs: intervalMs,
    run: async () => {
      for (const [name, job] of Object.entries(jobs)) {
        try {
          const count = await job(DEPOSIT_JOB_BATCH);
          if (count > 0) app.log.info({ job: `deposit-${name}`, count }, 'deposit job');
        } catch (error) {
          app.log.error({ err: error, job: `deposit-${name}` }, 'deposit job failed');
        }
      }
    },
  });
};
