import type { FastifyInstance } from 'fastify';
import { POINTS_API, POINTS_OPS_API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { SealedService } from '../../identity/sealed';
import type { StaffAuth } from '../../operations/staff';
import { tooManyRequests, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import type { PointsOpsService } from './points-ops.service';
import type { PointsService } from './points.service';

/** Redeeming and converting check the payment password and move points: a handful a minute, far above a person's pace. */
export const POINTS_SPEND_RATE_RULE: RateRule = { name: 'points-spend', limit: 20, periodMs: 60_000 };

export type PointsRoutesOptions = {
  service: PointsService;
  auth: Pick<Auth, 'requireMember'>;
  merchantOf: MerchantResolver;
  limiter: RateLimiter;
  sealed: Pick<SealedService, 'open'>;
};

/** The member's points calls (spec §7 Points): the caller's own balance, redemptions and ledger only. */
export const pointsRoutes = async (app: FastifyInstance, options: PointsRoutesOptions) => {
  const { service, auth, merchantOf, limiter, sealed } = options;
  const limit = async (merchantId: number, memberId: bigint) => {
    const rate = await limiter.take(merchantId, POINTS_SPEND_RATE_RULE, memberId.toString());
    if (!rate.allowed) throw tooManyRequests('RATE_LIMITED', 'Too many requests; retry later', rate.retryAfterMs);
  };

  route(app, 'GET', POINTS_API.balance, {
    guard: auth.requireMember,
    handler: async ({ caller, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      return service.balance(await merchantOf(request), caller.memberId);
    },
  });
  route(app, 'GET', POINTS_API.items, {
    guard: auth.requireMember,
    handler: async ({ query, request }) => {
      const merchant = await merchantOf(request);
      return service.items(merchant, (query.language ?? merchant.defaultLanguage).toUpperCase());
    },
  });
  route(app, 'GET', POINTS_API.config, {
    guard: auth.requireMember,
    handler: async ({ request }) => service.config(await merchantOf(request)),
  });
  route(app, 'GET', POINTS_API.redeems, {
    guard: auth.requireMember,
    handler: async ({ caller, query, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      const merchant = await merchantOf(request);
      return service.redeems(merchant, caller.memberId, (query.language ?? merchant.defaultLanguage).toUpperCase());
    },
  });
  route(app, 'GET', POINTS_API.transactions, {
    guard: auth.requireMember,
    handler: async ({ caller, request, query, reply }) => {
      void reply.header('cache-control', 'no-store');
      return service.transactions(await merchantOf(request), caller.memberId, query);
    },
  });
  route(app, 'POST', POINTS_API.redeem, {
    guard: auth.requireMember,
    handler: async ({ caller, request, descriptor }) => {
      await limit(caller.merchantId, caller.memberId);
      const body = await sealed.open(caller.merchantId, request.body, descriptor.body, 'points redeem');
      return service.redeem(await merchantOf(request), caller, body);
    },
  });
  route(app, 'POST', POINTS_API.convert, {
    guard: auth.requireMember,
    handler: async ({ caller, request, descriptor }) => {
      await limit(caller.merchantId, caller.memberId);
      const body = await sealed.open(caller.merchantId, request.body, descriptor.body, 'points convert');
      return service.convert(await merchantOf(request), caller, body);
    },
  });
};

/** The back office's mall (STAFF_ENDPOINTS: promotions.manage; the cost report reports.view). */
export const pointsOpsRoutes = async (app: FastifyInstance, options: { ops: PointsOpsService; staff: StaffAuth }) => {
  const { ops, staff } = options;
  type Request = Parameters<StaffAuth['requireStaff']>[0];
  const guard = (request: Request) => staff.requireStaff(request, 'promotions.manage');

  route(app, 'GET', POINTS_OPS_API.items, { guard, handler: async ({ caller }) => ops.items(caller) });
  route(app, 'POST', POINTS_OPS_API.items, {
    guard,
    what: { body: 'mall item' },
    handler: async ({ caller, body }) => ops.createItem(caller, body),
  });
  route(app, 'PUT', POINTS_OPS_API.item, {
    guard,
    what: { body: 'mall item' },
    handler: async ({ caller, params, body }) => ops.updateItem(caller, BigInt(params.id), body),
  });
  route(app, 'GET', POINTS_OPS_API.settings, { guard, handler: async ({ caller }) => ops.settings(caller) });
  route(app, 'PUT', POINTS_OPS_API.settings, {
    guard,
    what: { body: 'points settings' },
    handler: async ({ caller, body }) => ops.saveSettings(caller, body),
  });
  route(app, 'GET', POINTS_OPS_API.redemptions, {
    guard,
    handler: async ({ caller, query }) => ops.redemptions(caller, query.status ?? null),
  });
  route(app, 'POST', POINTS_OPS_API.redemptionApprove, {
    guard,
    handler: async ({ caller, params }) => ops.approve(caller, BigInt(params.id)),
  });
  route(app, 'POST', POINTS_OPS_API.redemptionReject, {
    guard,
    handler: async ({ caller, params, body }) => ops.reject(caller, BigInt(params.id), body.reason),
  });
  route(app, 'GET', POINTS_OPS_API.report, {
    guard: (request: Request) => staff.requireStaff(request, 'reports.view'),
    handler: async ({ caller }) => ops.report(caller),
  });
};
