import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OPS_API, type StaffPermission } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { StaffAuth } from '../../operations/staff';
import type { AgentOpsService } from './agent-ops.service';

const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

/** Staff API for agents (issue 18). Each handler asks for its permission before reading any input. */
export const agentOpsRoutes = async (
  app: FastifyInstance,
  { service, staff }: { service: AgentOpsService; staff: StaffAuth },
) => {
  const may = (permission: StaffPermission) => (request: FastifyRequest) => staff.requireStaff(request, permission);

  route(app, 'GET', OPS_API.agentTree, {
    guard: may('agents.view'),
    what: { query: 'tree query' },
    handler: async ({ caller, query, reply }) => {
      noStore(reply);
      return service.tree(caller, query);
    },
  });

  route(app, 'GET', OPS_API.agentSettings, {
    guard: may('agents.view'),
    handler: async ({ caller, reply }) => {
      noStore(reply);
      return service.settings(caller);
    },
  });

  route(app, 'PUT', OPS_API.agentSettings, {
    guard: may('agents.limits'),
    what: { body: 'agent settings' },
    handler: async ({ caller, body }) => service.setSettings(caller, body),
  });

  route(app, 'POST', OPS_API.memberUpline, {
    guard: may('agents.move'),
    what: { params: 'member', body: 'move' },
    handler: async ({ caller, params, body, request }) => {
      const result = await service.move(caller, BigInt(params.memberId), body);
      request.log.info(
        { staff: caller.staff, member: result.id, to: result.to?.id ?? null, moved: result.moved },
        'member moved in the agent tree',
      );
      return result;
    },
  });

  route(app, 'GET', OPS_API.agentLimits, {
    guard: may('agents.view'),
    what: { params: 'agent' },
    handler: async ({ caller, params, reply }) => {
      noStore(reply);
      return service.limits(caller, BigInt(params.memberId));
    },
  });

  route(app, 'PUT', OPS_API.agentLimits, {
    guard: may('agents.limits'),
    what: { params: 'agent', body: 'limits' },
    handler: async ({ caller, params, body }) => service.setLimits(caller, BigInt(params.memberId), body),
  });

  route(app, 'GET', OPS_API.agentReport, {
    guard: may('agents.view'),
    what: { params: 'agent', query: 'report query' },
    handler: async ({ caller, params, query, reply }) => {
      noStore(reply);
      return service.report(caller, BigInt(params.memberId), query);
    },
  });
};
