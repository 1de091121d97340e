import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Cron } from 'croner';
import type { Clock } from '../../../lib/clock';
import type { JobsRepository } from './jobs.repository';
import { JOB_TIMEOUT_MS, type JobDefinition, type JobReport } from './jobs.types';

type Log = {
  info(detail: object, message: string): void;
  error(detail: object, message: string): void;
};

export type JobOutcome =
  | { status: 'DONE'; report: JobReport }
  | { status: 'FAILED' }
  /** Another node claimed this occurrence first. */
  | { status: 'SKIPPED' };

export type JobScheduler = {
  /** Adds jobs before start; a name is registered once. */
  register(...jobs: readonly JobDefinition[]): void;
  /** The registered names, sorted. */
  names(): string[];
  /** Starts every job's timer (the app does this once it listens). */
  start(): void;
  /** Stops the timers, aborts the runs in flight and waits for them (the app does this on close). */
  stop(): Promise<void>;
  /** One occurrence through its claim, as a timer tick runs it: SKIPPED when another node had it. */
  runOccurrence(name: string, occurrence: Date): Promise<JobOutcome>;
  /** Runs a job now on this node, outside any occurrence (tests, an operator's "run now"); never overlaps a tick. */
  trigger(name: string): Promise<JobOutcome>;
};

export type JobSchedulerDeps = {
  repository: JobsRepository;
  now: Clock;
  log: Log;
  /** Names this node in job_runs (default host, pid and a random suffix). */
  node?: string;
};

/** Less than the shortest period a job may have (one second). */
const TICK_SLACK_MS = 500;

const defaultNode = (): string => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`.slice(0, 100);

/**
 * The job registry (DESIGN.md §8) on croner: each job's pattern fires a tick on every node; the tick claims
 * (job, occurrence) in job_runs and only the node whose insert won runs it, so an occurrence runs once across nodes.
 * On one node a run never overlaps the previous run of the same job; every run has a time limit; close drains.
 */
export const createJobScheduler = ({ repository, now, log, node = defaultNode() }: JobSchedulerDeps): JobScheduler => {
  const jobs = new Map<string, JobDefinition>();
  const timers: Cron[] = [];
  const inFlight = new Map<string, Promise<JobOutcome>>();
  const closing = new AbortController();
  let started = false;

  const jobNamed = (name: string): JobDefinition => {
    const job = jobs.get(name);
    if (job === undefined) throw new Error(`No job named ${name}`);
    return job;
  };

  const execute = async (job: JobDefinition, occurrence: Date, claimed: boolean): Promise<JobOutcome> => {
    const signal = AbortSignal.any([closing.signal, AbortSignal.timeout(job.timeoutMs ?? JOB_TIMEOUT_MS)]);
    let outcome: JobOutcome;
    try {
      const report = (await job.run({ occurrence, signal })) ?? undefined;
      if (report !== undefined && Object.values(report).some((count) => count > 0)) {
        log.info({ job: job.name, ...report }, 'job done');
      }
      outcome = { status: 'DONE', report };
    } catch (error) {
      log.error({ err: error, job: job.name }, 'job failed');
      outcome = { status: 'FAILED' };
    }
    if (claimed) {
      await repository
        .finish(job.name, occurrence, node, {
          status: outcome.status === 'DONE' ? 'DONE' : 'FAILED',
          finishedAt: new Date(now()),
          detail: outcome.status === 'DONE' ? (outcome.report ?? null) : null,
        })
        .catch((error: unknown) => log.error({ err: error, job: job.name }, 'job claim not marked finished'));
    }
    return outcome;
  };

  /** Runs `work` unless a run of the same job is in flight on this node (then that run's answer is the answer). */
  const single = (name: string, work: () => Promise<JobOutcome>): Promise<JobOutcome> => {
    const running = inFlight.get(name);
    if (running !== undefined) return running.then(() => ({ status: 'SKIPPED' }) as const);
    const run = work().finally(() => inFlight.delete(name));
    inFlight.set(name, run);
    return run;
  };

  const runOccurrence = (name: string, occurrence: Date): Promise<JobOutcome> => {
    const job = jobNamed(name);
    return single(name, async () => {
      let claimed: boolean;
      try {
        claimed = await repository.claim(name, occurrence, node, new Date(now()));
      } catch (error) {
        log.error({ err: error, job: name }, 'job claim failed');
        return { status: 'FAILED' };
      }
      return claimed ? execute(job, occurrence, true) : { status: 'SKIPPED' };
    });
  };

  return {
    register: (...definitions) => {
      if (started) throw new Error('Jobs are registered before the scheduler starts');
      for (const job of definitions) {
        if (jobs.has(job.name)) throw new Error(`Job ${job.name} is registered twice`);
        // Parses the pattern now, so a bad one fails the boot rather than the first tick.
        new Cron(job.schedule, { timezone: job.timezone, paused: true }).stop();
        jobs.set(job.name, job);
      }
    },
    names: () => [...jobs.keys()].sort(),
    start: () => {
      if (started) return;
      started = true;
      for (const job of jobs.values()) {
        const timer = new Cron(job.schedule, { timezone: job.timezone, unref: true, name: job.name }, (self) => {
          // The scheduled instant this tick is for, the same on every node (croner fires on the real clock, not the
          // app's): the latest one at or before half a second from now, so a tick that fires a little early or late
          // (a busy event loop) still names its own.
          const [occurrence] = self.previousRuns(1, new Date(Date.now() + TICK_SLACK_MS));
          if (occurrence !== undefined) void runOccurrence(job.name, occurrence);
        });
        timers.push(timer);
      }
    },
    stop: async () => {
      for (const timer of timers) timer.stop();
      timers.length = 0;
      closing.abort();
      await Promise.allSettled([...inFlight.values()]);
    },
    runOccurrence,
    trigger: (name) => {
      const job = jobNamed(name);
      return single(name, () => execute(job, new Date(now()), false));
    },
  };
};
