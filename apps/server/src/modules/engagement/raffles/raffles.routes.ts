import type { FastifyInstance } from 'fastify';
import { REFERRAL_API, REFERRAL_OPS_API, USER_TYPE } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { StaffAuth } from '../../operations/staff';
import { tooManyRequests, type RateLimiter } from '../../platform/rate-limit';
import { REWARD_CLAIM_RATE_RULE, rewardWire } from '../rewards';
import type { RafflesService } from './raffles.service';

/** The raffle page and its claim (spec §7), the published proof, and the back office's raffles (issue 21). */
export const rafflesRoutes = async (
  app: FastifyInstance,
  options: {
    service: RafflesService;
    auth: Pick<Auth, 'requireMember' | 'optionalSession'>;
    merchantOf: MerchantResolver;
    limiter: RateLimiter;
    staff: StaffAuth;
  },
) => {
  const { service, auth, merchantOf, limiter, staff } = options;
  route(app, 'GET', REFERRAL_API.raffles, {
    guard: auth.optionalSession,
    handler: async ({ caller, query, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      const merchant = await merchantOf(request);
      const language = (query.language ?? merchant.defaultLanguage).toUpperCase();
      const memberId = caller === null || caller.type === USER_TYPE.TRIAL ? null : caller.memberId;
      return service.list(merchant, memberId, language);
    },
  });

  route(app, 'GET', REFERRAL_API.raffleProof, {
    handler: async ({ params, request }) => service.proof(await merchantOf(request), BigInt(params.id)),
  });

  route(app, 'POST', REFERRAL_API.raffleClaim, {
    guard: auth.requireMember,
    handler: async ({ caller, params, request }) => {
      const rate = await limiter.take(caller.merchantId, REWARD_CLAIM_RATE_RULE, caller.memberId.toString());
      if (!rate.allowed) throw tooManyRequests('RATE_LIMITED', 'Too many claims; retry later', rate.retryAfterMs);
      const merchant = await merchantOf(request);
      const claimed = await service.claim(merchant, caller.memberId, BigInt(params.id));
      return { claimed: claimed.map((r) => rewardWire(r, merchant.currencyScale)) };
    },
  });

  const guard = (request: Parameters<StaffAuth['requireStaff']>[0]) => staff.requireStaff(request, 'promotions.manage');
  route(app, 'GET', REFERRAL_OPS_API.raffles, {
    guard,
    handler: async ({ caller }) => service.opsList(caller.merchant),
  });
  route(app, 'POST', REFERRAL_OPS_API.raffles, {
    guard,
    what: { body: 'raffle' },
    handler: async ({ caller, body }) => service.create(caller, body),
  });
  route(app, 'POST', REFERRAL_OPS_API.raffleCancel, {
    guard,
    handler: async ({ caller, params }) => service.cancel(caller, BigInt(params.id)),
  });
};
