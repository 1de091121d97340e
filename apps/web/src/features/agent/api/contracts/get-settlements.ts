import { AGENT_CONTRACT_API, SettlementPageSchema, type ContractType, type SettlementPage } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { queryOf, withSignal } from './contract-query';

export type SettlementFilter = { type: ContractType; period: string; from?: string; to?: string } & {
  pageNo: number;
  pageSize: number;
};

/** GET the caller's settled windows of one type over a period (the four record pages). */
export const fetchSettlements = (filter: SettlementFilter, signal?: AbortSignal): Promise<SettlementPage> =>
  apiRequest(AGENT_CONTRACT_API.settlements, {
    query: queryOf(filter),
    schema: SettlementPageSchema,
    ...withSignal(signal),
  });
