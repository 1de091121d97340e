import type { FastifyInstance } from 'fastify';
import {
  API,
  BetDetailQuerySchema,
  BetRecordPageSchema,
  BetRecordQuerySchema,
  BetRoundDetailSchema,
  BetRoundParamsSchema,
  isTrialType,
  JackpotPoolsSchema,
} from '@platform/contracts';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { Auth, MerchantResolver } from '../identity';
import { enforceLimits, type RateLimiter, type RateRule } from '../rate-limit';
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

  app.get(API.game.bets, async (request, reply) => {
    const session = await auth.requireSession(request);
    const query = parseInput(BetRecordQuerySchema, request.query, 'betting record query');
    const merchant = await merchantOf(request);
    await enforceLimits(limiter, merchant.id, [[BET_RECORD_RULE, session.memberId.toString()]]);
    void reply.header('cache-control', 'no-store');
    return success(BetRecordPageSchema, await bets.list(merchant, session, query));
  });

  app.get(API.game.betDetail, async (request, reply) => {
    const session = await auth.requireSession(request);
    const params = parseInput(BetRoundParamsSchema, request.params, 'round');
    const query = parseInput(BetDetailQuerySchema, request.query, 'query');
    const merchant = await merchantOf(request);
    void reply.header('cache-control', 'no-store');
    return success(BetRoundDetailSchema, await bets.detail(merchant, session, { ...params, ...query }));
  });

  // Public, but a trial member also sees the play-money pools: the answer depends on the session (no shared cache).
  app.get(API.game.jackpots, async (request) => {
    const [merchant, session] = await Promise.all([merchantOf(request), auth.optionalSession(request)]);
    const trial = session !== null && isTrialType(session.type);
    return success(JackpotPoolsSchema, await jackpots.pools(merchant, trial));
  });
};
