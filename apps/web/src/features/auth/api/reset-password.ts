import { API, type PasswordResetRequest } from '@platform/contracts';
import { sealedRequest } from '@/lib/sealed-request';

/** POST /wps/member/password/reset (sealed): the token of the emailed link and the new password. */
export const resetPassword = (request: PasswordResetRequest): Promise<unknown> =>
  sealedRequest(API.member.resetPassword, { method: 'POST', body: request });
