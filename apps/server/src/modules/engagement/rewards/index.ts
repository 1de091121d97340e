import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { WalletService } from '../../money/wallet';
import { every, type JobDefinition } from '../../platform/jobs';
import type { RateLimiter } from '../../platform/rate-limit';
import type { BonusWalletService } from '../bonus-wallet';
import { rewardsQueries } from './rewards-queries';
import { rewardsRepository } from './rewards.repository';
import { rewardsRoutes } from './rewards.routes';
import { rewardsServiceFactory, type RewardsDeps } from './rewards.service';

export type { RewardOffer, RewardRow } from './rewards.repository';
export { rewardWire, REWARD_SOURCE, type PaidPromotion, type RewardsService } from './rewards.service';
export type { RewardCostRow, RewardsQueries } from './rewards-queries';
export { REWARD_CLAIM_RATE_RULE } from './rewards.routes';

/**
 * The reward centre (issue 20, ADR 0036; owns rewards): rebates, manual rebates and VIP upgrade bonuses offered
 * exactly once per member and window by a business key, claimed by the member into cash or the bonus wallet.
 */
export const createRewardsModule = (deps: {
  db: Database;
  wallet: Pick<WalletService, 'memberAccount' | 'systemAccount' | 'post'>;
  bonus: Pick<BonusWalletService, 'grant'>;
  now: Clock;
  paidPromotions?: RewardsDeps['paidPromotions'];
  points?: RewardsDeps['points'];
}) => {
  const service = rewardsServiceFactory({ repo: rewardsRepository(deps.db), ...deps });
  const jobs: JobDefinition[] = [
    { name: 'rewards.expire', schedule: every(5, 'minutes'), run: async () => ({ expired: await service.expire() }) },
  ];
  return {
    service,
    /** Reads by kind: a programme's page and badge, the cost report (issue 21). */
    queries: rewardsQueries(deps.db),
    jobs,
    routes:
      (options: { auth: Pick<Auth, 'requireMember'>; merchantOf: MerchantResolver; limiter: RateLimiter }) =>
      async (app: FastifyInstance) =>
        rewardsRoutes(app, { service, ...options }),
  };
};

export type RewardsModule = ReturnType<typeof createRewardsModule>;
