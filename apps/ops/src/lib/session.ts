import { useSyncExternalStore } from 'react';
import type { StaffPermission, StaffProfile } from '@platform/contracts';
import { OPS_STORAGE_KEYS, session as sessionStore } from './storage';

export type { StaffProfile };

/** Why a session ended, shown once on the sign-in page. */
export type SignedOutReason = 'expired' | 'idle' | 'signedOut';

type SessionState = { token: string | null; staff: StaffProfile | null };

let state: SessionState = { token: sessionStore.getItem(OPS_STORAGE_KEYS.token), staff: null };
const listeners = new Set<() => void>();

const setState = (next: SessionState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

/** The bearer token of the current session (sessionStorage: it dies with the tab), or null. */
export const getToken = (): string | null => state.token;

export const getStaff = (): StaffProfile | null => state.staff;

/** A completed sign-in (or a profile reloaded with a stored token). */
export const startSession = (token: string, staff: StaffProfile) => {
  sessionStore.setItem(OPS_STORAGE_KEYS.token, token);
  sessionStore.removeItem(OPS_STORAGE_KEYS.signedOutReason);
  setState({ token, staff });
};

/** Forgets the session locally; the sign-in page then says why (idle, expired) unless the staff member signed out. */
export const endSession = (reason: SignedOutReason) => {
  sessionStore.removeItem(OPS_STORAGE_KEYS.token);
  if (reason === 'signedOut') sessionStore.removeItem(OPS_STORAGE_KEYS.signedOutReason);
  else sessionStore.setItem(OPS_STORAGE_KEYS.signedOutReason, reason);
  setState({ token: null, staff: null });
};

/** Why the previous session ended (idle, expired), or null. */
export const readSignedOutReason = (): SignedOutReason | null => {
  const reason = sessionStore.getItem(OPS_STORAGE_KEYS.signedOutReason);
  return reason === 'expired' || reason === 'idle' ? reason : null;
};

/** Once shown, the reason is not shown again. */
export const clearSignedOutReason = () => sessionStore.removeItem(OPS_STORAGE_KEYS.signedOutReason);

/** Re-reads the stored token (tests reset storage between cases). */
export const resetSessionForTests = () =>
  setState({ token: sessionStore.getItem(OPS_STORAGE_KEYS.token), staff: null });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const get = () => state;

export const useSession = (): SessionState => useSyncExternalStore(subscribe, get, get);

/** The signed-in staff member; only under the signed-in layout, where there always is one. */
export const useStaff = (): StaffProfile => {
  const { staff } = useSession();
  if (!staff) throw new Error('useStaff outside a signed-in page');
  return staff;
};

export const hasPermission = (staff: StaffProfile | null, permission: StaffPermission | null): boolean =>
  permission === null || (staff?.permissions.includes(permission) ?? false);

/** Whether the signed-in staff member holds a permission (hide buttons the role cannot use). */
export const useCan = (permission: StaffPermission): boolean => hasPermission(useSession().staff, permission);
