import { API, BonusDetailsSchema, type BonusDetails } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET the bonus being wagered and the member's latest grants (member centre bonusDetails). */
export const fetchBonusDetails = (signal?: AbortSignal): Promise<BonusDetails> =>
  apiRequest(API.bonus.details, { schema: BonusDetailsSchema, ...(signal ? { signal } : {}) });
