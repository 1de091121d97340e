import { BonusDetailsSchema } from '../bonus';
import {
  PromotionClaimSchema,
  PromotionListQuerySchema,
  PromotionListSchema,
  PromotionParamsSchema,
} from '../promotions';
import { API } from '../paths';
import type { RouteDescriptor } from './route-descriptor';

/** The member's bonuses and promotions (issue 20; spec §2 member centre bonusDetails, promotions, rewardCenter). */
export const ENGAGEMENT_ROUTES = [
  { method: 'GET', path: API.bonus.details, auth: 'member', response: BonusDetailsSchema },
  {
    method: 'GET',
    path: API.promotions.list,
    auth: 'member',
    query: PromotionListQuerySchema,
    response: PromotionListSchema,
  },
  {
    method: 'POST',
    path: API.promotions.claim,
    auth: 'member',
    params: PromotionParamsSchema,
    response: PromotionClaimSchema,
  },
] as const satisfies readonly RouteDescriptor[];
