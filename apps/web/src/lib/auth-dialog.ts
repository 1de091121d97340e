import { useSyncExternalStore } from 'react';

/**
 * Which account dialog is open (spec §2 popups: loginPopupModal, registerModal, forgetPassModal, changePassModal, and
 * the reset dialog of the emailed link). A tiny shared store: the header, the routes, the guard, the member and agent
 * centres open dialogs; the auth feature renders them. One at a time: they swap into each other.
 */
export type AuthDialog = 'login' | 'register' | 'forgot' | 'reset' | 'changePassword';

type AuthDialogState = {
  open: AuthDialog | null;
  /** Where to go after a successful login (set when the guard bounced a guest). Same-origin paths only. */
  returnTo: string | null;
  /** The token of the emailed reset link (`/?resetToken=...`), while the reset dialog is open. */
  resetToken: string | null;
  /** The login dialog leads with free play (a guest pressed a game's free trial). */
  freePlayFirst?: boolean;
};

let state: AuthDialogState = { open: null, returnTo: null, resetToken: null };
const listeners = new Set<() => void>();

const setState = (next: AuthDialogState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

/** Accepts "/member?x" but not "//evil.example" or "https://...": a return path must stay on this site. */
export const safeReturnPath = (value: string | null): string | null =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;

/** Swapping between dialogs keeps the return path. */
export const openAuthDialog = (dialog: Exclude<AuthDialog, 'reset'>, returnTo: string | null = null) =>
  setState({
    open: dialog,
    returnTo: safeReturnPath(returnTo) ?? (state.open ? state.returnTo : null),
    resetToken: null,
  });

/** A guest pressed a game's free trial: the login dialog offers free play (a trial account) before anything else. */
export const openFreePlayOffer = () =>
  setState({ open: 'login', returnTo: null, resetToken: null, freePlayFirst: true });

export const openResetDialog = (token: string) => setState({ open: 'reset', returnTo: null, resetToken: token });

export const closeAuthDialog = () => setState({ open: null, returnTo: null, resetToken: null });

/** The return path of the open dialog, read once when a login completes. */
export const authReturnPath = () => state.returnTo;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const getState = () => state;

export const useAuthDialog = (): AuthDialogState => useSyncExternalStore(subscribe, getState, getState);
