import { API, type RegisterSmsCodeRequest, type SmsCodeRequest, type SmsCodeResponse } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

export type SmsPurpose = 'login' | 'register' | 'forgot';

/**
 * The SMS code calls (spec §7): POST /wps/verification/sms/noLogin (login), /sms/register (the registration variant
 * names the number mobileNo) and /sms/forgot. The answer says how long the code lives (expiredMinutes).
 */
export const requestSmsCode = (
  purpose: SmsPurpose,
  mobile: { mobileNum: string; countryDialingCode: string },
): Promise<SmsCodeResponse> => {
  if (purpose === 'register') {
    const body: RegisterSmsCodeRequest = { mobileNo: mobile.mobileNum, countryDialingCode: mobile.countryDialingCode };
    return apiRequest<SmsCodeResponse>(API.verification.smsRegister, { method: 'POST', body });
  }
  const body: SmsCodeRequest = { mobileNum: mobile.mobileNum, countryDialingCode: mobile.countryDialingCode };
  const path = purpose === 'login' ? API.verification.smsLogin : API.verification.smsForgot;
  return apiRequest<SmsCodeResponse>(path, { method: 'POST', body });
};
