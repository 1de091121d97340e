import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@platform/contracts';
import { local, type KeyValueStore } from './storage';

export type Theme = 'dark' | 'light';

const isTheme = (value: unknown): value is Theme => value === 'dark' || value === 'light';

/** The remembered choice wins over the brand default (brand.defaultTheme). */
export const resolveTheme = (defaultTheme: Theme, store: KeyValueStore = local): Theme => {
  const stored = store.getItem(STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : defaultTheme;
};

const listeners = new Set<() => void>();

/** Applies a theme to the document: the CSS tokens hang off :root[data-theme]. */
export const applyTheme = (theme: Theme) => {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  listeners.forEach((listener) => listener());
};

/** A user's choice: applied and remembered. */
export const chooseTheme = (theme: Theme, store: KeyValueStore = local) => {
  store.setItem(STORAGE_KEYS.theme, theme);
  applyTheme(theme);
};

/** The theme the document shows now (outside React: see useTheme). */
export const currentTheme = (): Theme => {
  const value = document.documentElement.dataset.theme;
  return isTheme(value) ? value : 'dark';
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useTheme = (): Theme => useSyncExternalStore(subscribe, currentTheme, () => 'dark');
