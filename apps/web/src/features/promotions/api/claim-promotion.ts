import { API, PromotionClaimSchema, type PromotionClaim } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST a free-bonus claim (T): the grant it paid into the bonus wallet. */
export const claimPromotion = (id: string): Promise<PromotionClaim> =>
  apiRequest(API.promotions.claim.replace(':id', encodeURIComponent(id)), {
    method: 'POST',
    schema: PromotionClaimSchema,
  });
