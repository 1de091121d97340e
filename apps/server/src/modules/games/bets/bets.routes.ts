import type { FastifyInstance } from 'fastify';
import { API, isTrialType } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import { enforceLimits, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import type { BetsService } from './bets.service';
import type { JackpotsService } from './jackpots.service';

/**
 * The betting record sums a member's rounds of up to 90 days on every call: a member gets 60 reads a minute (the
 * web app reads on open, on filter changes and on paging), far above a person's pace and far below a script's.
 */
export const BET_RECORD_RULE: RateRule = { name: 'bet-record', limit: 60, periodMs: 60_000 };

export type BetsRoutesOptions = {
  bets: BetsService;
  jackpots: JackpotsService;
  auth: Pick<Auth, 'requireSession' | 'optionalSession'>;
  merchantOf: MerchantResolver;
  limiter: RateLimiter;
};

/** Betting record (T; trial members see their play-money rounds) and the lobby's jackpot pools (public). */
export const betsRoutes = async (app: FastifyInstance, options: BetsRoutesOptions) => {
  const { bets, jackpots, auth, merchantOf, limiter } = options;

  route(app, 'GET', API.game.bets, {
    guard: auth.requireSession,
    what: { query: 'betting record query' },
    handler: async ({ caller: session, query, request, reply }) => {
      const merchant = await merchantOf(request);
      await enforceLimits(limiter, merchant.id, [[BET_RECORD_RULE, session.memberId.toString()]]);
      void reply.header('cache-control', 'no-store');
      return bets.list(merchant, session, query);
    },
  });

  route(app, 'GET', API.game.betDetail, {
    guard: auth.requireSession,
    what: { params: 'round' },
    handler: async ({ caller: session, params, query, request, reply }) => {
      const merchant = await merchantOf(request);
      void reply.header('cache-control', 'no-store');
      return bets.detail(merchant, session, { ...params, ...query });
    },
  });

  // Public, but a trial member also sees the play-money pools: the answer depends on the session (no shared cache).
  route(app, 'GET', API.game.jackpots, {
    handler: async ({ request }) => {
      const [merchant, session] = await Promise.all([merchantOf(request), auth.optionalSession(request)]);
      return jackpots.pools(merchant, session !== null && isTrialType(session.type));
    },
  });
};
