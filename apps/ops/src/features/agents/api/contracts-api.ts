import {
  AGENT_CONTRACT_OPS_API,
  ContractDetailSchema,
  ContractPolicyListSchema,
  ContractPolicySchema,
  ContractSchema,
  OpsContractAdjustmentResultSchema,
  OpsContractPageSchema,
  OpsSettlementPageSchema,
  OpsSettlementRerunResultSchema,
  type ContractPolicy,
  type OpsContractAdjustment,
  type OpsContractOffer,
} from '@platform/contracts';
import { apiPath, apiRequest, type Query } from '@/lib/api-client';

/** Query keys of the back office's agent contracts (issue 19), all under ['contracts']. */
export const contractKeys = {
  root: ['contracts'] as const,
  policy: ['contracts', 'policy'] as const,
  list: (query: Query) => ['contracts', 'list', query] as const,
  detail: (id: string) => ['contracts', 'detail', id] as const,
  settlements: (query: Query) => ['contracts', 'settlements', query] as const,
};

export const getContractPolicy = (signal?: AbortSignal) =>
  apiRequest(AGENT_CONTRACT_OPS_API.contractPolicy, { schema: ContractPolicyListSchema, signal });

export const saveContractPolicy = (policy: ContractPolicy) =>
  apiRequest(apiPath(AGENT_CONTRACT_OPS_API.contractPolicyType, { type: policy.type }), {
    method: 'PUT',
    body: policy,
    schema: ContractPolicySchema,
  });

export const getContracts = (query: Query, signal?: AbortSignal) =>
  apiRequest(AGENT_CONTRACT_OPS_API.agentContracts, { query, schema: OpsContractPageSchema, signal });

export const getContract = (id: string, signal?: AbortSignal) =>
  apiRequest(apiPath(AGENT_CONTRACT_OPS_API.agentContract, { id }), { schema: ContractDetailSchema, signal });

export const offerToTopAgent = (body: OpsContractOffer) =>
  apiRequest(AGENT_CONTRACT_OPS_API.agentContracts, { method: 'POST', body, schema: ContractSchema });

export const terminateContract = (id: string, reason: string) =>
  apiRequest(apiPath(AGENT_CONTRACT_OPS_API.agentContractTerminate, { id }), {
    method: 'POST',
    body: { reason },
    schema: ContractSchema,
  });

export const getSettlements = (query: Query, signal?: AbortSignal) =>
  apiRequest(AGENT_CONTRACT_OPS_API.agentSettlements, { query, schema: OpsSettlementPageSchema, signal });

export const rerunSettlement = (id: string) =>
  apiRequest(apiPath(AGENT_CONTRACT_OPS_API.agentSettlementRerun, { id }), {
    method: 'POST',
    body: {},
    schema: OpsSettlementRerunResultSchema,
  });

export const adjustContractIncome = (body: OpsContractAdjustment) =>
  apiRequest(AGENT_CONTRACT_OPS_API.agentContractAdjustments, {
    method: 'POST',
    body,
    schema: OpsContractAdjustmentResultSchema,
  });
