import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import { maskName } from '../../content/content';
import type { PlayStatsModule } from '../../games/play-stats';
import type { Auth, IdentityModule, MerchantResolver } from '../../identity/identity';
import { recordAudit } from '../../operations/audit';
import type { StaffAuth } from '../../operations/staff';
import { every, type JobDefinition } from '../../platform/jobs';
import type { RateLimiter } from '../../platform/rate-limit';
import type { RewardsService } from '../rewards';
import { missionsOpsFactory } from './missions.ops';
import { missionsRepository } from './missions.repository';
import { missionsRoutes } from './missions.routes';
import { missionsServiceFactory } from './missions.service';
import { racesServiceFactory } from './races.service';

export { missionKey, longestStreak, MISSION_REWARD_EXPIRY_DAYS, type MissionsService } from './missions.service';
export { raceKey, RACE_SETTLE_DELAY_MS, type RacesService } from './races.service';
export { MISSIONS_READ_RATE_RULE } from './missions.routes';

export type MissionsModuleDeps = {
  db: Database;
  now: Clock;
  bus: EventBus;
  play: Pick<PlayStatsModule, 'validBetByGameType' | 'memberProfit' | 'rankings'>;
  rewards: Pick<RewardsService, 'offer' | 'byKey' | 'costs'>;
  members: Pick<IdentityModule['directory'], 'byId' | 'loginDays'>;
};

/**
 * Missions and races (issue 21, ADR 0044; owns missions, mission_events, races, race_results): daily, weekly and
 * one-off missions measured from play statistics and bus events, races ranked from play statistics' journal, both
 * paid through the reward centre (kinds MISSION and RACE). Jobs: `missions.evaluate`, `races.settle`.
 */
export const createMissionsModule = (deps: MissionsModuleDeps) => {
  const { db, now, bus, play, rewards } = deps;
  const missions = missionsServiceFactory({
    ...{ repo: missionsRepository(db), now, play, rewards },
    logins: deps.members.loginDays,
  });
  const usernames = async (merchantId: number, ids: readonly bigint[]) => {
    const unique = [...new Set(ids)];
    const rows = await Promise.all(unique.map((id) => deps.members.byId(merchantId, id)));
    return new Map(unique.map((id, i) => [id, rows[i]?.username ?? ''] as const));
  };
  const races = racesServiceFactory({ db, now, rankings: play.rankings, rewards, usernames, mask: maskName });
  const ops = missionsOpsFactory({ db, now, races, audit: recordAudit, costs: rewards.costs });

  // Deposits credited, withdrawals paid and qualified friends count towards missions, each once by its reference.
  bus.on('cashier.order', async ({ merchantId, memberId, kind, orderNo, status, amountMinor }) => {
    if (kind === 'deposit' && (status === 'PAID' || status === 'APPROVED')) {
      await missions.record(merchantId, { metric: 'DEPOSIT', ref: orderNo, memberId, amountMinor: amountMinor ?? 0n });
    } else if (kind === 'withdrawal' && status === 'APPROVED') {
      await missions.record(merchantId, { metric: 'WITHDRAWAL', ref: orderNo, memberId, amountMinor: 0n });
    }
  });
  bus.on('referral.qualified', async ({ merchantId, memberId, friendId }) => {
    await missions.record(merchantId, { metric: 'FRIEND', ref: friendId.toString(), memberId, amountMinor: 0n });
  });

  const jobs: JobDefinition[] = [
    { name: 'missions.evaluate', schedule: every(10, 'minutes'), run: async ({ signal }) => missions.evaluate(signal) },
    { name: 'races.settle', schedule: every(1, 'minutes'), run: async ({ signal }) => races.settle(signal) },
  ];
  return {
    missions,
    races,
    jobs,
    routes:
      (options: {
        auth: Pick<Auth, 'requireMember'>;
        merchantOf: MerchantResolver;
        limiter: RateLimiter;
        staff: StaffAuth;
      }) =>
      async (app: FastifyInstance) =>
        missionsRoutes(app, { missions, races, ops, ...options }),
  };
};
export type MissionsModule = ReturnType<typeof createMissionsModule>;
