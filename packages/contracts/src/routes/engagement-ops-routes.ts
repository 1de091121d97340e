import {
  BonusForfeitListSchema,
  BonusForfeitRequestSchema,
  BonusForfeitSchema,
  OpsPromotionPreviewQuerySchema,
  OpsPromotionPreviewSchema,
  OpsVipLevelInputSchema,
  OpsVipLevelListSchema,
  OpsVipLevelParamsSchema,
  OpsVipLevelSchema,
  PromotionCostQuerySchema,
  PromotionCostReportSchema,
} from '../engagement-ops';
import { OPS_API } from '../ops-paths';
import { PromotionApplicationDecisionSchema } from '../promotions';
import { OpsPromotionParamsSchema } from '../promotions-ops';
import type { RouteDescriptor } from './route-descriptor';

/** The back office's VIP and rebate settings, promotion preview, bonus forfeits and cost per promotion (issue 20). */
export const ENGAGEMENT_OPS_ROUTES = [
  { method: 'GET', path: OPS_API.vipLevels, auth: 'staff', response: OpsVipLevelListSchema },
  {
    method: 'PUT',
    path: OPS_API.vipLevel,
    auth: 'staff',
    params: OpsVipLevelParamsSchema,
    body: OpsVipLevelInputSchema,
    response: OpsVipLevelSchema,
  },
  {
    method: 'GET',
    path: OPS_API.promotionPreview,
    auth: 'staff',
    params: OpsPromotionParamsSchema,
    query: OpsPromotionPreviewQuerySchema,
    response: OpsPromotionPreviewSchema,
  },
  {
    method: 'GET',
    path: OPS_API.promotionCosts,
    auth: 'staff',
    query: PromotionCostQuerySchema,
    response: PromotionCostReportSchema,
  },
  { method: 'GET', path: OPS_API.bonusForfeits, auth: 'staff', response: BonusForfeitListSchema },
  {
    method: 'POST',
    path: OPS_API.bonusForfeits,
    auth: 'staff',
    body: BonusForfeitRequestSchema,
    response: BonusForfeitSchema,
  },
  {
    method: 'POST',
    path: OPS_API.bonusForfeitApprove,
    auth: 'staff',
    params: OpsPromotionParamsSchema,
    response: BonusForfeitSchema,
  },
  {
    method: 'POST',
    path: OPS_API.bonusForfeitReject,
    auth: 'staff',
    params: OpsPromotionParamsSchema,
    body: PromotionApplicationDecisionSchema,
    response: BonusForfeitSchema,
  },
] as const satisfies readonly RouteDescriptor[];
