import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { RateLimiter } from '../../platform/rate-limit';
import type { BonusWalletService } from '../bonus-wallet';
import { promotionsDepositFactory } from './promotions-deposit';
import { promotionsRepository } from './promotions.repository';
import { promotionsRoutes } from './promotions.routes';
import { promotionsServiceFactory } from './promotions.service';

export type { PromotionRow } from './promotions.repository';
export type { PromotionsService } from './promotions.service';

/**
 * Promotions (issue 20; owns promotions and promotion_claims): the member's list with the spec's activity statuses and
 * availablePromoCount, and the claim of a free bonus, paid through the bonus wallet.
 */
export const createPromotionsModule = (deps: {
  db: Database;
  bonus: Pick<BonusWalletService, 'grant' | 'active'>;
  now: Clock;
}) => {
  const repo = promotionsRepository(deps.db);
  const service = promotionsServiceFactory({ repo, bonus: deps.bonus, now: deps.now });
  return {
    service,
    /** The deposit module's port: deposit bonuses checked on the order and paid on the credit. */
    deposits: promotionsDepositFactory({ repo, bonus: deps.bonus, now: deps.now }),
    /** Creates a promotion (demo data and, later, the back office). */
    create: repo.insert,
    routes:
      (options: { auth: Pick<Auth, 'requireMember'>; merchantOf: MerchantResolver; limiter: RateLimiter }) =>
      async (app: FastifyInstance) =>
        promotionsRoutes(app, { service, ...options }),
  };
};

export type PromotionsModule = ReturnType<typeof createPromotionsModule>;
