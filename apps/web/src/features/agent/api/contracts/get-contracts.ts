import {
  AGENT_CONTRACT_API,
  ContractPageSchema,
  type ContractListQuery,
  type ContractPage,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { queryOf, withSignal } from './contract-query';

/** GET the caller's contracts (MINE: held or offered to it) or those it offered to its downline (OFFERED). */
export const fetchContracts = (query: ContractListQuery, signal?: AbortSignal): Promise<ContractPage> =>
  apiRequest(AGENT_CONTRACT_API.contracts, {
    query: queryOf({ ...query }),
    schema: ContractPageSchema,
    ...withSignal(signal),
  });
