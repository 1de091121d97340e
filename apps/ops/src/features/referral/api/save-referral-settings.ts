import { REFERRAL_OPS_API, ReferralSettingsSchema, type ReferralSettings } from '@platform/contracts';
import { apiCall } from '@/lib/api-client';
import { referralRoute } from './keys';

/** PUT the invite-friends programme's terms (promotions.manage; audited by the server). */
export const saveReferralSettings = (body: ReferralSettings) =>
  apiCall(referralRoute('PUT', REFERRAL_OPS_API.referralSettings), { body }, ReferralSettingsSchema);
