import { API, type LoginResponse, type RegisterRequest } from '@platform/contracts';
import { sealedRequest } from '@/lib/sealed-request';

export type RegisterVariant = 'username' | 'mobile';

/** PUT /wps/member/register and /wps/member/register/mobile (spec §7, sealed). Success logs the new member in. */
export const register = (variant: RegisterVariant, request: RegisterRequest): Promise<LoginResponse> =>
  sealedRequest<LoginResponse>(variant === 'mobile' ? API.member.registerMobile : API.member.register, {
    method: 'PUT',
    body: request,
  });
