import type { JobDefinition } from '../../platform/jobs';
import { cashbackServiceFactory, type CashbackDeps } from './cashback.service';

export {
  cashbackKey,
  cashbackMinor,
  closedWindows,
  ownLossMinor,
  type CashbackService,
  type CashbackWindow,
} from './cashback.service';

/**
 * Cashback (issue 20, ADR 0043; owns no table): the hourly job that offers each CASHBACK promotion's share of a
 * member's own-money net loss over each closed window in the reward centre. The promotions and their terms live in
 * engagement/promotions, the figures in play statistics, the money in the reward centre.
 */
export const createCashbackModule = (deps: CashbackDeps) => {
  const service = cashbackServiceFactory(deps);
  const jobs: JobDefinition[] = [
    // Hourly, after play statistics' hourly sweep (minute 7) and beside the rebate job (minute 20).
    { name: 'cashback.offer', schedule: '0 25 * * * *', run: async ({ signal }) => service.run(signal) },
  ];
  return { service, jobs };
};

export type CashbackModule = ReturnType<typeof createCashbackModule>;
