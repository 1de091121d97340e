import type { FastifyInstance } from 'fastify';
import { memberOpsActionsFactory } from './member-ops-actions.service';
import { memberOpsRoutes, type MemberOpsRoutesOptions } from './member-ops.routes';
import { memberOpsServiceFactory, type MemberOpsServiceDeps } from './member-ops.service';

export { HISTORY_COUNT_CAP, STAFF_RESET_LINK_TTL_MS } from './member-ops.service';
export type { MemberOpsService } from './member-ops.routes';

/**
 * Members and agents in the back office (issue 7): search, profile with balances and upline chain, login history,
 * account and betting records (the wallet's and bets' own services, for a member id), status changes, password resets
 * and notes. Members are identity's: reads and the status write go through its `memberStaff`, the other writes through
 * its staff actions, each recording its audit entry in the same transaction.
 */
export const createMemberOpsModule = (deps: MemberOpsServiceDeps) => {
  const service = { ...memberOpsServiceFactory(deps), ...memberOpsActionsFactory(deps) };
  return {
    service,
    routes: (options: Omit<MemberOpsRoutesOptions, 'service'>) => async (app: FastifyInstance) => {
      await app.register(memberOpsRoutes, { service, ...options });
    },
  };
};

export type MemberOpsModule = ReturnType<typeof createMemberOpsModule>;
