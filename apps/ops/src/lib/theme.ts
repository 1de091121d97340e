import { applyTheme, isTheme, type Theme } from '@platform/ui';
import { local, OPS_STORAGE_KEYS } from './storage';

// The theme store lives in packages/ui (shared with the player app); the back office remembers its own choice.
export { applyTheme, useTheme, type Theme } from '@platform/ui';

export const resolveTheme = (): Theme => {
  const stored = local.getItem(OPS_STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : 'dark';
};

export const chooseTheme = (theme: Theme) => {
  local.setItem(OPS_STORAGE_KEYS.theme, theme);
  applyTheme(theme);
};
