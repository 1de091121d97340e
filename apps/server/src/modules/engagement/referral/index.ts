import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import type { PlayStatsModule } from '../../games/play-stats';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { StaffAuth } from '../../operations/staff';
import type { JobDefinition } from '../../platform/jobs';
import type { MerchantService } from '../../platform/merchant';
import type { RewardOffer, RewardRow, RewardsQueries } from '../rewards';
import { referralRepository } from './referral.repository';
import { referralRoutes } from './referral.routes';
import { referralProgrammeFactory, referralServiceFactory } from './referral.service';

export { DEFAULT_REFERRAL_SETTINGS } from './referral.repository';
export { friendKey, shareKey, type ReferralService } from './referral.service';

/**
 * What registration and the public state need from invite friends, before the engagement modules exist
 * (platform-modules.ts): identity's ReferralPort, and whether the programme is on (site flag REFERRAL3 and the setting).
 */
export const createReferralProgramme = (deps: {
  db: Database;
  now: Clock;
  merchants: Pick<MerchantService, 'whitelabelTree'>;
}) => referralProgrammeFactory({ repo: referralRepository(deps.db), now: deps.now, merchants: deps.merchants });

/**
 * Invite friends (issue 21, ADR 0045; owns referral_settings, referral_codes and referral_friends): each member's code
 * and link, friends registered through it, their qualification from deposits and play statistics (job
 * `referral.qualify`), a reward per qualified friend and a daily share of their valid bet (job `referral.share`), paid
 * through the reward centre; the back office's settings and cost report.
 */
export const createReferralModule = (deps: {
  db: Database;
  now: Clock;
  merchants: Pick<MerchantService, 'whitelabelTree'>;
  play: Pick<PlayStatsModule, 'memberFigures'>;
  rewards: {
    offer: (merchantId: number, offer: RewardOffer) => Promise<{ reward: RewardRow; created: boolean }>;
    queries: RewardsQueries;
  };
  bus: Pick<EventBus, 'emit'>;
}) => {
  const service = referralServiceFactory({ ...deps, repo: referralRepository(deps.db) });
  const jobs: JobDefinition[] = [
    // After play statistics' rollup and the deposits that credit within minutes.
    { name: 'referral.qualify', schedule: '0 */5 * * * *', run: async ({ signal }) => service.qualify(signal) },
    // Hourly, after play statistics' hourly sweep (minute 7) took in late rounds: each closed day paid once by its key.
    { name: 'referral.share', schedule: '0 25 * * * *', run: async ({ signal }) => service.share(signal) },
  ];
  return {
    service,
    jobs,
    routes:
      (options: { auth: Pick<Auth, 'requireMember'>; merchantOf: MerchantResolver; staff: StaffAuth }) =>
      async (app: FastifyInstance) =>
        referralRoutes(app, { db: deps.db, now: deps.now, service, queries: deps.rewards.queries, ...options }),
  };
};

export type ReferralModule = ReturnType<typeof createReferralModule>;
