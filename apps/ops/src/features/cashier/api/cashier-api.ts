import { z } from 'zod';
import {
  AdjustmentPageSchema,
  AdjustmentResultSchema,
  OpsDepositOrderSchema,
  OpsDepositPageSchema,
  OpsWithdrawalPageSchema,
  OpsWithdrawalSchema,
  type AdjustmentRequest,
  OPS_API,
  OPS_ROUTES,
  type RouteMethod,
} from '@platform/contracts';
import { apiCall, apiFile, apiPath, routeOf, type Query } from '@/lib/api-client';

/** Query keys: a decision refreshes its queue (and the member context in it) by invalidating the prefix. */
export const cashierKeys = {
  deposits: (query: Query) => ['cashier', 'deposits', query] as const,
  withdrawals: (query: Query) => ['cashier', 'withdrawals', query] as const,
  adjustments: (query: Query) => ['cashier', 'adjustments', query] as const,
  proof: (orderNo: string, proofId: string) => ['cashier', 'proof', orderNo, proofId] as const,
};

const route = (method: RouteMethod, path: string) => routeOf(OPS_ROUTES, method, path);

export const getDeposits = (query: Query, signal?: AbortSignal) =>
  apiCall(route('GET', OPS_API.deposits), { query, ...(signal ? { signal } : {}) }, OpsDepositPageSchema);

export const approveDeposit = (orderNo: string) =>
  apiCall(route('POST', OPS_API.depositApprove), { params: { orderNo }, body: {} }, OpsDepositOrderSchema);

export const rejectDeposit = (orderNo: string, reason: string) =>
  apiCall(route('POST', OPS_API.depositReject), { params: { orderNo }, body: { reason } }, OpsDepositOrderSchema);

export const getWithdrawals = (query: Query, signal?: AbortSignal) =>
  apiCall(route('GET', OPS_API.withdrawals), { query, ...(signal ? { signal } : {}) }, OpsWithdrawalPageSchema);

const DecidedWithdrawalSchema = OpsWithdrawalSchema.extend({ replayed: z.boolean() });

export const approveWithdrawal = (orderNo: string) =>
  apiCall(route('POST', OPS_API.withdrawalApprove), { params: { orderNo }, body: {} }, DecidedWithdrawalSchema);

export const rejectWithdrawal = (orderNo: string, reason: string) =>
  apiCall(route('POST', OPS_API.withdrawalReject), { params: { orderNo }, body: { reason } }, DecidedWithdrawalSchema);

/** A proof image the member uploaded, fetched with the staff token (an <img src> could not send it). */
export const getProof = async (orderNo: string, proofId: string): Promise<Blob> =>
  (await apiFile(apiPath(OPS_API.withdrawalProof, { orderNo, proofId }))).blob;

export const getAdjustments = (query: Query, signal?: AbortSignal) =>
  apiCall(route('GET', OPS_API.adjustments), { query, ...(signal ? { signal } : {}) }, AdjustmentPageSchema);

export const requestAdjustment = (body: AdjustmentRequest) =>
  apiCall(route('POST', OPS_API.adjustments), { body }, AdjustmentResultSchema);

export const approveAdjustment = (id: string) =>
  apiCall(route('POST', OPS_API.adjustmentApprove), { params: { id }, body: {} }, AdjustmentResultSchema);

export const rejectAdjustment = (id: string, reason: string) =>
  apiCall(route('POST', OPS_API.adjustmentReject), { params: { id }, body: { reason } }, AdjustmentResultSchema);
