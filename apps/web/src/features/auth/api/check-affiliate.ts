import { API } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /wps/agent/affiliate?code&domain (spec §7): fails with INVALID_INVITATION_CODE for an unknown code. */
export const checkAffiliate = (code: string, domain: string): Promise<unknown> =>
  apiRequest(API.agent.affiliate, { query: { code, domain } });
