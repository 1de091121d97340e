import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { jobsRepository } from './jobs.repository';
import { createJobScheduler, type JobScheduler } from './jobs.scheduler';

export { every, everyMs, JOB_TIMEOUT_MS, type JobContext, type JobDefinition, type JobReport } from './jobs.types';
export { createJobScheduler, type JobOutcome, type JobScheduler } from './jobs.scheduler';
export { jobsRepository } from './jobs.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job registry: every scheduled piece of work of the platform (DESIGN.md §8). */
    jobs: JobScheduler;
  }
}

/** Claims older than this are deleted by housekeeping; they only serve to see what ran lately. */
export const JOB_RUN_RETENTION_MS = 7 * 24 * 60 * 60_000;

/**
 * The job registry (DESIGN.md §8; owns job_runs). Modules declare their jobs in `<name>.jobs.ts`; platform-modules.ts
 * registers them here. The timers start when the app listens, so an app that only answers injected requests (tests)
 * runs no job unless a test triggers it, and they stop, draining the runs in flight, when the app closes.
 */
export const createJobsModule = (deps: { db: Database; now: Clock; app: FastifyInstance }) => {
  const repository = jobsRepository(deps.db);
  const scheduler = createJobScheduler({ repository, now: deps.now, log: deps.app.log });
  deps.app.decorate('jobs', scheduler);
  deps.app.addHook('onListen', (done) => {
    scheduler.start();
    done();
  });
  deps.app.addHook('onClose', () => scheduler.stop());
  return {
    scheduler,
    /** A housekeeping task: old claims. */
    purge: (batch: number) => repository.purge(new Date(deps.now() - JOB_RUN_RETENTION_MS), batch),
  };
};
