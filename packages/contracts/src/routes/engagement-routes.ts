import { BonusDetailsSchema } from '../bonus';
import { OPS_API } from '../ops-paths';
import {
  PromotionApplicationDecidedSchema,
  PromotionApplicationDecisionSchema,
  PromotionApplicationListSchema,
  PromotionApplicationParamsSchema,
  PromotionApplicationStatusSchema,
  PromotionApplyFieldsSchema,
  PromotionClaimSchema,
  PromotionListQuerySchema,
  PromotionListSchema,
  PromotionParamsSchema,
} from '../promotions';
import { API } from '../paths';
import {
  ManualRebateSchema,
  RewardClaimSchema,
  RewardListSchema,
  RewardParamsSchema,
  VipStateSchema,
} from '../rewards';
import {
  ManualGrantListSchema,
  ManualGrantRequestSchema,
  ManualGrantSchema,
  OpsPromotionInputSchema,
  OpsPromotionListSchema,
  OpsPromotionParamsSchema,
  OpsPromotionSchema,
  OpsPromotionStatusSchema,
  PromotionApplicationImageParamsSchema,
  PromotionStateSchema,
} from '../promotions-ops';
import { ENGAGEMENT_OPS_ROUTES } from './engagement-ops-routes';
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
  { method: 'GET', path: API.promotions.state, auth: 'member', response: PromotionStateSchema },
  {
    method: 'POST',
    path: API.promotions.claim,
    auth: 'member',
    params: PromotionParamsSchema,
    response: PromotionClaimSchema,
  },
  {
    method: 'POST',
    path: API.promotions.apply,
    auth: 'member',
    params: PromotionParamsSchema,
    body: PromotionApplyFieldsSchema,
    encoding: 'multipart',
    response: PromotionApplicationStatusSchema,
  },
  {
    method: 'GET',
    path: API.rewards.list,
    auth: 'member',
    query: PromotionListQuerySchema,
    response: RewardListSchema,
  },
  { method: 'POST', path: API.rewards.claim, auth: 'member', params: RewardParamsSchema, response: RewardClaimSchema },
  { method: 'GET', path: API.rebate.manual, auth: 'member', response: ManualRebateSchema },
  { method: 'POST', path: API.rebate.manualClaim, auth: 'member', response: RewardClaimSchema },
  { method: 'GET', path: API.vip.state, auth: 'member', query: PromotionListQuerySchema, response: VipStateSchema },
  { method: 'GET', path: OPS_API.promotionApplications, auth: 'staff', response: PromotionApplicationListSchema },
  {
    method: 'POST',
    path: OPS_API.promotionApplicationApprove,
    auth: 'staff',
    params: PromotionApplicationParamsSchema,
    response: PromotionApplicationDecidedSchema,
  },
  {
    method: 'POST',
    path: OPS_API.promotionApplicationReject,
    auth: 'staff',
    params: PromotionApplicationParamsSchema,
    body: PromotionApplicationDecisionSchema,
    response: PromotionApplicationDecidedSchema,
  },
  // Answers the image itself.
  {
    method: 'GET',
    path: OPS_API.promotionApplicationImage,
    auth: 'staff',
    params: PromotionApplicationImageParamsSchema,
  },
  { method: 'GET', path: OPS_API.promotions, auth: 'staff', response: OpsPromotionListSchema },
  {
    method: 'POST',
    path: OPS_API.promotions,
    auth: 'staff',
    body: OpsPromotionInputSchema,
    response: OpsPromotionSchema,
  },
  {
    method: 'PUT',
    path: OPS_API.promotion,
    auth: 'staff',
    params: OpsPromotionParamsSchema,
    body: OpsPromotionInputSchema,
    response: OpsPromotionSchema,
  },
  {
    method: 'POST',
    path: OPS_API.promotionStatus,
    auth: 'staff',
    params: OpsPromotionParamsSchema,
    body: OpsPromotionStatusSchema,
    response: OpsPromotionSchema,
  },
  { method: 'GET', path: OPS_API.bonusGrants, auth: 'staff', response: ManualGrantListSchema },
  {
    method: 'POST',
    path: OPS_API.bonusGrants,
    auth: 'staff',
    body: ManualGrantRequestSchema,
    response: ManualGrantSchema,
  },
  {
    method: 'POST',
    path: OPS_API.bonusGrantApprove,
    auth: 'staff',
    params: OpsPromotionParamsSchema,
    response: ManualGrantSchema,
  },
  {
    method: 'POST',
    path: OPS_API.bonusGrantReject,
    auth: 'staff',
    params: OpsPromotionParamsSchema,
    body: PromotionApplicationDecisionSchema,
    response: ManualGrantSchema,
  },
  ...ENGAGEMENT_OPS_ROUTES,
] as const satisfies readonly RouteDescriptor[];
