import { API, PromotionListSchema, type PromotionList } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

export const PROMOTIONS_QUERY_ROOT = 'promotions';

/** GET the promotions the member can see, with their activity status and availablePromoCount (issue 20). */
export const fetchPromotions = (language: string, signal?: AbortSignal): Promise<PromotionList> =>
  apiRequest(API.promotions.list, { query: { language }, schema: PromotionListSchema, ...(signal ? { signal } : {}) });
