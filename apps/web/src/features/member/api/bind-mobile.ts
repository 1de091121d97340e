import { API, type BindMobileRequest, type MemberInfo } from '@platform/contracts';
import { sealedRequest } from '@/lib/sealed-request';

/** PUT /wps/member/mobile (T, sealed): binds the number with its SMS code; answers the updated member info. */
export const bindMobile = (request: BindMobileRequest): Promise<MemberInfo> =>
  sealedRequest<MemberInfo>(API.member.mobile, { method: 'PUT', body: request });
