import {
  AGENT_CONTRACT_API,
  ContractAcceptResultSchema,
  ContractSchema,
  type Contract,
  type ContractAcceptResult,
  type ContractOfferRequest,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { withId } from './contract-query';

/** POST an offer to a direct downline agent. */
export const offerContract = (body: ContractOfferRequest): Promise<Contract> =>
  apiRequest(AGENT_CONTRACT_API.offers, { method: 'POST', body, schema: ContractSchema });

/** POST the holder's acceptance: the contract becomes ACTIVE and may end downline contracts above it (spec §4). */
export const acceptContract = (id: string): Promise<ContractAcceptResult> =>
  apiRequest(withId(AGENT_CONTRACT_API.accept, id), { method: 'POST', body: {}, schema: ContractAcceptResultSchema });

export const rejectContract = (id: string): Promise<Contract> =>
  apiRequest(withId(AGENT_CONTRACT_API.reject, id), { method: 'POST', body: {}, schema: ContractSchema });

/** POST an end to an ACTIVE contract (either party), or the withdrawal of the caller's own open offer. */
export const terminateContract = (id: string): Promise<Contract> =>
  apiRequest(withId(AGENT_CONTRACT_API.terminate, id), { method: 'POST', body: {}, schema: ContractSchema });
