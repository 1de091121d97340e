import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { every, type JobDefinition } from '../../platform/jobs';
import type { Merchant } from '../../platform/merchant';
import type { WithdrawRepository } from './withdraw.repository';
import { HOLD_GRACE_MS, type WithdrawSettlement } from './withdraw-settlement';

export const WITHDRAW_JOB_BATCH = 1_000;

export type WithdrawJobDeps = {
  repo: WithdrawRepository;
  now: Clock;
  settlement: WithdrawSettlement;
  merchantById: (id: number) => Promise<Merchant>;
};

/**
 * The job's work: completes holds and decisions a crash interrupted, then marks paid orders that their member did not
 * confirm in time as AUTO_RECEIVED. Idempotent; returns how many orders it changed.
 */
export const settleWithdrawals =
  ({ repo, now, settlement, merchantById }: WithdrawJobDeps) =>
  async (batch: number): Promise<number> => {
    const { hold, settle, told } = settlement;
    const nowMs = now();
    let changed = 0;
    for (const order of await repo.unsettled(new Date(nowMs - HOLD_GRACE_MS), batch)) {
      const merchant = await merchantById(order.merchantId);
      try {
        if (order.status === 'HOLDING') await hold(merchant, order);
        else await settle(merchant, order);
        changed += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    const received = await repo.autoReceive(new Date(nowMs), batch);
    for (const order of received) told(order, 'AUTO_RECEIVED');
    return changed + received.length;
  };

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
