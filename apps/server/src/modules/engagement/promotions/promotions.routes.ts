import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  API,
  PROMOTION_IMAGE_MAX_BYTES,
  PROMOTION_IMAGE_MAX_FILES,
  PromotionApplyFieldsSchema,
  type PromotionState,
} from '@platform/contracts';
import { readImageForm } from '../../../lib/uploaded-image';
import { route } from '../../../lib/route';
import { assertStorable } from '../../../lib/storable-input';
import { parseInput } from '../../../lib/validate';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { Merchant } from '../../platform/merchant';
import { tooManyRequests, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import type { PromotionsApplications } from './promotions-applications';
import type { PromotionsService } from './promotions.service';

export type PromotionsRoutesOptions = {
  service: PromotionsService;
  applications: Pick<PromotionsApplications, 'apply'>;
  /** The public state's promotion part (spec §3 availablePromoCount, availablePromo). */
  state: (merchant: Merchant, memberId: bigint) => Promise<PromotionState>;
  auth: Pick<Auth, 'requireMember'>;
  merchantOf: MerchantResolver;
  limiter: RateLimiter;
};

/** Claims move money: a member gets a handful a minute, far above a person's pace. */
export const CLAIM_RATE_RULE: RateRule = { name: 'promotion-claim', limit: 10, periodMs: 60_000 };

/** The member centre's promotions and their claim (spec §2): the caller's own view and claims only. */
export const promotionsRoutes = async (app: FastifyInstance, options: PromotionsRoutesOptions) => {
  const { service, applications, state, auth, merchantOf, limiter } = options;
  // One more file than allowed is read, so that a fourth image is answered TOO_MANY_FILES rather than dropped.
  await app.register(multipart, {
    limits: {
      fileSize: PROMOTION_IMAGE_MAX_BYTES,
      files: PROMOTION_IMAGE_MAX_FILES + 1,
      fields: 3,
      fieldSize: 2_000,
      parts: 8,
    },
  });
  route(app, 'GET', API.promotions.list, {
    guard: auth.requireMember,
    handler: async ({ caller, query, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      const merchant = await merchantOf(request);
      return service.list(merchant, caller.memberId, (query.language ?? merchant.defaultLanguage).toUpperCase());
    },
  });

  route(app, 'GET', API.promotions.state, {
    guard: auth.requireMember,
    handler: async ({ caller, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      return state(await merchantOf(request), caller.memberId);
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

  route(app, 'POST', API.promotions.apply, {
    guard: auth.requireMember,
    handler: async ({ caller, params, request }) => {
      const rate = await limiter.take(caller.merchantId, CLAIM_RATE_RULE, caller.memberId.toString());
      if (!rate.allowed) throw tooManyRequests('RATE_LIMITED', 'Too many claims; retry later', rate.retryAfterMs);
      const merchant = await merchantOf(request);
      // Everything is read and checked before anything is written: a refused upload leaves nothing behind.
      const { fields, images } = await readImageForm(request, PROMOTION_IMAGE_MAX_FILES, PROMOTION_IMAGE_MAX_BYTES);
      assertStorable(fields, 'application');
      const { comment } = parseInput(PromotionApplyFieldsSchema, fields, 'application');
      return applications.apply(merchant, caller.memberId, BigInt(params.id), comment, images);
    },
  });
};
