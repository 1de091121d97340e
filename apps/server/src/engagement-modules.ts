import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import type { BonusWalletService } from './modules/engagement/bonus-wallet';
import { createMissionsModule } from './modules/engagement/missions';
import { createRebateModule } from './modules/engagement/rebate';
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
};

/**
 * The reward centre, VIP levels and rebates, and what builds on them (missions, races, referrals, raffles, the points
 * mall): each reads play statistics and pays through the reward centre. Modules meet here (STYLE.md: factories).
 */
export const registerEngagementModules = async (app: FastifyInstance, deps: EngagementDeps): Promise<void> => {
  const { db, now, merchants, play } = deps;
  const rewards = createRewardsModule({ db, now, wallet: deps.wallet, bonus: deps.bonus });
  const vip = createVipModule({ db, now, play, rewards: rewards.service });
  const rebate = createRebateModule({ db, now, play, vip: vip.service, rewards: rewards.service, merchants });
  const missions = createMissionsModule({
    db,
    now,
    bus: deps.bus,
    play,
    rewards: rewards.service,
    members: deps.members,
  });
  app.decorate('vip', vip.service);
  deps.jobs.register(...rewards.jobs, ...vip.jobs, ...rebate.jobs, ...missions.jobs);
  const memberApi = { auth: deps.auth, merchantOf: deps.merchantOf, limiter: deps.limiter };
  for (const module of [rewards, rebate]) await app.register(module.routes(memberApi));
  await app.register(vip.routes(memberApi));
  await app.register(missions.routes({ ...memberApi, staff: deps.staff }));
};
