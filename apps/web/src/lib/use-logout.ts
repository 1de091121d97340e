import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API, ROUTES } from '@platform/contracts';
import { apiRequest } from './api-client';
import { openConfirm } from './app-dialogs';
import { closeAuthDialog } from './auth-dialog';
import { MEMBER_QUERY_ROOT } from './member-info';
import { clearSession } from './session';
import { WALLET_QUERY_ROOT } from './wallet';

/**
 * Ends the session: DELETE /wps/session/logout (a failure, e.g. an already expired session, does not keep anyone
 * logged in), then the identity keys and the member's cached data go. Language, theme and the configuration stay.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await apiRequest(API.session.logout, { method: 'DELETE' }).catch(() => undefined);
    clearSession();
    closeAuthDialog();
    queryClient.removeQueries({ queryKey: [MEMBER_QUERY_ROOT] });
    queryClient.removeQueries({ queryKey: [WALLET_QUERY_ROOT] });
  }, [queryClient]);
}

/** Sign-out as the spec has it (§4): confirm (title, cancel, confirm), log out, clear the session, go home. */
export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const endSession = useEndSession();
  return useCallback(
    () =>
      openConfirm({
        title: t('logout.title'),
        message: t('logout.message'),
        confirmLabel: t('logout.confirm'),
        cancelLabel: t('common.cancel'),
        onConfirm: async () => {
          await endSession();
          await navigate(ROUTES.home);
        },
      }),
    [t, navigate, endSession],
  );
}
