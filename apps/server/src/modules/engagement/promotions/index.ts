import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { Auth, MerchantResolver } from '../../identity/identity';
import { recordAudit } from '../../operations/audit';
import type { StaffAuth } from '../../operations/staff';
import type { RateLimiter } from '../../platform/rate-limit';
import type { BonusWalletService } from '../bonus-wallet';
import { promotionsApplicationsFactory } from './promotions-applications';
import { promotionsDepositFactory } from './promotions-deposit';
import { promotionsOpsRoutes } from './promotions-ops.routes';
import { promotionsRepository } from './promotions.repository';
import { promotionsRoutes } from './promotions.routes';
import { promotionsServiceFactory } from './promotions.service';

export type { PromotionRow } from './promotions.repository';
export type { PromotionsService } from './promotions.service';

/**
 * Promotions (issue 20; owns promotions, promotion_claims and promotion_claim_images): the member's list with the spec's
 * activity statuses and availablePromoCount, free-bonus claims, deposit bonuses (the deposit module's port) and
 * application promotions decided by staff, each paid through the bonus wallet.
 */
export const createPromotionsModule = (deps: {
  db: Database;
  bonus: Pick<BonusWalletService, 'grant' | 'active'>;
  now: Clock;
}) => {
  const repo = promotionsRepository(deps.db);
  const service = promotionsServiceFactory({ repo, bonus: deps.bonus, now: deps.now });
  const applications = promotionsApplicationsFactory({ repo, bonus: deps.bonus, now: deps.now, audit: recordAudit });
  return {
    service,
    applications,
    /** The deposit module's port: deposit bonuses checked on the order and paid on the credit. */
    deposits: promotionsDepositFactory({ repo, bonus: deps.bonus, now: deps.now }),
    /** Creates a promotion (demo data and, later, the back office). */
    create: repo.insert,
    routes:
      (options: {
        auth: Pick<Auth, 'requireMember'>;
        merchantOf: MerchantResolver;
        limiter: RateLimiter;
        staff: StaffAuth;
      }) =>
      async (app: FastifyInstance) => {
        await app.register(promotionsRoutes, { service, applications, ...options });
        await app.register(promotionsOpsRoutes, { applications, staff: options.staff });
      },
  };
};

export type PromotionsModule = ReturnType<typeof createPromotionsModule>;
