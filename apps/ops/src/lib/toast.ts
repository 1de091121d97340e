import { useSyncExternalStore } from 'react';

/** Short confirmations ("Staff member created"); errors that need an answer belong in the form or page instead. */
export type Toast = { id: number; message: string; tone: 'success' | 'error' | 'info' };

export const TOAST_DURATION_MS = 5000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

const set = (next: readonly Toast[]) => {
  toasts = next;
  listeners.forEach((listener) => listener());
};

export const dismissToast = (id: number) => set(toasts.filter((toast) => toast.id !== id));

export const showToast = (message: string, tone: Toast['tone'] = 'success') => {
  const id = nextId;
  nextId += 1;
  set([...toasts, { id, message, tone }]);
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
};

export const clearToasts = () => set([]);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const get = () => toasts;

export const useToasts = (): readonly Toast[] => useSyncExternalStore(subscribe, get, get);
