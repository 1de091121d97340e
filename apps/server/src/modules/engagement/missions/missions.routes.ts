import type { FastifyInstance } from 'fastify';
import { MISSIONS_API, MISSIONS_OPS_API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { StaffAuth } from '../../operations/staff';
import { tooManyRequests, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import type { MissionsOps } from './missions.ops';
import type { MissionsService } from './missions.service';
import type { RacesService } from './races.service';

/** The caller's language (`language`, as promotions and raffles take it), else the merchant's default. */
const languageOf = (query: { language?: string | undefined }, merchant: { defaultLanguage: string }) =>
  (query.language ?? merchant.defaultLanguage).toUpperCase();

/** The summary reads play statistics for every mission: a page's refreshes, far above a person's pace. */
export const MISSIONS_READ_RATE_RULE: RateRule = { name: 'missions-read', limit: 60, periodMs: 60_000 };

export type MissionsRoutesOptions = {
  missions: Pick<MissionsService, 'summary'>;
  races: Pick<RacesService, 'leaderboard' | 'rankList'>;
  ops: MissionsOps;
  auth: Pick<Auth, 'requireMember'>;
  merchantOf: MerchantResolver;
  limiter: RateLimiter;
  staff: StaffAuth;
};

/**
 * The member centre's missionLeaderboard (spec §2, §7: mission summary and leaderboard, rank list) — the caller's own
 * missions only; rewards are claimed in the reward centre (API.rewards.claim) — and the back office's missions and
 * races (promotions.manage).
 */
export const missionsRoutes = async (app: FastifyInstance, options: MissionsRoutesOptions) => {
  const { missions, races, ops, auth, merchantOf, limiter, staff } = options;
  const limited = async (merchantId: number, memberId: bigint) => {
    const rate = await limiter.take(merchantId, MISSIONS_READ_RATE_RULE, memberId.toString());
    if (!rate.allowed) throw tooManyRequests('RATE_LIMITED', 'Too many requests; retry later', rate.retryAfterMs);
  };
  route(app, 'GET', MISSIONS_API.summary, {
    guard: auth.requireMember,
    handler: async ({ caller, query, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      await limited(caller.merchantId, caller.memberId);
      const merchant = await merchantOf(request);
      return missions.summary(merchant, caller.memberId, languageOf(query, merchant));
    },
  });
  route(app, 'GET', MISSIONS_API.leaderboard, {
    guard: auth.requireMember,
    handler: async ({ caller, query, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      await limited(caller.merchantId, caller.memberId);
      const merchant = await merchantOf(request);
      return races.leaderboard(merchant, caller.memberId, languageOf(query, merchant));
    },
  });
  route(app, 'GET', MISSIONS_API.rankList, {
    guard: auth.requireMember,
    handler: async ({ caller, params, query, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      await limited(caller.merchantId, caller.memberId);
      const merchant = await merchantOf(request);
      return races.rankList(merchant, BigInt(params.id), caller.memberId, languageOf(query, merchant));
    },
  });

  const guard = (request: Parameters<StaffAuth['requireStaff']>[0]) => staff.requireStaff(request, 'promotions.manage');
  route(app, 'GET', MISSIONS_OPS_API.missions, { guard, handler: async ({ caller }) => ops.missions(caller.merchant) });
  route(app, 'POST', MISSIONS_OPS_API.missions, {
    guard,
    what: { body: 'mission' },
    handler: async ({ caller, body }) => ops.createMission(caller, body),
  });
  route(app, 'POST', MISSIONS_OPS_API.missionStatus, {
    guard,
    handler: async ({ caller, params, body }) => ops.setMissionStatus(caller, BigInt(params.id), body.status),
  });
  route(app, 'GET', MISSIONS_OPS_API.report, { guard, handler: async ({ caller }) => ops.report(caller.merchant) });
  route(app, 'GET', MISSIONS_OPS_API.races, { guard, handler: async ({ caller }) => ops.races(caller.merchant) });
  route(app, 'POST', MISSIONS_OPS_API.races, {
    guard,
    what: { body: 'race' },
    handler: async ({ caller, body }) => ops.createRace(caller, body),
  });
  route(app, 'GET', MISSIONS_OPS_API.race, {
    guard,
    handler: async ({ caller, params }) => ops.race(caller.merchant, BigInt(params.id)),
  });
};
