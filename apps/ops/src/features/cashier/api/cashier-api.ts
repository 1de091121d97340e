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
} from '@platform/contracts';
import { apiFile, apiPath, apiRequest, type Query } from '@/lib/api-client';

/** Query keys: a decision refreshes its queue (and the member context in it) by invalidating the prefix. */
export const cashierKeys = {
  deposits: (query: Query) => ['cashier', 'deposits', query] as const,
  withdrawals: (query: Query) => ['cashier', 'withdrawals', query] as const,
  adjustments: (query: Query) => ['cashier', 'adjustments', query] as const,
  proof: (orderNo: string, proofId: string) => ['cashier', 'proof', orderNo, proofId] as const,
};

export const getDeposits = (query: Query, signal?: AbortSignal) =>
  apiRequest(OPS_API.deposits, { query, schema: OpsDepositPageSchema, signal });

export const approveDeposit = (orderNo: string) =>
  apiRequest(apiPath(OPS_API.depositApprove, { orderNo }), { method: 'POST', body: {}, schema: OpsDepositOrderSchema });

export const rejectDeposit = (orderNo: string, reason: string) =>
  apiRequest(apiPath(OPS_API.depositReject, { orderNo }), {
    method: 'POST',
    body: { reason },
    schema: OpsDepositOrderSchema,
  });

export const getWithdrawals = (query: Query, signal?: AbortSignal) =>
  apiRequest(OPS_API.withdrawals, { query, schema: OpsWithdrawalPageSchema, signal });

const DecidedWithdrawalSchema = OpsWithdrawalSchema.extend({ replayed: z.boolean() });

export const approveWithdrawal = (orderNo: string) =>
  apiRequest(apiPath(OPS_API.withdrawalApprove, { orderNo }), {
    method: 'POST',
    body: {},
    schema: DecidedWithdrawalSchema,
  });

export const rejectWithdrawal = (orderNo: string, reason: string) =>
  apiRequest(apiPath(OPS_API.withdrawalReject, { orderNo }), {
    method: 'POST',
    body: { reason },
    schema: DecidedWithdrawalSchema,
  });

/** A proof image the member uploaded, fetched with the staff token (an <img src> could not send it). */
export const getProof = async (orderNo: string, proofId: string): Promise<Blob> =>
  (await apiFile(apiPath(OPS_API.withdrawalProof, { orderNo, proofId }))).blob;

export const getAdjustments = (query: Query, signal?: AbortSignal) =>
  apiRequest(OPS_API.adjustments, { query, schema: AdjustmentPageSchema, signal });

export const requestAdjustment = (body: AdjustmentRequest) =>
  apiRequest(OPS_API.adjustments, { method: 'POST', body, schema: AdjustmentResultSchema });

export const approveAdjustment = (id: string) =>
  apiRequest(apiPath(OPS_API.adjustmentApprove, { id }), { method: 'POST', body: {}, schema: AdjustmentResultSchema });

export const rejectAdjustment = (id: string, reason: string) =>
  apiRequest(apiPath(OPS_API.adjustmentReject, { id }), {
    method: 'POST',
    body: { reason },
    schema: AdjustmentResultSchema,
  });
