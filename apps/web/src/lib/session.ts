import { useSyncExternalStore } from 'react';
import {
  AGENT_USER_TYPES,
  STORAGE_KEYS,
  TRIAL_USER_TYPE,
  type LoginResponse,
  type MemberInfo,
} from '@platform/contracts';
import { session as sessionStore, type KeyValueStore } from './storage';

/**
 * Login state (spec §3 "Login state: isLogin, isAgent, isTrial"). The token lives in session storage (spec §4), with
 * the member info of the login answer (refreshed from /wps/member/info at start-up) under SESSION_USER_KEY. Member info
 * of an agent type sets the agent flag, the trial type the trial flag (spec §4).
 */
export const SESSION_USER_KEY = 'userInfo';
/**
 * "cpw" (spec §4 free play "removes the stored cpw item"): set while this session came from a login that must change
 * its password (123456 or expired), so the change dialog asks no old password and comes back after a reload.
 */
export const MUST_CHANGE_PASSWORD_KEY = 'cpw';

/** What the header and the centres show; checked by hand to keep zod out of the first page's JavaScript. */
export type SessionUser = Pick<MemberInfo, 'type'> & Partial<Omit<MemberInfo, 'type'>>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const userOf = (value: unknown): SessionUser | null =>
  isRecord(value) && Number.isInteger(value.type) ? (value as SessionUser) : null;

export type SessionState = { isLogin: boolean; isAgent: boolean; isTrial: boolean };

const GUEST: SessionState = { isLogin: false, isAgent: false, isTrial: false };

export const readUser = (store: KeyValueStore = sessionStore): SessionUser | null => {
  const raw = store.getItem(SESSION_USER_KEY);
  if (!raw) return null;
  try {
    return userOf(JSON.parse(raw));
  } catch {
    return null;
  }
};

export const getToken = (store: KeyValueStore = sessionStore): string | null =>
  store.getItem(STORAGE_KEYS.token) || null;

export const readSession = (store: KeyValueStore = sessionStore): SessionState => {
  if (!getToken(store)) return GUEST;
  const type = readUser(store)?.type ?? null;
  return {
    isLogin: true,
    isAgent: type !== null && AGENT_USER_TYPES.includes(type),
    isTrial: type === TRIAL_USER_TYPE,
  };
};

export const mustChangePassword = (store: KeyValueStore = sessionStore): boolean =>
  getToken(store) !== null && store.getItem(MUST_CHANGE_PASSWORD_KEY) === '1';

const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

/** Called by whoever changes the session so that mounted components re-render. */
export const notifySessionChanged = emit;

/**
 * A successful login, registration, free play or password change (spec §4): the token in session storage, the member
 * info beside it, and the forced-change mark when the server asked for one.
 */
export const startSession = (response: LoginResponse, store: KeyValueStore = sessionStore) => {
  store.setItem(STORAGE_KEYS.token, response.token);
  store.setItem(SESSION_USER_KEY, JSON.stringify(response.user));
  if (response.mustChangePassword) store.setItem(MUST_CHANGE_PASSWORD_KEY, '1');
  else store.removeItem(MUST_CHANGE_PASSWORD_KEY);
  emit();
};

/** Fresh member info (GET /wps/member/info). */
export const updateUser = (user: MemberInfo, store: KeyValueStore = sessionStore) => {
  if (!getToken(store)) return;
  store.setItem(SESSION_USER_KEY, JSON.stringify(user));
  emit();
};

/**
 * Logout and expired sessions: only the identity keys go. Merchant values (configuration, language, theme) and the
 * remembered username stay where they are (spec §4 "clears the session but keeps merchant values").
 */
export const clearSession = (store: KeyValueStore = sessionStore) => {
  store.removeItem(STORAGE_KEYS.token);
  store.removeItem(SESSION_USER_KEY);
  store.removeItem(MUST_CHANGE_PASSWORD_KEY);
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// useSyncExternalStore needs stable snapshots: hand back the cached object while nothing changed.
let cachedState: SessionState = GUEST;
const getStateSnapshot = (): SessionState => {
  const next = readSession();
  if (
    next.isLogin !== cachedState.isLogin ||
    next.isAgent !== cachedState.isAgent ||
    next.isTrial !== cachedState.isTrial
  ) {
    cachedState = next;
  }
  return cachedState;
};

let cachedUserRaw: string | null = null;
let cachedUser: SessionUser | null = null;
const getUserSnapshot = (): SessionUser | null => {
  const raw = getToken() ? sessionStore.getItem(SESSION_USER_KEY) : null;
  if (raw !== cachedUserRaw) {
    cachedUserRaw = raw;
    cachedUser = readUser();
  }
  return cachedUser;
};

export const useSession = (): SessionState => useSyncExternalStore(subscribe, getStateSnapshot, () => GUEST);

/** The logged-in member's info (nickname, account, ...), or null for a guest. */
export const useSessionUser = (): SessionUser | null => useSyncExternalStore(subscribe, getUserSnapshot, () => null);

/** The name to greet with: nickname, else account. */
export const displayNameOf = (user: SessionUser | null): string => user?.nickname || user?.account || '';
