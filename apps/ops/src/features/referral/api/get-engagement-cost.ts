import { EngagementCostSchema, REFERRAL_OPS_API } from '@platform/contracts';
import { apiCall } from '@/lib/api-client';
import { referralRoute, withSignal } from './keys';

/** GET what invite friends and raffles offered and paid over business days from..to (reports.view). */
export const getEngagementCost = (from: string, to: string, signal?: AbortSignal) =>
  apiCall(
    referralRoute('GET', REFERRAL_OPS_API.engagementCost),
    { query: { from, to }, ...withSignal(signal) },
    EngagementCostSchema,
  );
