import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AGENT_CONTRACT_OPS_API, type StaffPermission } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { StaffAuth } from '../../operations/staff';
import type { OpsService } from './ops.service';

const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

/** Staff API for agent contracts (issue 19). Each handler asks for its permission before reading any input. */
export const agentContractOpsRoutes = async (
  app: FastifyInstance,
  { service, staff }: { service: OpsService; staff: StaffAuth },
) => {
  const may = (permission: StaffPermission) => (request: FastifyRequest) => staff.requireStaff(request, permission);

  route(app, 'GET', AGENT_CONTRACT_OPS_API.contractPolicy, {
    guard: may('agents.view'),
    handler: async ({ caller, reply }) => {
      noStore(reply);
      return service.policies(caller);
    },
  });

  route(app, 'PUT', AGENT_CONTRACT_OPS_API.contractPolicyType, {
    guard: may('agents.limits'),
    what: { params: 'contract type', body: 'contract policy' },
    handler: async ({ caller, params, body }) => service.setPolicy(caller, params.type, body),
  });

  route(app, 'GET', AGENT_CONTRACT_OPS_API.agentContracts, {
    guard: may('agents.view'),
    what: { query: 'contract query' },
    handler: async ({ caller, query, reply }) => {
      noStore(reply);
      return service.contracts(caller, query);
    },
  });

  route(app, 'POST', AGENT_CONTRACT_OPS_API.agentContracts, {
    guard: may('agents.limits'),
    what: { body: 'offer' },
    handler: async ({ caller, body }) => service.offer(caller, body),
  });

  route(app, 'GET', AGENT_CONTRACT_OPS_API.agentContract, {
    guard: may('agents.view'),
    what: { params: 'contract id' },
    handler: async ({ caller, params, reply }) => {
      noStore(reply);
      return service.contract(caller, BigInt(params.id));
    },
  });

  route(app, 'POST', AGENT_CONTRACT_OPS_API.agentContractTerminate, {
    guard: may('agents.limits'),
    what: { params: 'contract id', body: 'termination' },
    handler: async ({ caller, params, body }) => service.terminate(caller, BigInt(params.id), body.reason),
  });

  route(app, 'GET', AGENT_CONTRACT_OPS_API.agentSettlements, {
    guard: may('agents.view'),
    what: { query: 'settlement query' },
    handler: async ({ caller, query, reply }) => {
      noStore(reply);
      return service.board(caller, query);
    },
  });

  route(app, 'POST', AGENT_CONTRACT_OPS_API.agentSettlementRerun, {
    guard: may('adjustment.approve'),
    what: { params: 'settlement id' },
    handler: async ({ caller, params, request }) => {
      const row = await service.rerun(caller, BigInt(params.id));
      request.log.info({ staff: caller.staff, settlement: row.id, status: row.status }, 'settlement window rerun');
      return row;
    },
  });

  route(app, 'POST', AGENT_CONTRACT_OPS_API.agentContractAdjustments, {
    guard: may('adjustment.approve'),
    what: { body: 'adjustment' },
    handler: async ({ caller, body }) => service.adjust(caller, body),
  });
};
