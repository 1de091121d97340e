import { useSyncExternalStore } from 'react';

/**
 * Short confirmations that need no answer ("Password changed", "Staff member created"); each disappears after a few
 * seconds. Errors that need an answer belong in the form or page instead. `tone` adds `toast--<tone>` (the back office
 * colours its toasts; the player app's are all alike).
 */
export type Toast = { id: number; message: string; tone?: 'success' | 'error' | 'info' | undefined };

export const TOAST_DURATION_MS = 5000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

const set = (next: readonly Toast[]) => {
  toasts = next;
  listeners.forEach((listener) => listener());
};

export const dismissToast = (id: number) => set(toasts.filter((toast) => toast.id !== id));

export const showToast = (message: string, tone?: Toast['tone']) => {
  const id = nextId;
  nextId += 1;
  set([...toasts, tone ? { id, message, tone } : { id, message }]);
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
};

export const clearToasts = () => set([]);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const get = () => toasts;

export const useToasts = (): readonly Toast[] => useSyncExternalStore(subscribe, get, get);
