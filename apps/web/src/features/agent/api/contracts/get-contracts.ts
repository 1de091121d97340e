import {
  AGENT_CONTRACT_API,
  ContractPageSchema,
  type ContractPage,
  type ContractStatus,
  type ContractType,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { queryOf, withSignal } from './contract-query';

/** GET the caller's contracts (MINE: held or offered to it) or those it offered to its downline (OFFERED). */
export type ContractFilter = {
  role: 'MINE' | 'OFFERED';
  type?: ContractType;
  status?: ContractStatus;
  username?: string;
  pageNo: number;
  pageSize: number;
};

export const fetchContracts = (filter: ContractFilter, signal?: AbortSignal): Promise<ContractPage> =>
  apiRequest(AGENT_CONTRACT_API.contracts, {
    query: queryOf(filter),
    schema: ContractPageSchema,
    ...withSignal(signal),
  });
