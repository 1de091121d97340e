import {
  API,
  CreateDepositResponseSchema,
  DepositChannelListSchema,
  DepositOrderPageSchema,
  DepositOrderSchema,
  PromotionListSchema,
  type CreateDepositRequest,
  type CreateDepositResponse,
  type DepositChannel,
  type DepositOrder,
  type DepositOrderPage,
  type Promotion,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { ORDER_QUERY_ROOTS } from '@/lib/realtime';

export const DEPOSIT_QUERY_ROOT = ORDER_QUERY_ROOTS.deposit;
export const channelsQueryKey = [DEPOSIT_QUERY_ROOT, 'channels'] as const;
export const ordersQueryKey = (pageNo: number) => [DEPOSIT_QUERY_ROOT, 'orders', pageNo] as const;
export const orderQueryKey = (orderNo: string) => [DEPOSIT_QUERY_ROOT, 'order', orderNo] as const;
/** The header's balance query (the wallet header owns it); refreshed after money may have moved. */
export const BALANCE_QUERY_KEY = ['wallet', 'balance'] as const;

/** GET /wps/deposit/channels: the enabled channels with their limits. */
export const getChannels = async (signal?: AbortSignal): Promise<DepositChannel[]> =>
  (await apiRequest(API.deposit.channels, { schema: DepositChannelListSchema, ...(signal ? { signal } : {}) })).list;

/** GET /wps/deposit/orders: the member's orders, newest first. */
export const getOrders = (pageNo: number, pageSize: number, signal?: AbortSignal): Promise<DepositOrderPage> =>
  apiRequest(API.deposit.orders, {
    query: { pageNo: String(pageNo), pageSize: String(pageSize) },
    schema: DepositOrderPageSchema,
    ...(signal ? { signal } : {}),
  });

/** GET /wps/deposit/orders/:orderNo: one of the member's orders (another member's is 404). */
export const getOrder = (orderNo: string, signal?: AbortSignal): Promise<DepositOrder> =>
  apiRequest(API.deposit.order.replace(':orderNo', encodeURIComponent(orderNo)), {
    schema: DepositOrderSchema,
    ...(signal ? { signal } : {}),
  });

/** POST /wps/deposit/orders: idempotent by requestId. */
export const createDeposit = (request: CreateDepositRequest): Promise<CreateDepositResponse> =>
  apiRequest(API.deposit.orders, { method: 'POST', body: request, schema: CreateDepositResponseSchema });

/** The deposit bonuses the member can opt into now (promotions of kind FIRST_DEPOSIT or RELOAD with status join). */
export const depositBonusesQueryKey = (language: string) => ['promotions', 'deposit-bonuses', language] as const;
export const getDepositBonuses = async (language: string, signal?: AbortSignal): Promise<Promotion[]> =>
  (
    await apiRequest(API.promotions.list, {
      query: { language },
      schema: PromotionListSchema,
      ...(signal ? { signal } : {}),
    })
  ).list.filter((p) => (p.kind === 'FIRST_DEPOSIT' || p.kind === 'RELOAD') && p.status === 'join');
