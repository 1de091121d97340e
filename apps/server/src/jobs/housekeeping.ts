import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from './interval-job';

/** Every ten minutes, at most this many rows per table: bounded work, whatever piled up. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;
export const HOUSEKEEPING_BATCH = 5_000;

export type HousekeepingTask = { name: string; run: (batch: number) => Promise<number> };

/** Runs every task once, in order; a failing task is logged and does not stop the others. */
export const runHousekeeping = async (app: FastifyInstance, tasks: readonly HousekeepingTask[]): Promise<void> => {
  for (const task of tasks) {
    try {
      const removed = await task.run(HOUSEKEEPING_BATCH);
      if (removed > 0) app.log.debug({ task: task.name, removed }, 'housekeeping');
    } catch (error) {
      app.log.error({ err: error, task: task.name }, 'housekeeping task failed');
    }
  }
};

/**
 * Deletes expired rows (captchas, SMS codes, nonces, rate-limit keys, reset tokens, old sessions, outbox) in-process.
 * Deleting is idempotent, so every node may run it; a run never overlaps the previous one, and the timer stops with
 * the app and does not keep the process alive.
 */
export const startHousekeeping = (app: FastifyInstance, tasks: readonly HousekeepingTask[]): void => {
  startIntervalJob(app, {
    name: 'housekeeping',
    everyMs: HOUSEKEEPING_INTERVAL_MS,
    run: () => runHousekeeping(app, tasks),
  });
};
