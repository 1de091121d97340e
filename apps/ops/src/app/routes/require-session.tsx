import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ErrorState } from '@/components/data-table';
import { getMe } from '@/features/auth/api/auth-api';
import { startSession, useSession } from '@/lib/session';

/**
 * Signed-in pages only: without a token, the sign-in page (which comes back here after); with a stored token but no
 * profile yet (a reload), the profile is fetched first. A 401 there ends the session (api-client) and lands here.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { token, staff } = useSession();
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: ['ops', 'me', token],
    queryFn: ({ signal }) => getMe(signal),
    enabled: token !== null && staff === null,
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (token !== null && staff === null && me.data) startSession(token, me.data);
  }, [token, staff, me.data]);
  // A session that ended (expired, idle, signed out) leaves nothing cached for whoever signs in next on this tab.
  useEffect(() => {
    if (token === null) queryClient.clear();
  }, [token, queryClient]);

  if (token === null) {
    return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (staff === null) {
    if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} testId="session-error" />;
    return (
      <div className="page-loader page-loader--boot" role="status" aria-label={t('common.loading')}>
        <div className="spinner" />
      </div>
    );
  }
  return children;
}
