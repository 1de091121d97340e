import { REFERRAL_OPS_API, ReferralSettingsSchema } from '@platform/contracts';
import { apiCall } from '@/lib/api-client';
import { referralRoute, withSignal } from './keys';

/** GET the invite-friends programme's terms (promotions.manage). */
export const getReferralSettings = (signal?: AbortSignal) =>
  apiCall(referralRoute('GET', REFERRAL_OPS_API.referralSettings), withSignal(signal), ReferralSettingsSchema);
