import { API, type ChangePasswordRequest, type LoginResponse } from '@platform/contracts';
import { sealedRequest } from '@/lib/sealed-request';

/**
 * POST /wps/member/password (spec §7, T and E). Every session of the member ends with the old password; the answer
 * is a fresh login (spec §4 "Password change: success logs the user in again").
 */
export const changePassword = (request: ChangePasswordRequest): Promise<LoginResponse> =>
  sealedRequest<LoginResponse>(API.member.changePassword, { method: 'POST', body: request });
