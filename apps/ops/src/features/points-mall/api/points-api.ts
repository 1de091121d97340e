import {
  OpsMallItemListSchema,
  OpsMallItemSchema,
  OpsPointsSettingsSchema,
  OpsRedemptionListSchema,
  OpsRedemptionSchema,
  POINTS_OPS_API,
  POINTS_ROUTES,
  PointsReportSchema,
  type OpsMallItemInput,
  type OpsPointsSettings,
  type RedeemStatus,
  type RouteMethod,
} from '@platform/contracts';
import { apiCall, routeOf } from '@/lib/api-client';

/** Query keys: a change refreshes the mall's lists by invalidating the prefix. */
export const mallKeys = {
  all: ['points-mall'] as const,
  items: ['points-mall', 'items'] as const,
  settings: ['points-mall', 'settings'] as const,
  redemptions: (status: RedeemStatus | 'ALL') => ['points-mall', 'redemptions', status] as const,
  report: ['points-mall', 'report'] as const,
};

const route = (method: RouteMethod, path: string) => routeOf(POINTS_ROUTES, method, path);
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const getMallItems = (signal?: AbortSignal) =>
  apiCall(route('GET', POINTS_OPS_API.items), withSignal(signal), OpsMallItemListSchema);

export const createMallItem = (body: OpsMallItemInput) =>
  apiCall(route('POST', POINTS_OPS_API.items), { body }, OpsMallItemSchema);

export const updateMallItem = (id: string, body: OpsMallItemInput) =>
  apiCall(route('PUT', POINTS_OPS_API.item), { params: { id }, body }, OpsMallItemSchema);

export const getPointsSettings = (signal?: AbortSignal) =>
  apiCall(route('GET', POINTS_OPS_API.settings), withSignal(signal), OpsPointsSettingsSchema);

export const savePointsSettings = (body: OpsPointsSettings) =>
  apiCall(route('PUT', POINTS_OPS_API.settings), { body }, OpsPointsSettingsSchema);

export const getRedemptions = (status: RedeemStatus | 'ALL', signal?: AbortSignal) =>
  apiCall(
    route('GET', POINTS_OPS_API.redemptions),
    { query: status === 'ALL' ? {} : { status }, ...withSignal(signal) },
    OpsRedemptionListSchema,
  );

export const approveRedemption = (id: string) =>
  apiCall(route('POST', POINTS_OPS_API.redemptionApprove), { params: { id } }, OpsRedemptionSchema);

export const rejectRedemption = (id: string, reason: string) =>
  apiCall(route('POST', POINTS_OPS_API.redemptionReject), { params: { id }, body: { reason } }, OpsRedemptionSchema);

export const getPointsReport = (signal?: AbortSignal) =>
  apiCall(route('GET', POINTS_OPS_API.report), withSignal(signal), PointsReportSchema);
