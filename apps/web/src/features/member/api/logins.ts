import { API, type LoginRecord } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { MEMBER_QUERY_ROOT } from '@/lib/member-info';

export const loginsQueryKey = [MEMBER_QUERY_ROOT, 'logins'] as const;

/** GET /wps/member/logins: the last logins, newest first. */
export const getLogins = async (signal?: AbortSignal): Promise<LoginRecord[]> =>
  (await apiRequest<{ list: LoginRecord[] }>(API.member.logins, signal ? { signal } : {})).list;
