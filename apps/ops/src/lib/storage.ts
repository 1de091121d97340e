/** The back office's keys: its own, so it never reads or clears the player app's storage on the same origin. */
export const OPS_STORAGE_KEYS = {
  /** sessionStorage: the staff session token (gone when the tab closes). */
  token: 'ops.token',
  /** sessionStorage: why the last session ended (shown once on the sign-in page). */
  signedOutReason: 'ops.signedOutReason',
  /** localStorage: EN or TY. */
  language: 'ops.language',
  /** localStorage: dark or light. */
  theme: 'ops.theme',
} as const;

const safe = (storage: () => Storage) => ({
  getItem: (key: string): string | null => {
    try {
      return storage().getItem(key);
    } catch {
      return null;
    }
  },
  setItem: (key: string, value: string): void => {
    try {
      storage().setItem(key, value);
    } catch {
      // Private mode or a full quota: the preference is simply not remembered.
    }
  },
  removeItem: (key: string): void => {
    try {
      storage().removeItem(key);
    } catch {
      // As above.
    }
  },
});

export const local = safe(() => window.localStorage);
export const session = safe(() => window.sessionStorage);
