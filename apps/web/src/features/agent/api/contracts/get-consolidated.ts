import { AGENT_CONTRACT_API, ConsolidatedSchema, type Consolidated } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { withSignal } from './contract-query';

/** GET the consolidated contract info (spec §3, §7): which types the merchant offers and where the caller stands. */
export const fetchConsolidated = (signal?: AbortSignal): Promise<Consolidated> =>
  apiRequest(AGENT_CONTRACT_API.consolidated, { schema: ConsolidatedSchema, ...withSignal(signal) });
