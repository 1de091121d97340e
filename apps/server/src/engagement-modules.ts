import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import type { BonusWalletService } from './modules/engagement/bonus-wallet';
import { createCashbackModule } from './modules/engagement/cashback';
import type { PromotionsModule } from './modules/engagement/promotions';
import { createRafflesModule } from './modules/engagement/raffles';
import { createPointsModule } from './modules/engagement/points';
import { createMissionsModule } from './modules/engagement/missions';
import { createRebateModule } from './modules/engagement/rebate';
import { createReferralModule } from './modules/engagement/referral';
import { createRewardsModule } from './modules/engagement/rewards';
import { createVipModule } from './modules/engagement/vip';
import type { PlayStatsModule } from './modules/games/play-stats';
import type { Auth, IdentityModule, MerchantResolver } from './modules/identity/identity';
import type { SealedService } from './modules/identity/sealed';
import type { WalletService } from './modules/money/wallet';
import type { StaffAuth } from './modules/operations/staff';
import type { JobScheduler } from './modules/platform/jobs';
import type { MerchantService } from './modules/platform/merchant';
import type { RateLimiter } from './modules/platform/rate-limit';

/** What the engagement modules (issues 20 and 21) are built from: platform-modules.ts hands them over. */
export type EngagementDeps = {
  db: Database;
  now: Clock;
  jobs: JobScheduler;
  merchants: MerchantService;
  bus: EventBus;
  limiter: RateLimiter;
  staff: StaffAuth;
  play: PlayStatsModule;
  auth: Auth;
  merchantOf: MerchantResolver;
  sealed: SealedService;
  wallet: WalletService;
  bonus: BonusWalletService;
  members: IdentityModule['directory'];
  promotions: Pick<PromotionsModule, 'cashback' | 'grantsOf'>;
};

/** A promotion's title in the member's language, else the merchant's default, else any. */
const titleIn = (title: Record<string, string>, language: string, fallback: string): string =>
  title[language] ?? title[fallback] ?? Object.values(title)[0] ?? '';

/**
 * The reward centre, VIP levels and rebates, and what builds on them (missions, races, referrals, raffles, the points
 * mall): each reads play statistics and pays through the reward centre. Modules meet here (STYLE.md: factories).
 */
export const registerEngagementModules = async (app: FastifyInstance, deps: EngagementDeps): Promise<void> => {
  const { db, now, merchants, play } = deps;
  const { wallet, bonus } = deps;
  const vipPort = { levelsOf: (m: number, ids: readonly bigint[]) => vip.service.levelsOf(m, ids) };
  const checkPaymentPassword = deps.members.checkPaymentPassword;
  const merchantById = (id: number) => merchants.byId(id);
  const points = createPointsModule({ db, now, wallet, bonus, checkPaymentPassword, play, vip: vipPort, merchantById });
  const rewards = createRewardsModule({
    ...{ db, now, wallet, bonus, points: points.service },
    paidPromotions: async (merchant, memberId, language, limit) =>
      (await deps.promotions.grantsOf(merchant.id, memberId, limit)).map((g) => ({
        ...g,
        memberId,
        title: titleIn(g.title, language, merchant.defaultLanguage),
      })),
  });
  const vip = createVipModule({ db, now, play, rewards: rewards.service, members: deps.members });
  const rebate = createRebateModule({ db, now, play, vip: vip.service, rewards: rewards.service, merchants });
  const cashback = createCashbackModule({
    ...{ now, play, vip: vip.service, rewards: rewards.service },
    promotions: deps.promotions.cashback,
  });
  const missions = createMissionsModule({
    db,
    now,
    bus: deps.bus,
    play,
    rewards: rewards.service,
    members: deps.members,
  });
  app.decorate('vip', vip.service);
  deps.jobs.register(...rewards.jobs, ...vip.jobs, ...rebate.jobs, ...cashback.jobs, ...points.jobs, ...missions.jobs);
  const memberApi = { auth: deps.auth, merchantOf: deps.merchantOf, limiter: deps.limiter };
  for (const module of [rewards, rebate]) await app.register(module.routes(memberApi));
  await app.register(vip.routes({ ...memberApi, staff: deps.staff }));
  // VIP_LEVELS audiences of promotions follow the members' levels.
  app.promotions.useVipLevels(
    async (merchantId, memberId) => (await vip.service.levelsOf(merchantId, [memberId])).get(memberId) ?? 0,
  );
  // Invite friends and raffles (issue 21): read play statistics and deposits, pay through the reward centre.
  const rewardsPort = { offer: rewards.service.offer, queries: rewards.queries };
  const referral = createReferralModule({ db, now, merchants, play, rewards: rewardsPort, bus: deps.bus });
  const raffles = createRafflesModule({ db, now, play, rewards: { ...rewards.service, ...rewardsPort } });
  deps.jobs.register(...referral.jobs, ...raffles.jobs);
  await app.register(referral.routes({ auth: deps.auth, merchantOf: deps.merchantOf, staff: deps.staff }));
  await app.register(raffles.routes({ ...memberApi, staff: deps.staff }));
  await app.register(points.routes({ ...memberApi, sealed: deps.sealed, staff: deps.staff }));
  await app.register(missions.routes({ ...memberApi, staff: deps.staff }));
};
