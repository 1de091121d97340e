import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES, type LoginResponse } from '@platform/contracts';
import { authReturnPath, closeAuthDialog, openAuthDialog } from '@/lib/auth-dialog';
import { fetchMemberInfo, MEMBER_QUERY_ROOT, memberInfoQueryKey } from '@/lib/member-info';
import { WALLET_QUERY_ROOT } from '@/lib/wallet';
import { displayNameOf, startSession, updateUser } from '@/lib/session';
import { showToast } from '@/lib/toast';

/**
 * After a login, registration, free play or password change (spec §4): the token goes to session storage; a session
 * that must change its password opens changePassModal and stops there; otherwise member info loads, the dialog
 * closes, the first login gets its welcome, agents go to /agentHome, trial members home, and members back to the page
 * the guard bounced them from (or `destination`).
 */
export function useCompleteLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (response: LoginResponse, options: { destination?: string } = {}) => {
      const returnTo = authReturnPath();
      // Another member's cached data must never show for this one.
      queryClient.removeQueries({ queryKey: [MEMBER_QUERY_ROOT] });
      queryClient.removeQueries({ queryKey: [WALLET_QUERY_ROOT] });
      startSession(response);
      if (response.mustChangePassword) {
        openAuthDialog('changePassword', returnTo);
        return;
      }
      const user = await queryClient
        .fetchQuery({ queryKey: memberInfoQueryKey, queryFn: ({ signal }) => fetchMemberInfo(signal) })
        .catch(() => response.user);
      updateUser(user);
      closeAuthDialog();
      if (response.firstTimeLogin) showToast(t('auth.welcome', { name: displayNameOf(user) }));
      const target = user.isAgent ? ROUTES.agentHome : user.isTrial ? ROUTES.home : (options.destination ?? returnTo);
      if (target) await navigate(target);
    },
    [t, navigate, queryClient],
  );
}
