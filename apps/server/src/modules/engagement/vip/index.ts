import type { FastifyInstance } from 'fastify';
import { API } from '@platform/contracts';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import { every, type JobDefinition } from '../../platform/jobs';
import { vipBirthdayFactory } from './vip-benefits';
import { recordAudit } from '../../operations/audit';
import type { StaffAuth } from '../../operations/staff';
import { vipOpsRoutes } from './vip-ops';
import { vipRepository } from './vip.repository';
import { vipServiceFactory, type VipDeps } from './vip.service';

export type { VipLevelInput, VipLevelRow, VipUpgradeBasis } from './vip.repository';
export { birthdayKey, vipWithdrawLimits } from './vip-benefits';
export { HOUSE_EDGE_BP, houseEdgeBp, VIP_GRACE_DAYS, VIP_WINDOW_DAYS, type VipService } from './vip.service';

/**
 * VIP levels (issue 20, ADR 0035; owns vip_levels and vip_members): a member's level from its valid bet over a rolling
 * window (play statistics), evaluated by the `vip.evaluate` job, with upgrade bonuses offered in the reward centre
 * once per level, the birthday bonus once a year (`vip.birthday`), and the daily withdrawal limits the withdraw module
 * asks through `vipWithdrawLimits`; the levels carry the rebate rates the rebate module pays.
 */
export const createVipModule = (
  deps: Omit<VipDeps, 'repo'> & {
    db: Database;
    now: Clock;
    /** Identity's birthdays (read only): the birthday bonus. */
    members: { birthdaysOn: (merchantId: number, day: string) => Promise<bigint[]> };
  },
) => {
  const repo = vipRepository(deps.db);
  const service = vipServiceFactory({ ...deps, repo });
  const birthday = vipBirthdayFactory({ repo, members: deps.members, rewards: deps.rewards, now: deps.now });
  const jobs: JobDefinition[] = [
    { name: 'vip.evaluate', schedule: every(5, 'minutes'), run: async ({ signal }) => service.evaluate(signal) },
    // Hourly: a merchant's day begins at its own midnight, and a missed run is made up within the day.
    { name: 'vip.birthday', schedule: '0 30 * * * *', run: async ({ signal }) => birthday.run(signal) },
  ];
  return {
    service,
    jobs,
    routes:
      (options: { auth: Pick<Auth, 'requireMember'>; merchantOf: MerchantResolver; staff: StaffAuth }) =>
      async (app: FastifyInstance) => {
        await app.register(vipOpsRoutes, { db: deps.db, service, staff: options.staff, audit: recordAudit });
        route(app, 'GET', API.vip.state, {
          guard: options.auth.requireMember,
          handler: async ({ caller, query, request, reply }) => {
            void reply.header('cache-control', 'no-store');
            const merchant = await options.merchantOf(request);
            const language = (query.language ?? merchant.defaultLanguage).toUpperCase();
            return service.state(merchant, caller.memberId, language);
          },
        });
      },
  };
};

export type VipModule = ReturnType<typeof createVipModule>;
