import {
  ConsolidatedSchema,
  ContractAcceptResultSchema,
  ContractActionRequestSchema,
  ContractDetailRequestSchema,
  ContractDetailSchema,
  ContractDetailsSchema,
  ContractIdParamsSchema,
  ContractListQuerySchema,
  ContractOfferRequestSchema,
  ContractPageSchema,
  ContractSchema,
  ContractTypeSlugSchema,
  RevenueQuerySchema,
  RevenueReportSchema,
  SettlementListQuerySchema,
  SettlementPageSchema,
} from './agent-contract';
import {
  ContractPolicyListSchema,
  ContractPolicyParamsSchema,
  ContractPolicySchema,
  OpsContractAdjustmentResultSchema,
  OpsContractAdjustmentSchema,
  OpsContractListQuerySchema,
  OpsContractOfferSchema,
  OpsContractPageSchema,
  OpsContractTerminateSchema,
  OpsSettlementPageSchema,
  OpsSettlementQuerySchema,
  OpsSettlementRerunResultSchema,
  SettlementIdParamsSchema,
} from './agent-contract-ops';
import { z } from 'zod';
import { AGENT_CONTRACT_API, AGENT_CONTRACT_OPS_API } from './agent-contract-paths';
import type { RouteDescriptor } from './routes/route-descriptor';

export const ContractTypeSlugParamsSchema = z.object({ type: ContractTypeSlugSchema });

/** The agent centre's contract calls (issue 19); descriptors of AGENT_CONTRACT_API. */
export const AGENT_CONTRACT_ROUTES = [
  { method: 'GET', path: AGENT_CONTRACT_API.consolidated, auth: 'member', response: ConsolidatedSchema },
  {
    method: 'POST',
    path: AGENT_CONTRACT_API.detail,
    auth: 'agent',
    params: ContractTypeSlugParamsSchema,
    body: ContractDetailRequestSchema,
    response: ContractDetailsSchema,
  },
  {
    method: 'GET',
    path: AGENT_CONTRACT_API.contracts,
    auth: 'agent',
    query: ContractListQuerySchema,
    response: ContractPageSchema,
  },
  {
    method: 'POST',
    path: AGENT_CONTRACT_API.offers,
    auth: 'agent',
    body: ContractOfferRequestSchema,
    response: ContractSchema,
  },
  {
    method: 'GET',
    path: AGENT_CONTRACT_API.settlements,
    auth: 'agent',
    query: SettlementListQuerySchema,
    response: SettlementPageSchema,
  },
  {
    method: 'GET',
    path: AGENT_CONTRACT_API.revenue,
    auth: 'agent',
    query: RevenueQuerySchema,
    response: RevenueReportSchema,
  },
  {
    method: 'GET',
    path: AGENT_CONTRACT_API.contract,
    auth: 'agent',
    params: ContractIdParamsSchema,
    response: ContractDetailSchema,
  },
  {
    method: 'POST',
    path: AGENT_CONTRACT_API.accept,
    auth: 'agent',
    params: ContractIdParamsSchema,
    body: ContractActionRequestSchema,
    response: ContractAcceptResultSchema,
  },
  {
    method: 'POST',
    path: AGENT_CONTRACT_API.reject,
    auth: 'agent',
    params: ContractIdParamsSchema,
    body: ContractActionRequestSchema,
    response: ContractSchema,
  },
  {
    method: 'POST',
    path: AGENT_CONTRACT_API.terminate,
    auth: 'agent',
    params: ContractIdParamsSchema,
    body: ContractActionRequestSchema,
    response: ContractSchema,
  },
] as const satisfies readonly RouteDescriptor[];

/** The back office's contract calls; permissions in STAFF_ENDPOINTS. */
export const AGENT_CONTRACT_OPS_ROUTES = [
  { method: 'GET', path: AGENT_CONTRACT_OPS_API.contractPolicy, auth: 'staff', response: ContractPolicyListSchema },
  {
    method: 'PUT',
    path: AGENT_CONTRACT_OPS_API.contractPolicyType,
    auth: 'staff',
    params: ContractPolicyParamsSchema,
    body: ContractPolicySchema,
    response: ContractPolicySchema,
  },
  {
    method: 'GET',
    path: AGENT_CONTRACT_OPS_API.agentContracts,
    auth: 'staff',
    query: OpsContractListQuerySchema,
    response: OpsContractPageSchema,
  },
  {
    method: 'POST',
    path: AGENT_CONTRACT_OPS_API.agentContracts,
    auth: 'staff',
    body: OpsContractOfferSchema,
    response: ContractSchema,
  },
  {
    method: 'GET',
    path: AGENT_CONTRACT_OPS_API.agentContract,
    auth: 'staff',
    params: ContractIdParamsSchema,
    response: ContractDetailSchema,
  },
  {
    method: 'POST',
    path: AGENT_CONTRACT_OPS_API.agentContractTerminate,
    auth: 'staff',
    params: ContractIdParamsSchema,
    body: OpsContractTerminateSchema,
    response: ContractSchema,
  },
  {
    method: 'GET',
    path: AGENT_CONTRACT_OPS_API.agentSettlements,
    auth: 'staff',
    query: OpsSettlementQuerySchema,
    response: OpsSettlementPageSchema,
  },
  {
    method: 'POST',
    path: AGENT_CONTRACT_OPS_API.agentSettlementRerun,
    auth: 'staff',
    params: SettlementIdParamsSchema,
    response: OpsSettlementRerunResultSchema,
  },
  {
    method: 'POST',
    path: AGENT_CONTRACT_OPS_API.agentContractAdjustments,
    auth: 'staff',
    body: OpsContractAdjustmentSchema,
    response: OpsContractAdjustmentResultSchema,
  },
] as const satisfies readonly RouteDescriptor[];
