import { every, everyMs, type JobDefinition } from '../../platform/jobs';
import type { BetPullResult } from './bet-pull.service';

/** At most this many PENDING orders per reconciliation pass. */
export const RECONCILE_BATCH = 50;

/**
 * The transfer wallet's jobs (DESIGN.md §6, §8). Reconciliation settles PENDING vendor transfers by the vendor's order
 * query (claims are SKIP LOCKED and every money step is keyed by the order number). The bet-record pull fetches the
 * rounds each HTTP transfer vendor settled (a vendor's cursor is claimed with a lease; a round's money is keyed by its
 * round id).
 */
export const vendorWalletJobs = (deps: {
  reconcile: (batch: number) => Promise<{ claimed: number; settled: number }>;
  pullBets: () => Promise<BetPullResult>;
  betPullEveryMs: number;
}): JobDefinition[] => [
  {
    name: 'vendor-wallet.reconcile',
    schedule: every(30, 'seconds'),
    run: () => deps.reconcile(RECONCILE_BATCH),
  },
  {
    name: 'vendor-wallet.bet-pull',
    schedule: everyMs(deps.betPullEveryMs),
    run: () => deps.pullBets(),
  },
];
