import { STORAGE_KEYS } from '@platform/contracts';
import { applyTheme, isTheme, type Theme } from '@platform/ui';
import { local, type KeyValueStore } from './storage';

// The theme store lives in packages/ui (shared with the back office); the player app remembers its own choice.
export { applyTheme, currentTheme, useTheme, type Theme } from '@platform/ui';

/** The remembered choice wins over the brand default (brand.defaultTheme). */
export const resolveTheme = (defaultTheme: Theme, store: KeyValueStore = local): Theme => {
  const stored = store.getItem(STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : defaultTheme;
};

/** A user's choice: applied and remembered. */
export const chooseTheme = (theme: Theme, store: KeyValueStore = local) => {
  store.setItem(STORAGE_KEYS.theme, theme);
  applyTheme(theme);
};
