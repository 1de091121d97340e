import { API, type MemberProfile, type UpdateProfileRequest } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { MEMBER_QUERY_ROOT } from '@/lib/member-info';

export const profileQueryKey = [MEMBER_QUERY_ROOT, 'profile'] as const;

/** GET /wps/member/profile: the profile fields (spec §3) and which of them the member may change now. */
export const getProfile = (signal?: AbortSignal): Promise<MemberProfile> =>
  apiRequest<MemberProfile>(API.member.profile, signal ? { signal } : {});

/** PUT /wps/member/profile: only the fields to change; '' clears a field that is not set-once. */
export const updateProfile = (changes: UpdateProfileRequest): Promise<MemberProfile> =>
  apiRequest<MemberProfile>(API.member.profile, { method: 'PUT', body: changes });
