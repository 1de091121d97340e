import {
  API,
  TransactionPageSchema,
  TransferResultSchema,
  UplineInfoSchema,
  type TransactionPage,
  type TransferDownlineRequest,
  type TransferResult,
  type TransferUplineRequest,
  type UplineInfo,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { sealedRequest } from '@/lib/sealed-request';
import { WALLET_QUERY_ROOT } from '@/lib/wallet';

/** Under the wallet root: a realtime balance event refreshes the record too. */
export const recordsQueryRoot = [WALLET_QUERY_ROOT, 'records'] as const;
export const uplineQueryKey = [WALLET_QUERY_ROOT, 'upline'] as const;

/** GET transferUpline (T): the member's upline, or null. */
export const fetchUpline = (signal?: AbortSignal): Promise<UplineInfo> =>
  apiRequest(API.wallet.transferUpline, { schema: UplineInfoSchema, ...(signal ? { signal } : {}) });

/** POST transferUpline (sealed: carries the payment password). */
export const transferToUpline = (body: TransferUplineRequest): Promise<TransferResult> =>
  sealedRequest(API.wallet.transferUpline, { method: 'POST', body, schema: TransferResultSchema });

/** POST agent transferDownline (sealed). */
export const transferToDownline = (body: TransferDownlineRequest): Promise<TransferResult> =>
  sealedRequest(API.agent.transferDownline, { method: 'POST', body, schema: TransferResultSchema });

export type RecordsFilter = {
  type: string;
  period: string;
  startDate?: string;
  endDate?: string;
  pageNo: number;
  pageSize: number;
};

/** GET the account record (T), one page. */
export const fetchTransactions = (filter: RecordsFilter, signal?: AbortSignal): Promise<TransactionPage> => {
  const query: Record<string, string> = {
    type: filter.type,
    period: filter.period,
    pageNo: String(filter.pageNo),
    pageSize: String(filter.pageSize),
  };
  if (filter.period === 'CUSTOM' && filter.startDate && filter.endDate) {
    query.startDate = filter.startDate;
    query.endDate = filter.endDate;
  }
  return apiRequest(API.wallet.transactions, { query, schema: TransactionPageSchema, ...(signal ? { signal } : {}) });
};
