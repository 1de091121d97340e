/**
 * Web storage that never throws. Storage can be disabled (privacy modes, embedded webviews, quota), and a
 * failed read must not stop the app from starting: it behaves as if nothing was stored.
 */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const safe = (pick: () => Storage): KeyValueStore => ({
  getItem(key) {
    try {
      return pick().getItem(key);
    } catch {
      return null;
    }
  },
  setItem(key, value) {
    try {
      pick().setItem(key, value);
    } catch {
      // Storage unavailable: the choice lasts for this page view only.
    }
  },
  removeItem(key) {
    try {
      pick().removeItem(key);
    } catch {
      // Nothing to remove when storage is unavailable.
    }
  },
});

/** Survives the browser session: language and theme choices. */
export const local = safe(() => window.localStorage);
/** Ends with the tab: the session token (DESIGN.md §7: "the web app keeps the token in session storage"). */
export const session = safe(() => window.sessionStorage);
