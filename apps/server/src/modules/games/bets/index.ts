import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { Merchant, MerchantLanguage } from '../../platform/merchant';
import type { RateLimiter } from '../../platform/rate-limit';
import { betsRepository } from './bets.repository';
import { betsRoutes } from './bets.routes';
import { betsServiceFactory } from './bets.service';
import { jackpotRepository } from './jackpots.repository';
import { jackpotsServiceFactory } from './jackpots.service';
import { startWinnerFeed } from './winner-feed';
import { winnersRepository } from './winners.repository';

export { BET_RECORD_RULE } from './bets.routes';
export { BETS_COUNT_CAP, replayUrlOf, type BetsService } from './bets.service';
export { JACKPOT_CACHE_TTL_MS, JACKPOT_TIMEOUT_MS, type JackpotsService } from './jackpots.service';
export { isBoardWin, WINNER_BIG_WIN_UNITS, WINNER_MULTIPLIER, WINNER_MULTIPLIER_MIN_UNITS } from './winner-feed';

export type BetsModuleDeps = {
  db: Database;
  now: Clock;
  bus: EventBus;
  limiter: RateLimiter;
  merchantById: (merchantId: number) => Promise<Merchant>;
  languages: (merchantId: number) => Promise<MerchantLanguage[]>;
  /** The content module's winner-board cache drop. */
  invalidateBoard: (merchantId: number) => void;
  /** The platform's own address once listening (relative vendor api_urls resolve against it). */
  selfUrl: () => string | undefined;
  log: { warn: (detail: object, message: string) => void; info: (detail: object, message: string) => void };
  jackpotTimeoutMs?: number;
};

/**
 * Issue 6's member-facing game records: the betting record (rounds written by the vendor protocols), the winner board
 * fed by settled rounds, and the lobby's jackpot pools read from the vendors.
 */
export const createBetsModule = (deps: BetsModuleDeps) => {
  const bets = betsServiceFactory({ repository: betsRepository(deps.db), languages: deps.languages, now: deps.now });
  const jackpots = jackpotsServiceFactory({
    ...{ repository: jackpotRepository(deps.db), selfUrl: deps.selfUrl, now: deps.now, log: deps.log },
    timeoutMs: deps.jackpotTimeoutMs,
  });
  const winnerFeed = startWinnerFeed({
    ...{ bus: deps.bus, repository: winnersRepository(deps.db), now: deps.now },
    merchantById: deps.merchantById,
    invalidateBoard: deps.invalidateBoard,
  });
  return {
    bets,
    jackpots,
    winnerFeed,
    routes:
      (options: { auth: Pick<Auth, 'requireSession' | 'optionalSession'>; merchantOf: MerchantResolver }) =>
      async (app: FastifyInstance) => {
        await app.register(betsRoutes, { bets, jackpots, limiter: deps.limiter, ...options });
      },
  };
};

export type BetsModule = ReturnType<typeof createBetsModule>;
