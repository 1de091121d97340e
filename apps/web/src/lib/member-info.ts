import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRevalidator } from 'react-router';
import { API, type MemberInfo } from '@platform/contracts';
import { apiRequest, ApiError, invalidResponse } from './api-client';
import { openAuthDialog } from './auth-dialog';
import { clearSession, mustChangePassword, updateUser, useSession } from './session';

/** Every query of the logged-in member starts with this key, so logout drops them all at once. */
export const MEMBER_QUERY_ROOT = 'member';
export const memberInfoQueryKey = [MEMBER_QUERY_ROOT, 'info'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * GET /wps/member/info (spec §7, T). Checked by hand rather than by MemberInfoSchema: this runs on every start with a
 * session, and zod stays off the first page (ADR 0008); the server serializes it through the schema.
 */
export const fetchMemberInfo = async (signal?: AbortSignal): Promise<MemberInfo> => {
  const value = await apiRequest<MemberInfo>(API.member.info, signal ? { signal } : {});
  if (!isRecord(value) || !Number.isInteger(value.type) || typeof value.account !== 'string') {
    throw invalidResponse();
  }
  return value;
};

/** The session is gone on the server (expired, revoked by a password change elsewhere, or never valid). */
export const isUnauthorized = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === 401 || error.code === 'AUTH_REQUIRED' || error.code === 'SESSION_EXPIRED');

/**
 * Start-up with a stored token (spec §4): member info loads and refreshes the stored user; a 401 clears the session
 * quietly and re-runs the route guards, so a guarded page the token no longer opens goes to the login dialog. A
 * session that still has to change its password gets the change dialog back after a reload.
 */
export function useMemberInfoSync() {
  const { isLogin } = useSession();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!isLogin) return;
    if (mustChangePassword()) openAuthDialog('changePassword');
    let active = true;
    // fetchQuery rather than useQuery: the first page then carries no query observer (ADR 0008's budget); pages
    // that show member info subscribe to the same cache entry.
    queryClient
      .fetchQuery({
        queryKey: memberInfoQueryKey,
        queryFn: ({ signal }) => fetchMemberInfo(signal),
        staleTime: 60_000,
        // A refused session is final; anything else (a network blip) gets one more try.
        retry: (failures, error) => !isUnauthorized(error) && failures < 1,
      })
      .then((info) => {
        if (active) updateUser(info);
      })
      .catch((error: unknown) => {
        if (!active || !isUnauthorized(error)) return;
        clearSession();
        void revalidator.revalidate();
      });
    return () => {
      active = false;
    };
    // Runs when a session starts (start-up, login); the revalidator object changes on every render.
  }, [isLogin, queryClient]);
}
