import { REMEMBER_ME_DAYS } from '@platform/contracts';
import { local, type KeyValueStore } from '@/lib/storage';

/**
 * "Remember me" (spec §4, §9: 1 day). Only the username is kept, never the password (DESIGN.md §7), in local storage
 * with its own expiry rather than a cookie: nothing about it needs to reach the server.
 */
export const REMEMBER_KEY = 'rememberedLogin';
const DAY_MS = 24 * 60 * 60_000;

export const rememberUsername = (username: string, store: KeyValueStore = local, now = Date.now()) =>
  store.setItem(REMEMBER_KEY, JSON.stringify({ username, expiresAt: now + REMEMBER_ME_DAYS * DAY_MS }));

export const forgetUsername = (store: KeyValueStore = local) => store.removeItem(REMEMBER_KEY);

/** The remembered username while it has not expired; an expired or unreadable entry is removed. */
export const readRememberedUsername = (store: KeyValueStore = local, now = Date.now()): string | null => {
  const raw = store.getItem(REMEMBER_KEY);
  if (!raw) return null;
  try {
    const entry: unknown = JSON.parse(raw);
    if (
      typeof entry === 'object' &&
      entry !== null &&
      'username' in entry &&
      'expiresAt' in entry &&
      typeof entry.username === 'string' &&
      typeof entry.expiresAt === 'number' &&
      entry.expiresAt > now
    ) {
      return entry.username;
    }
  } catch {
    // Unreadable: forget it below.
  }
  forgetUsername(store);
  return null;
};
