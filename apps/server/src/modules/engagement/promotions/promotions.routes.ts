import type { FastifyInstance } from 'fastify';
import { API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import { tooManyRequests, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import type { PromotionsService } from './promotions.service';

export type PromotionsRoutesOptions = {
  service: PromotionsService;
  auth: Pick<Auth, 'requireMember'>;
  merchantOf: MerchantResolver;
  limiter: RateLimiter;
};

/** Claims move money: a member gets a handful a minute, far above a person's pace. */
export const CLAIM_RATE_RULE: RateRule = { name: 'promotion-claim', limit: 10, periodMs: 60_000 };

/** The member centre's promotions and their claim (spec §2): the caller's own view and claims only. */
export const promotionsRoutes = async (app: FastifyInstance, options: PromotionsRoutesOptions) => {
  const { service, auth, merchantOf, limiter } = options;
  route(app, 'GET', API.promotions.list, {
    guard: auth.requireMember,
    handler: async ({ caller, query, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      const merchant = await merchantOf(request);
      return service.list(merchant, caller.memberId, (query.language ?? merchant.defaultLanguage).toUpperCase());
    },
  });

  route(app, 'POST', API.promotions.claim, {
    guard: auth.requireMember,
    handler: async ({ caller, params, request }) => {
      const rate = await limiter.take(caller.merchantId, CLAIM_RATE_RULE, caller.memberId.toString());
      if (!rate.allowed) throw tooManyRequests('RATE_LIMITED', 'Too many claims; retry later', rate.retryAfterMs);
      return service.claim(await merchantOf(request), caller.memberId, BigInt(params.id));
    },
  });
};
