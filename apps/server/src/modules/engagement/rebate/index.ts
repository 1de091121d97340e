import type { FastifyInstance } from 'fastify';
import { API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { JobDefinition } from '../../platform/jobs';
import { tooManyRequests, type RateLimiter } from '../../platform/rate-limit';
import { rewardWire, REWARD_CLAIM_RATE_RULE } from '../rewards';
import { rebateServiceFactory, type RebateDeps } from './rebate.service';

export { dailyKey, manualKey, type RebateService } from './rebate.service';

/**
 * Rebates (issue 20, ADR 0036; owns no table): the daily job that offers each closed window's rebate in the reward
 * centre, and the manual rebate (manualRebate page, MANPLAYREB3). Rates live on the VIP levels (engagement/vip), the
 * figures in play statistics, the money in the reward centre (engagement/rewards).
 */
export const createRebateModule = (deps: RebateDeps) => {
  const service = rebateServiceFactory(deps);
  const jobs: JobDefinition[] = [
    // Hourly, after play statistics' hourly sweep (minute 7) has taken in the rounds that came late.
    { name: 'rebate.daily', schedule: '0 20 * * * *', run: async ({ signal }) => service.runDaily(signal) },
  ];
  return {
    service,
    jobs,
    routes:
      (options: { auth: Pick<Auth, 'requireMember'>; merchantOf: MerchantResolver; limiter: RateLimiter }) =>
      async (app: FastifyInstance) => {
        const { auth, merchantOf, limiter } = options;
        route(app, 'GET', API.rebate.manual, {
          guard: auth.requireMember,
          handler: async ({ caller, request, reply }) => {
            void reply.header('cache-control', 'no-store');
            return service.manual(await merchantOf(request), caller.memberId);
          },
        });
        route(app, 'POST', API.rebate.manualClaim, {
          guard: auth.requireMember,
          handler: async ({ caller, request }) => {
            const rate = await limiter.take(caller.merchantId, REWARD_CLAIM_RATE_RULE, caller.memberId.toString());
            if (!rate.allowed) throw tooManyRequests('RATE_LIMITED', 'Too many claims; retry later', rate.retryAfterMs);
            const merchant = await merchantOf(request);
            return rewardWire(await service.claimManual(merchant, caller.memberId), merchant.currencyScale);
          },
        });
      },
  };
};

export type RebateModule = ReturnType<typeof createRebateModule>;
