import { useSyncExternalStore } from 'react';

/** The two themes of both apps: the design tokens (tokens.css) hang off :root[data-theme]. */
export type Theme = 'dark' | 'light';

export const isTheme = (value: unknown): value is Theme => value === 'dark' || value === 'light';

const listeners = new Set<() => void>();

/** Applies a theme to the document. */
export const applyTheme = (theme: Theme) => {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  listeners.forEach((listener) => listener());
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
