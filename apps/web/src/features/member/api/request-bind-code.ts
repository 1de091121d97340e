import { API, type BindMobileSmsRequest, type SmsCodeResponse } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /wps/verification/sms/bind (T): a code to the number being bound; the answer says how long it lives. */
export const requestBindCode = (request: BindMobileSmsRequest): Promise<SmsCodeResponse> =>
  apiRequest<SmsCodeResponse>(API.verification.smsBind, { method: 'POST', body: request });
