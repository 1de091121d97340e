import type { Clock } from '../../../lib/clock';
import { every, type JobDefinition } from '../../platform/jobs';
import type { Merchant } from '../../platform/merchant';
import type { DepositCredit } from './deposit-credit';
import type { DepositRepository } from './deposit.repository';

/** Orders expire to the minute; both jobs are cheap (a partial index holds only PENDING orders). */
export const DEPOSIT_JOB_BATCH = 1_000;

export type DepositJobDeps = {
  repository: DepositRepository;
  now: Clock;
  merchantById: (id: number) => Promise<Merchant>;
  credit: Pick<DepositCredit, 'credit' | 'reload'>;
};

/** The work of the deposit jobs, each bounded by `batch` and returning how many orders it changed. */
export const depositJobWork = ({ repository, now, merchantById, credit: { credit, reload } }: DepositJobDeps) => ({
  /** PENDING orders past their expiry become EXPIRED (idempotent). */
  expire: (batch: number): Promise<number> => repository.expire(new Date(now()).toISOString(), batch),

  /** Finishes credits interrupted between the ledger post and the order update (the post replays). */
  settle: async (batch: number): Promise<number> => {
    const rows = await repository.unsettled(batch);
    for (const { merchantId, id } of rows) {
      await credit(await merchantById(merchantId), await reload(merchantId, id));
    }
    return rows.length;
  },
});

/**
 * The deposit jobs: both idempotent (a conditional update; a ledger post keyed by the order number) and bounded by
 * the batch.
 */
export const depositJobs = (work: ReturnType<typeof depositJobWork>): JobDefinition[] => [
  {
    name: 'deposit.expire',
    schedule: every(1, 'minutes'),
    // PENDING orders past their channel's minutes become EXPIRED.
    run: async () => ({ expired: await work.expire(DEPOSIT_JOB_BATCH) }),
  },
  {
    name: 'deposit.settle',
    schedule: every(1, 'minutes'),
    // Credits a crash interrupted between the ledger post and the order update are finished (the post replays).
    run: async () => ({ settled: await work.settle(DEPOSIT_JOB_BATCH) }),
  },
];
