import {
  BonusForfeitListSchema,
  BonusForfeitSchema,
  OpsPromotionPreviewSchema,
  OpsVipLevelListSchema,
  OpsVipLevelSchema,
  PromotionCostReportSchema,
  type BonusForfeitRequest,
  type OpsVipLevelInput,
  ENGAGEMENT_ROUTES,
  ManualGrantListSchema,
  ManualGrantSchema,
  OPS_API,
  OpsPromotionListSchema,
  OpsPromotionSchema,
  PromotionApplicationDecidedSchema,
  PromotionApplicationListSchema,
  type ManualGrantRequest,
  type OpsPromotionInput,
  type RouteMethod,
} from '@platform/contracts';
import { apiCall, apiFile, apiPath, routeOf } from '@/lib/api-client';

/** Query keys: a change refreshes its list by invalidating the prefix. */
export const promotionKeys = {
  all: ['promotions'] as const,
  list: ['promotions', 'list'] as const,
  applications: ['promotions', 'applications'] as const,
  grants: ['promotions', 'grants'] as const,
  forfeits: ['promotions', 'forfeits'] as const,
  vipLevels: ['promotions', 'vip-levels'] as const,
  costs: (from: string, to: string) => ['promotions', 'costs', from, to] as const,
  preview: (id: string, language: string) => ['promotions', 'preview', id, language] as const,
};

const route = (method: RouteMethod, path: string) => routeOf(ENGAGEMENT_ROUTES, method, path);
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const getPromotions = (signal?: AbortSignal) =>
  apiCall(route('GET', OPS_API.promotions), withSignal(signal), OpsPromotionListSchema);

export const createPromotion = (body: OpsPromotionInput) =>
  apiCall(route('POST', OPS_API.promotions), { body }, OpsPromotionSchema);

export const updatePromotion = (id: string, body: OpsPromotionInput) =>
  apiCall(route('PUT', OPS_API.promotion), { params: { id }, body }, OpsPromotionSchema);

export const setPromotionStatus = (id: string, status: 'ACTIVE' | 'STOPPED') =>
  apiCall(route('POST', OPS_API.promotionStatus), { params: { id }, body: { status } }, OpsPromotionSchema);

export const getApplications = (signal?: AbortSignal) =>
  apiCall(route('GET', OPS_API.promotionApplications), withSignal(signal), PromotionApplicationListSchema);

export const approveApplication = (id: string) =>
  apiCall(
    route('POST', OPS_API.promotionApplicationApprove),
    { params: { id }, body: {} },
    PromotionApplicationDecidedSchema,
  );

export const rejectApplication = (id: string, reason: string) =>
  apiCall(
    route('POST', OPS_API.promotionApplicationReject),
    { params: { id }, body: { reason } },
    PromotionApplicationDecidedSchema,
  );

/** One of an application's images, as a blob (the staff token cannot ride on an <img src>). */
export const applicationImage = async (id: string, position: number) =>
  (await apiFile(apiPath(OPS_API.promotionApplicationImage, { id, position: String(position) }))).blob;

export const getManualGrants = (signal?: AbortSignal) =>
  apiCall(route('GET', OPS_API.bonusGrants), withSignal(signal), ManualGrantListSchema);

export const requestManualGrant = (body: ManualGrantRequest) =>
  apiCall(route('POST', OPS_API.bonusGrants), { body }, ManualGrantSchema);

export const approveManualGrant = (id: string) =>
  apiCall(route('POST', OPS_API.bonusGrantApprove), { params: { id }, body: {} }, ManualGrantSchema);

export const rejectManualGrant = (id: string, reason: string) =>
  apiCall(route('POST', OPS_API.bonusGrantReject), { params: { id }, body: { reason } }, ManualGrantSchema);

export const getVipLevels = (signal?: AbortSignal) =>
  apiCall(route('GET', OPS_API.vipLevels), withSignal(signal), OpsVipLevelListSchema);

export const saveVipLevel = (level: number, body: OpsVipLevelInput) =>
  apiCall(route('PUT', OPS_API.vipLevel), { params: { level: String(level) }, body }, OpsVipLevelSchema);

export const getPromotionPreview = (id: string, language: 'EN' | 'TY', signal?: AbortSignal) =>
  apiCall(
    route('GET', OPS_API.promotionPreview),
    { params: { id }, query: { language }, ...withSignal(signal) },
    OpsPromotionPreviewSchema,
  );

export const getPromotionCosts = (from: string, to: string, signal?: AbortSignal) =>
  apiCall(
    route('GET', OPS_API.promotionCosts),
    { query: { from, to }, ...withSignal(signal) },
    PromotionCostReportSchema,
  );

export const getBonusForfeits = (signal?: AbortSignal) =>
  apiCall(route('GET', OPS_API.bonusForfeits), withSignal(signal), BonusForfeitListSchema);

export const requestBonusForfeit = (body: BonusForfeitRequest) =>
  apiCall(route('POST', OPS_API.bonusForfeits), { body }, BonusForfeitSchema);

export const approveBonusForfeit = (id: string) =>
  apiCall(route('POST', OPS_API.bonusForfeitApprove), { params: { id }, body: {} }, BonusForfeitSchema);

export const rejectBonusForfeit = (id: string, reason: string) =>
  apiCall(route('POST', OPS_API.bonusForfeitReject), { params: { id }, body: { reason } }, BonusForfeitSchema);
