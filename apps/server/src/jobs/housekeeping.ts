import { every, type JobDefinition } from '../modules/platform/jobs';

/** At most this many rows per table and run: bounded work, whatever piled up. */
export const HOUSEKEEPING_BATCH = 5_000;

export type HousekeepingTask = { name: string; run: (batch: number) => Promise<number> };

type Log = {
  debug(detail: object, message: string): void;
  error(detail: object, message: string): void;
};

/** Runs every task once, in order; a failing task is logged and does not stop the others. Returns rows removed. */
export const runHousekeeping = async (
  log: Log,
  tasks: readonly HousekeepingTask[],
): Promise<Record<string, number>> => {
  const removed: Record<string, number> = {};
  for (const task of tasks) {
    try {
      const count = await task.run(HOUSEKEEPING_BATCH);
      removed[task.name] = count;
      if (count > 0) log.debug({ task: task.name, removed: count }, 'housekeeping');
    } catch (error) {
      log.error({ err: error, task: task.name }, 'housekeeping task failed');
    }
  }
  return removed;
};

/**
 * Deletes expired rows (captchas, SMS codes, nonces, rate-limit keys, reset tokens, old sessions, outbox, job claims)
 * every ten minutes. Deletions only: business rules run as their module's own jobs.
 */
export const housekeepingJobs = (log: Log, tasks: readonly HousekeepingTask[]): JobDefinition[] => [
  {
    name: 'platform.housekeeping',
    schedule: every(10, 'minutes'),
    run: () => runHousekeeping(log, tasks),
  },
];
