import type { FastifyInstance } from 'fastify';
import { memberOpsRoutes, type MemberOpsRoutesOptions } from './member-ops.routes';
import { memberOpsServiceFactory, type MemberOpsServiceDeps } from './member-ops.service';

export { HISTORY_COUNT_CAP, STAFF_RESET_LINK_TTL_MS, type MemberOpsService } from './member-ops.service';

/**
 * Members and agents in the back office (issue 7): search, profile with balances and upline chain, login history,
 * account and betting records (the wallet's and bets' own services, for a member id), status changes, password resets
 * and notes. Writes go through identity's staff actions and record their audit entry in the same transaction.
 */
export const createMemberOpsModule = (deps: MemberOpsServiceDeps) => {
  const service = memberOpsServiceFactory(deps);
  return {
    service,
    routes: (options: Omit<MemberOpsRoutesOptions, 'service'>) => async (app: FastifyInstance) => {
      await app.register(memberOpsRoutes, { service, ...options });
    },
  };
};

export type MemberOpsModule = ReturnType<typeof createMemberOpsModule>;
