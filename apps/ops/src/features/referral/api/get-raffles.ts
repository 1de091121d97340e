import { OpsRaffleListSchema, REFERRAL_OPS_API } from '@platform/contracts';
import { apiCall } from '@/lib/api-client';
import { referralRoute, withSignal } from './keys';

/** GET the newest raffles, cancelled ones included, and the merchant's time zone (promotions.manage). */
export const getRaffles = (signal?: AbortSignal) =>
  apiCall(referralRoute('GET', REFERRAL_OPS_API.raffles), withSignal(signal), OpsRaffleListSchema);
