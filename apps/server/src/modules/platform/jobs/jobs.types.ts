/** One run of a job: the occurrence it is for, and a signal that ends it early. */
export type JobContext = {
  /** The scheduled instant this run is for; with the job's name it is the claim key (job_runs). */
  occurrence: Date;
  /** Aborted when the run passes its time limit or the app closes: a job that loops over batches checks it. */
  signal: AbortSignal;
};

/** What a run reports, for the log and job_runs.detail: counts only, never personal data. */
export type JobReport = Readonly<Record<string, number>> | undefined;

/**
 * A named, scheduled piece of work (DESIGN.md §8), declared by its module in `<name>.jobs.ts`. The registry runs each
 * occurrence on one node only; the job's effects must still be idempotent by a business key, because a node can die
 * after its work committed and before its claim was marked done, and an operator may run a job by hand.
 */
export type JobDefinition = {
  /** `<module>.<job>` in kebab-case, e.g. `deposit.expire`. */
  name: string;
  /** A cron pattern with seconds (croner): `0 * * * * *` is every minute on the minute. */
  schedule: string;
  /** The IANA time zone the pattern is read in (default UTC). */
  timezone?: string;
  /** Longest a run may take before its signal aborts (default JOB_TIMEOUT_MS). */
  timeoutMs?: number;
  run: (context: JobContext) => Promise<JobReport | void>;
};

export const JOB_TIMEOUT_MS = 5 * 60_000;

/** Croner's pattern for "every n seconds" (n divides 60) or "every n minutes" (n divides 60), aligned to the clock. */
export const every = (amount: number, unit: 'seconds' | 'minutes' | 'hours'): string => {
  const limit = unit === 'hours' ? 24 : 60;
  if (!Number.isInteger(amount) || amount < 1 || limit % amount !== 0) {
    throw new Error(`every(${amount}, ${unit}): the amount must divide ${limit}`);
  }
  const step = amount === 1 ? '*' : `*/${amount}`;
  if (unit === 'seconds') return `${step} * * * * *`;
  if (unit === 'minutes') return `0 ${step} * * * *`;
  return `0 0 ${step} * * *`;
};

/** `every` for a period in milliseconds: whole seconds, minutes or hours that divide the next unit. */
export const everyMs = (periodMs: number): string => {
  if (periodMs % 3_600_000 === 0) return every(periodMs / 3_600_000, 'hours');
  if (periodMs % 60_000 === 0) return every(periodMs / 60_000, 'minutes');
  if (periodMs % 1_000 === 0) return every(periodMs / 1_000, 'seconds');
  throw new Error(`everyMs(${periodMs}): a job's period is whole seconds`);
};
