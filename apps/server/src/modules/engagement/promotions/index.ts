import type { FastifyInstance } from 'fastify';
import { WHITELABEL_MODULES, type PromotionState } from '@platform/contracts';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { Auth, MerchantResolver } from '../../identity/identity';
import { recordAudit } from '../../operations/audit';
import type { StaffAuth } from '../../operations/staff';
import type { RateLimiter } from '../../platform/rate-limit';
import { isModuleEnabled, type Merchant, type MerchantService } from '../../platform/merchant';
import type { BonusWalletService } from '../bonus-wallet';
import { promotionsViewsFactory } from './promotions-costs';
import { bonusForfeitsFactory } from './promotions-forfeits';
import { forfeitsRepository } from './promotions-forfeits.repository';
import { manualGrantsFactory } from './promotions-manual-grants';
import { promotionsOpsRepository } from './promotions-ops.repository';
import { promotionsOpsServiceFactory } from './promotions-ops.service';
import { promotionsApplicationsFactory } from './promotions-applications';
import { promotionsCashbackFactory } from './promotions-cashback';
import { promotionGrantsOf } from './promotions-grants';
import { promotionsDepositFactory } from './promotions-deposit';
import { promotionsOpsRoutes } from './promotions-ops.routes';
import { promotionsRepository } from './promotions.repository';
import { promotionsRoutes } from './promotions.routes';
import { promotionsServiceFactory } from './promotions.service';

export type { PromotionRow } from './promotions.repository';
export type { PromotionsService } from './promotions.service';
export type { CashbackPromotion, CashbackTerms, PromotionsCashback } from './promotions-cashback';
export type { PromotionGrant } from './promotions-grants';

/**
 * Promotions (issue 20; owns promotions, promotion_claims, promotion_claim_images, bonus_manual_grants and
 * bonus_forfeit_requests): the member's list with the spec's
 * activity statuses and availablePromoCount, free-bonus claims, deposit bonuses (the deposit module's port) and
 * application promotions decided by staff, each paid through the bonus wallet; the back office's promotions and manual
 * bonus grants (maker-checker, ADR 0037).
 */
export const createPromotionsModule = (deps: {
  db: Database;
  bonus: Pick<BonusWalletService, 'grant' | 'active' | 'forfeit' | 'costByPromotion'>;
  now: Clock;
  /** The site flags: availablePromo.REFERRAL.enabled follows REFERRAL3. */
  whitelabelTree: MerchantService['whitelabelTree'];
  /** Spec §6: the referral entry also needs the programme's own setting (engagement/referral); absent: the flag alone. */
  referralEnabled?: (merchantId: number) => Promise<boolean>;
}) => {
  // A member's VIP level for VIP_LEVELS audiences: the VIP module is built later and plugs in with useVipLevels.
  const vip = { levelOf: async (_merchantId: number, _memberId: bigint): Promise<number> => 0 };
  const repo = promotionsRepository(deps.db, (merchantId, memberId) => vip.levelOf(merchantId, memberId));
  const opsRepo = promotionsOpsRepository(deps.db);
  const service = promotionsServiceFactory({ repo, bonus: deps.bonus, now: deps.now });
  const applications = promotionsApplicationsFactory({ repo, bonus: deps.bonus, now: deps.now, audit: recordAudit });
  const ops = promotionsOpsServiceFactory({ repo: opsRepo, insert: repo.insert, audit: recordAudit });
  const grants = manualGrantsFactory({ repo: opsRepo, bonus: deps.bonus, now: deps.now, audit: recordAudit });
  const forfeits = bonusForfeitsFactory({
    ...{ repo: forfeitsRepository(deps.db), members: opsRepo, bonus: deps.bonus },
    ...{ now: deps.now, audit: recordAudit },
  });
  const views = promotionsViewsFactory({ repo: opsRepo, service, bonus: deps.bonus, now: deps.now });
  const state = async (merchant: Merchant, memberId: bigint): Promise<PromotionState> => {
    const [list, tree, referral] = await Promise.all([
      service.list(merchant, memberId, merchant.defaultLanguage),
      deps.whitelabelTree(merchant.id),
      deps.referralEnabled?.(merchant.id) ?? true,
    ]);
    return {
      availablePromoCount: list.availablePromoCount,
      availablePromo: { REFERRAL: { enabled: isModuleEnabled(tree, WHITELABEL_MODULES.REFERRAL) && referral } },
    };
  };
  return {
    service,
    applications,
    /** The deposit module's port: deposit bonuses checked on the order and paid on the credit. */
    deposits: promotionsDepositFactory({ repo, bonus: deps.bonus, now: deps.now }),
    /** Creates a promotion (demo data and, later, the back office). */
    create: repo.insert,
    /** Cashback promotions, their terms and audiences, for the cashback job (engagement/cashback). */
    cashback: promotionsCashbackFactory({ db: deps.db, now: deps.now }),
    /** The member's paid promotion bonuses, newest first, for the reward centre's list. */
    grantsOf: (merchantId: number, memberId: bigint, limit: number) =>
      promotionGrantsOf(deps.db, merchantId, memberId, limit),
    /** Plugs in the VIP module's levels, which VIP_LEVELS audiences are decided on. */
    useVipLevels: (levelOf: (merchantId: number, memberId: bigint) => Promise<number>) => {
      vip.levelOf = levelOf;
    },
    routes:
      (options: {
        auth: Pick<Auth, 'requireMember'>;
        merchantOf: MerchantResolver;
        limiter: RateLimiter;
        staff: StaffAuth;
      }) =>
      async (app: FastifyInstance) => {
        await app.register(promotionsRoutes, { service, applications, state, ...options });
        await app.register(promotionsOpsRoutes, {
          ...{ applications, promotions: ops, grants, forfeits, views },
          staff: options.staff,
        });
      },
  };
};

export type PromotionsModule = ReturnType<typeof createPromotionsModule>;
