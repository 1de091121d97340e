import { useSyncExternalStore } from 'react';
import { AGENT_USER_TYPES, STORAGE_KEYS, TRIAL_USER_TYPE } from '@platform/contracts';
import { session as sessionStore, type KeyValueStore } from './storage';

/**
 * Login state (spec §3 "Login state: isLogin, isAgent, isTrial"). The token lives in session storage
 * (spec §4); member info is loaded by the identity feature, which stores the user type under
 * SESSION_USER_KEY. Until then a token means "logged in" and nobody is an agent or a trial member.
 */
export const SESSION_USER_KEY = 'userInfo';

/** Only the user type matters here; checked by hand to keep zod out of the first page's JavaScript. */
const userTypeOf = (value: unknown): number | null =>
  typeof value === 'object' && value !== null && 'type' in value && Number.isInteger(value.type)
    ? (value.type as number)
    : null;

export type SessionState = { isLogin: boolean; isAgent: boolean; isTrial: boolean };

const GUEST: SessionState = { isLogin: false, isAgent: false, isTrial: false };

const readUserType = (store: KeyValueStore): number | null => {
  const raw = store.getItem(SESSION_USER_KEY);
  if (!raw) return null;
  try {
    return userTypeOf(JSON.parse(raw));
  } catch {
    return null;
  }
};

export const getToken = (store: KeyValueStore = sessionStore): string | null =>
  store.getItem(STORAGE_KEYS.token) || null;

export const readSession = (store: KeyValueStore = sessionStore): SessionState => {
  if (!getToken(store)) return GUEST;
  const type = readUserType(store);
  return {
    isLogin: true,
    isAgent: type !== null && AGENT_USER_TYPES.includes(type),
    isTrial: type === TRIAL_USER_TYPE,
  };
};

const listeners = new Set<() => void>();
let cached: SessionState = GUEST;

const emit = () => listeners.forEach((listener) => listener());

/** Called by whoever changes the session (the identity feature) so that mounted components re-render. */
export const notifySessionChanged = emit;

export const clearSession = (store: KeyValueStore = sessionStore) => {
  store.removeItem(STORAGE_KEYS.token);
  store.removeItem(SESSION_USER_KEY);
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// useSyncExternalStore needs a stable snapshot: hand back the cached object while nothing changed.
const getSnapshot = (): SessionState => {
  const next = readSession();
  if (next.isLogin !== cached.isLogin || next.isAgent !== cached.isAgent || next.isTrial !== cached.isTrial) {
    cached = next;
  }
  return cached;
};

export const useSession = (): SessionState => useSyncExternalStore(subscribe, getSnapshot, () => GUEST);
