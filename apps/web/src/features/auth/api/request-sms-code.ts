import { API, type RegisterSmsCodeRequest, type SmsCodeRequest } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

export type SmsPurpose = 'login' | 'register' | 'forgot';
export type SmsCodeAnswer = { expiredMinutes: number };

/**
 * The SMS code calls (spec §7): POST /wps/verification/sms/noLogin (login), /sms/register (the registration variant
 * names the number mobileNo) and /sms/forgot. The answer says how long the code lives (expiredMinutes).
 */
export const requestSmsCode = (
  purpose: SmsPurpose,
  mobile: { mobileNum: string; countryDialingCode: string },
): Promise<SmsCodeAnswer> => {
  if (purpose === 'register') {
    const body: RegisterSmsCodeRequest = { mobileNo: mobile.mobileNum, countryDialingCode: mobile.countryDialingCode };
    return apiRequest<SmsCodeAnswer>(API.verification.smsRegister, { method: 'POST', body });
  }
  const body: SmsCodeRequest = { mobileNum: mobile.mobileNum, countryDialingCode: mobile.countryDialingCode };
  const path = purpose === 'login' ? API.verification.smsLogin : API.verification.smsForgot;
  return apiRequest<SmsCodeAnswer>(path, { method: 'POST', body });
};
