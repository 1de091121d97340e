import { redirect, replace, type LoaderFunctionArgs } from 'react-router';
import { ROUTES } from '@platform/contracts';
import { paths, type Guard } from '@/config/paths';
import { captureAffiliateCode } from '@/lib/affiliate';
import { openTrialNotice } from '@/lib/app-dialogs';
import { openAuthDialog } from '@/lib/auth-dialog';
import { readSession, type SessionState } from '@/lib/session';

export type GuardResult = { to: string; replace: boolean; trialNotice?: boolean } | null;

/**
 * Navigation guard (spec §2, §5 "Login-required actions"):
 * - login: a user without a session token goes to /login, which shows home with the login popup;
 * - member: as login, and a trial member (user type 4) has no member centre: home, with the notice that a true
 *   account is needed (spec §6);
 * - agent: /agentHome is for agents only; anyone else (guest included: the agent landing has its own
 *   login form) is replaced by /agent; a trial member also gets the notice.
 */
export function checkGuard(guard: Guard, session: SessionState, requested: string): GuardResult {
  switch (guard) {
    case 'none':
      return null;
    case 'login':
      return session.isLogin ? null : { to: paths.loginFrom(requested), replace: false };
    case 'member':
      if (!session.isLogin) return { to: paths.loginFrom(requested), replace: false };
      return session.isTrial ? { to: ROUTES.home, replace: true, trialNotice: true } : null;
    case 'agent':
      if (session.isLogin && session.isAgent) return null;
      return { to: ROUTES.agent, replace: true, ...(session.isTrial ? { trialNotice: true } : {}) };
  }
}

/** Runs before the page renders, so a guarded page never flashes on screen. */
export const guardLoader =
  (guard: Guard) =>
  ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const result = checkGuard(guard, readSession(), `${url.pathname}${url.search}`);
    if (!result) return null;
    if (result.trialNotice) openTrialNotice();
    throw result.replace ? replace(result.to) : redirect(result.to);
  };

/**
 * /login "shows home, redirects to / and opens the login popup"; /register "shows home and opens the
 * register modal" (spec §2). Both land on / so the address never names a dialog that was dismissed.
 * A logged-in user just goes home.
 */
export const authDialogLoader =
  (dialog: 'login' | 'register') =>
  ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    // /register?code=... : the invitation code must survive the redirect to /.
    captureAffiliateCode(url.search);
    if (!readSession().isLogin) openAuthDialog(dialog, url.searchParams.get('redirect'));
    return replace(ROUTES.home);
  };
