import { every, type JobDefinition } from '../jobs';

export const WITHDRAW_JOB_BATCH = 1_000;

/**
 * Completes holds and decisions a crash interrupted, then marks paid orders their member did not confirm in time as
 * AUTO_RECEIVED (spec: automatic confirmation). Idempotent: each step is a conditional update or a keyed ledger post.
 */
export const withdrawJobs = (run: (batch: number) => Promise<number>): JobDefinition[] => [
  {
    name: 'withdraw.settle',
    schedule: every(1, 'minutes'),
    run: async () => ({ changed: await run(WITHDRAW_JOB_BATCH) }),
  },
];
