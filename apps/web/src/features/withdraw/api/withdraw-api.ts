import {
  API,
  WithdrawAccountListSchema,
  WithdrawAccountSchema,
  WithdrawOrderPageSchema,
  WithdrawOrderSchema,
  WithdrawSettingsSchema,
  type BindWithdrawAccountRequest,
  type MemberProfile,
  type ReceiptAnswer,
  type WithdrawAccount,
  type WithdrawOrder,
  type WithdrawOrderPage,
  type WithdrawRequest,
  type WithdrawSettings,
} from '@platform/contracts';
import { apiPath, apiRequest } from '@/lib/api-client';
import { MEMBER_QUERY_ROOT } from '@/lib/member-info';
import { ORDER_QUERY_ROOTS } from '@/lib/realtime';
import { sealedRequest } from '@/lib/sealed-request';

export const WITHDRAW_QUERY_ROOT = ORDER_QUERY_ROOTS.withdrawal;
export const settingsQueryKey = [WITHDRAW_QUERY_ROOT, 'settings'] as const;
export const accountsQueryKey = [WITHDRAW_QUERY_ROOT, 'accounts'] as const;
export const ordersQueryKey = (page: number) => [WITHDRAW_QUERY_ROOT, 'orders', page] as const;
/** The member feature's profile query (same key, same data): the real name the holder name must match. */
export const profileQueryKey = [MEMBER_QUERY_ROOT, 'profile'] as const;
/** The header's balance query; refreshed after money moved. */
export const BALANCE_QUERY_KEY = ['wallet', 'balance'] as const;
export const ORDERS_PAGE_SIZE = 10;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const getSettings = (signal?: AbortSignal): Promise<WithdrawSettings> =>
  apiRequest(API.withdraw.settings, { schema: WithdrawSettingsSchema, ...withSignal(signal) });

export const getProfile = (signal?: AbortSignal): Promise<MemberProfile> =>
  apiRequest<MemberProfile>(API.member.profile, withSignal(signal));

export const getAccounts = async (signal?: AbortSignal): Promise<WithdrawAccount[]> =>
  (await apiRequest(API.withdraw.accounts, { schema: WithdrawAccountListSchema, ...withSignal(signal) })).list;

export const bindAccount = (body: BindWithdrawAccountRequest): Promise<WithdrawAccount> =>
  apiRequest(API.withdraw.accounts, { method: 'POST', body, schema: WithdrawAccountSchema });

export const removeAccount = (accountId: string): Promise<unknown> =>
  apiRequest(API.withdraw.account.replace(':accountId', encodeURIComponent(accountId)), { method: 'DELETE' });

/** POST /wps/withdraw/orders, sealed (spec "E"): the payment password never travels in the clear. */
export const requestWithdrawal = (body: WithdrawRequest): Promise<WithdrawOrder> =>
  sealedRequest(API.withdraw.orders, { method: 'POST', body, schema: WithdrawOrderSchema });

export const getOrders = (page: number, signal?: AbortSignal): Promise<WithdrawOrderPage> =>
  apiRequest(API.withdraw.orders, {
    query: { page: String(page), pageSize: String(ORDERS_PAGE_SIZE) },
    schema: WithdrawOrderPageSchema,
    ...withSignal(signal),
  });

/** POST the receipt confirmation as multipart/form-data: the answer, an optional note and up to three images. */
export const confirmReceipt = async (
  orderNo: string,
  answer: { state: ReceiptAnswer; note: string; files: readonly File[] },
): Promise<WithdrawOrder> => {
  const form = new FormData();
  form.append('state', answer.state);
  if (answer.note.trim() !== '') form.append('note', answer.note.trim());
  for (const file of answer.files) form.append('proofs', file, file.name);
  return apiRequest(apiPath(API.withdraw.confirm, { orderNo }), {
    method: 'POST',
    formData: form,
    schema: WithdrawOrderSchema,
    // Up to three photos from a phone: more time than a JSON call.
    timeoutMs: 120_000,
  });
};
