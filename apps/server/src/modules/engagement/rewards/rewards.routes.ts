import type { FastifyInstance } from 'fastify';
import { API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import { tooManyRequests, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import { rewardWire, type RewardsService } from './rewards.service';

export type RewardsRoutesOptions = {
  service: Pick<RewardsService, 'list' | 'claim'>;
  auth: Pick<Auth, 'requireMember'>;
  merchantOf: MerchantResolver;
  limiter: RateLimiter;
};

/** Claims move money: a handful a minute, far above a person's pace. */
export const REWARD_CLAIM_RATE_RULE: RateRule = { name: 'reward-claim', limit: 20, periodMs: 60_000 };

/** The member centre's rewardCenter (spec §2): the caller's own rewards and claims only. */
export const rewardsRoutes = async (app: FastifyInstance, options: RewardsRoutesOptions) => {
  const { service, auth, merchantOf, limiter } = options;
  route(app, 'GET', API.rewards.list, {
    guard: auth.requireMember,
    handler: async ({ caller, query, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      const merchant = await merchantOf(request);
      const language = (query.language ?? merchant.defaultLanguage).toUpperCase();
      const { list, pendingCount } = await service.list(merchant, caller.memberId, language);
      return { list: list.map((row) => rewardWire(row, merchant.currencyScale)), pendingCount };
    },
  });

  route(app, 'POST', API.rewards.claim, {
    guard: auth.requireMember,
    handler: async ({ caller, params, request }) => {
      const rate = await limiter.take(caller.merchantId, REWARD_CLAIM_RATE_RULE, caller.memberId.toString());
      if (!rate.allowed) throw tooManyRequests('RATE_LIMITED', 'Too many claims; retry later', rate.retryAfterMs);
      const merchant = await merchantOf(request);
      const reward = await service.claim(merchant, caller.memberId, BigInt(params.id));
      return rewardWire(reward, merchant.currencyScale);
    },
  });
};
