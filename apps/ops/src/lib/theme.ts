import { useSyncExternalStore } from 'react';
import { local, OPS_STORAGE_KEYS } from './storage';

export type Theme = 'dark' | 'light';

const isTheme = (value: unknown): value is Theme => value === 'dark' || value === 'light';

const listeners = new Set<() => void>();

/** The design tokens (packages/ui tokens.css) hang off :root[data-theme]. */
export const applyTheme = (theme: Theme) => {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  listeners.forEach((listener) => listener());
};

export const resolveTheme = (): Theme => {
  const stored = local.getItem(OPS_STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : 'dark';
};

export const chooseTheme = (theme: Theme) => {
  local.setItem(OPS_STORAGE_KEYS.theme, theme);
  applyTheme(theme);
};

const current = (): Theme => {
  const value = document.documentElement.dataset.theme;
  return isTheme(value) ? value : 'dark';
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useTheme = (): Theme => useSyncExternalStore(subscribe, current, () => 'dark');
