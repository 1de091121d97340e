import { every, type JobDefinition } from '../jobs';
import type { DepositService } from './deposit.service';

/** Orders expire to the minute; both jobs are cheap (a partial index holds only PENDING orders). */
export const DEPOSIT_JOB_BATCH = 1_000;

/**
 * The deposit jobs: both idempotent (a conditional update; a ledger post keyed by the order number) and bounded by
 * the batch.
 */
export const depositJobs = (service: Pick<DepositService, 'expire' | 'settle'>): JobDefinition[] => [
  {
    name: 'deposit.expire',
    schedule: every(1, 'minutes'),
    // PENDING orders past their channel's minutes become EXPIRED.
    run: async () => ({ expired: await service.expire(DEPOSIT_JOB_BATCH) }),
  },
  {
    name: 'deposit.settle',
    schedule: every(1, 'minutes'),
    // Credits a crash interrupted between the ledger post and the order update are finished (the post replays).
    run: async () => ({ settled: await service.settle(DEPOSIT_JOB_BATCH) }),
  },
];
