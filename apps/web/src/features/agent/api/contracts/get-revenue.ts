import { AGENT_CONTRACT_API, RevenueReportSchema, type RevenueReport } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { queryOf, withSignal } from './contract-query';

/** GET agentRevenueReport: the caller's income per contract type over a period. */
export const fetchRevenue = (
  filter: { period: string; from?: string; to?: string },
  signal?: AbortSignal,
): Promise<RevenueReport> =>
  apiRequest(AGENT_CONTRACT_API.revenue, {
    query: queryOf(filter),
    schema: RevenueReportSchema,
    ...withSignal(signal),
  });
