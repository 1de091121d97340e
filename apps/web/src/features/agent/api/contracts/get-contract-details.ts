import {
  AGENT_CONTRACT_API,
  CONTRACT_TYPE_SLUGS,
  ContractDetailsSchema,
  type ContractDetails,
  type ContractType,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { withSignal } from './contract-query';

/**
 * POST the spec §7 contract-detail call of one type: the caller's own contract (or a downline's, by `username`), the
 * window in progress with its figures so far, and the most the caller may offer.
 */
export const fetchContractDetails = (
  type: ContractType,
  username?: string,
  signal?: AbortSignal,
): Promise<ContractDetails> =>
  apiRequest(AGENT_CONTRACT_API.detail.replace(':type', CONTRACT_TYPE_SLUGS[type]), {
    method: 'POST',
    body: username === undefined ? {} : { username },
    schema: ContractDetailsSchema,
    ...withSignal(signal),
  });
