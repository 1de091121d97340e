import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { AuthDialogs } from '@/features/auth/components/auth-dialogs';
import { GroupBanner } from '@/features/notices/components/group-banner';
import { SiteModals } from '@/app/site-modals';
import { AppDialogs } from '@/components/app-dialogs';
import { PageLoader } from '@/components/page-loader';
import { Toaster } from '@/components/toaster';
import { captureAffiliateCode } from '@/lib/affiliate';
import { openResetDialog } from '@/lib/auth-dialog';
import { useMemberInfoSync } from '@/lib/member-info';
import { useRealtime } from '@/lib/realtime';

const RESET_TOKEN_PARAM = 'resetToken';

/**
 * The emailed reset link is `/?resetToken=...` (forgetPassModal): it opens the reset dialog, and the token leaves the
 * address bar (and the history entry) at once. An invitation code in the address is kept for registration.
 */
function useLinkParams() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    captureAffiliateCode(search);
    const params = new URLSearchParams(search);
    const token = params.get(RESET_TOKEN_PARAM);
    if (!token) return;
    openResetDialog(token);
    params.delete(RESET_TOKEN_PARAM);
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
  }, [pathname, search, hash, navigate]);
}

/**
 * Wraps every layout: the loader overlay while a navigation (and its page chunk) is in flight, scroll to
 * top after each navigation (spec §2), member info of a stored session, and the dialogs any page can open.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const { key, hash } = useLocation();
  useMemberInfoSync();
  useRealtime();
  useLinkParams();
  useEffect(() => {
    // A #anchor navigation scrolls to its anchor instead (the help page's #term).
    if (!hash) window.scrollTo(0, 0);
  }, [key, hash]);
  return (
    <>
      <Outlet />
      {navigation.state !== 'idle' && <PageLoader />}
      <AuthDialogs banner={(group) => <GroupBanner group={group} />} />
      <AppDialogs />
      <SiteModals />
      <Toaster />
    </>
  );
}
