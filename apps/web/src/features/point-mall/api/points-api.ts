import {
  ConvertResultSchema,
  MallItemListSchema,
  POINTS_API,
  PointsBalanceSchema,
  PointsConfigSchema,
  PointsTransactionPageSchema,
  RedemptionListSchema,
  RedemptionSchema,
  type ConvertRequest,
  type ConvertResult,
  type MallItemList,
  type PointsBalance,
  type PointsConfig,
  type PointsTransactionPage,
  type RedeemRequest,
  type Redemption,
  type RedemptionList,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { sealedRequest } from '@/lib/sealed-request';

/** Every points query lives under this root: a redemption or conversion refreshes them all. */
export const POINTS_QUERY_ROOT = 'points';
export const pointsKeys = {
  balance: [POINTS_QUERY_ROOT, 'balance'] as const,
  items: [POINTS_QUERY_ROOT, 'items'] as const,
  config: [POINTS_QUERY_ROOT, 'config'] as const,
  redeems: [POINTS_QUERY_ROOT, 'redeems'] as const,
  history: [POINTS_QUERY_ROOT, 'history'] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** GET the member's points (its POINTS ledger account). */
export const fetchPointsBalance = (signal?: AbortSignal): Promise<PointsBalance> =>
  apiRequest(POINTS_API.balance, { schema: PointsBalanceSchema, ...withSignal(signal) });

/** The member's language as the API takes it ("EN", "TY"): items are named in it. */
export const apiLanguage = (language: string | undefined): string => (language || 'EN').slice(0, 2).toUpperCase();

/** GET the catalogue (the spec's reward list), items named in `language`. */
export const fetchMallItems = (language: string, signal?: AbortSignal): Promise<MallItemList> =>
  apiRequest(POINTS_API.items, { query: { language }, schema: MallItemListSchema, ...withSignal(signal) });

/** GET the earning rates and the conversion rule. */
export const fetchPointsConfig = (signal?: AbortSignal): Promise<PointsConfig> =>
  apiRequest(POINTS_API.config, { schema: PointsConfigSchema, ...withSignal(signal) });

/** GET the member's redemptions, items named in `language`. */
export const fetchRedemptions = (language: string, signal?: AbortSignal): Promise<RedemptionList> =>
  apiRequest(POINTS_API.redeems, { query: { language }, schema: RedemptionListSchema, ...withSignal(signal) });

/** GET one page of the points transaction detail, newest first. */
export const fetchPointsHistory = (beforeId: string | null, signal?: AbortSignal): Promise<PointsTransactionPage> =>
  apiRequest(POINTS_API.transactions, {
    query: { pageSize: '20', ...(beforeId === null ? {} : { beforeId }) },
    schema: PointsTransactionPageSchema,
    ...withSignal(signal),
  });

/** POST redeem (sealed: carries the payment password). */
export const redeemItem = (body: RedeemRequest): Promise<Redemption> =>
  sealedRequest(POINTS_API.redeem, { method: 'POST', body, schema: RedemptionSchema });

/** POST convert (sealed: carries the payment password). */
export const convertPoints = (body: ConvertRequest): Promise<ConvertResult> =>
  sealedRequest(POINTS_API.convert, { method: 'POST', body, schema: ConvertResultSchema });
