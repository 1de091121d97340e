import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { AuthDialogs } from '@/features/auth/components/auth-dialogs';
import { PageLoader } from '@/components/page-loader';

/**
 * Wraps every layout: the loader overlay while a navigation (and its page chunk) is in flight, scroll to
 * top after each navigation (spec §2), and the account dialogs that any page can open.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const { key, hash } = useLocation();
  useEffect(() => {
    // A #anchor navigation scrolls to its anchor instead (the help page's #term).
    if (!hash) window.scrollTo(0, 0);
  }, [key, hash]);
  return (
    <>
      <Outlet />
      {navigation.state !== 'idle' && <PageLoader />}
      <AuthDialogs />
    </>
  );
}
