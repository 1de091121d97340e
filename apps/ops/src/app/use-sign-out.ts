import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { logout } from '@/features/auth/api/auth-api';
import { endSession, type SignedOutReason } from '@/lib/session';

/**
 * Ends the session: tells the server (a failure is harmless: the token is forgotten here anyway and expires there),
 * drops every cached answer (the next staff member on this browser must not see them), and the session guard shows
 * the sign-in page with the reason.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(
    (reason: SignedOutReason = 'signedOut') => {
      logout().catch(() => undefined);
      endSession(reason);
      queryClient.clear();
    },
    [queryClient],
  );
}
