import type { FastifyInstance } from 'fastify';
import type { StaffAuth } from '../../operations/staff';
import { agentOpsRoutes } from './agent-ops.routes';
import { agentOpsServiceFactory, type AgentOpsDeps } from './agent-ops.service';

export type { AgentOpsDeps, AgentOpsService } from './agent-ops.service';

/**
 * The back office's agent screens (issue 18): the agent tree with team sizes, moving a member and its team (audited;
 * future figures only), per-agent limits and per-agent team reports. It owns no table: the tree is identity's, the
 * limits the agent centre's, the figures the team rollups'.
 */
export const createAgentOpsModule = (deps: AgentOpsDeps) => {
  const service = agentOpsServiceFactory(deps);
  return {
    service,
    routes: (options: { staff: StaffAuth }) => async (app: FastifyInstance) => {
      await app.register(agentOpsRoutes, { service, ...options });
    },
  };
};

export type AgentOpsModule = ReturnType<typeof createAgentOpsModule>;
