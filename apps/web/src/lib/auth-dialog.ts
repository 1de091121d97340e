import { useSyncExternalStore } from 'react';

/**
 * Which account dialog is open (spec §2 popups: loginPopupModal, registerModal). A tiny shared store:
 * the header, the /login and /register routes and the guard open dialogs; the auth feature renders them.
 */
export type AuthDialog = 'login' | 'register';

type AuthDialogState = {
  open: AuthDialog | null;
  /** Where to go after a successful login (set when the guard bounced a guest). Same-origin paths only. */
  returnTo: string | null;
};

let state: AuthDialogState = { open: null, returnTo: null };
const listeners = new Set<() => void>();

const setState = (next: AuthDialogState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

/** Accepts "/member?x" but not "//evil.example" or "https://...": a return path must stay on this site. */
export const safeReturnPath = (value: string | null): string | null =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;

/** Swapping login <-> register keeps the return path. */
export const openAuthDialog = (dialog: AuthDialog, returnTo: string | null = null) =>
  setState({ open: dialog, returnTo: safeReturnPath(returnTo) ?? (state.open ? state.returnTo : null) });

export const closeAuthDialog = () => setState({ open: null, returnTo: null });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const getState = () => state;

export const useAuthDialog = (): AuthDialogState => useSyncExternalStore(subscribe, getState, getState);
