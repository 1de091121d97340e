import { API, type ForgotByPhoneRequest } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { sealedRequest } from '@/lib/sealed-request';

/** POST /wps/member/password/email, form-encoded (spec §3). Always answered with the same neutral message. */
export const forgotByEmail = (username: string, email: string): Promise<unknown> =>
  apiRequest(API.member.forgotByEmail, { method: 'POST', form: { username, email } });

/** POST /wps/member/password/verification (spec §7, sealed): a new password with the SMS code. */
export const forgotByPhone = (request: ForgotByPhoneRequest): Promise<unknown> =>
  sealedRequest(API.member.forgotByPhone, { method: 'POST', body: request });
