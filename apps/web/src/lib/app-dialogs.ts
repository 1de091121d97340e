import { useSyncExternalStore } from 'react';

/**
 * The app's small modal messages (spec §2 "a generic dialog"): a confirmation (logout: title, cancel, confirm), the
 * trial notice ("a true account is needed", spec §6) and a warning with a confirm button (spec §8: an SMS failure, an
 * invitation-code failure). Opened from anywhere, rendered once by the root layout.
 */
export type AppDialog =
  | {
      kind: 'confirm';
      title: string;
      message: string;
      confirmLabel: string;
      cancelLabel: string;
      onConfirm: () => void | Promise<void>;
    }
  | { kind: 'trial' }
  | { kind: 'notice'; title: string; message: string };

let current: AppDialog | null = null;
const listeners = new Set<() => void>();

const set = (next: AppDialog | null) => {
  current = next;
  listeners.forEach((listener) => listener());
};

export const openConfirm = (dialog: Omit<Extract<AppDialog, { kind: 'confirm' }>, 'kind'>) =>
  set({ kind: 'confirm', ...dialog });

/** Spec §6: every real-account action of a trial member shows this instead of the page. */
export const openTrialNotice = () => set({ kind: 'trial' });

export const openNotice = (title: string, message: string) => set({ kind: 'notice', title, message });

export const closeAppDialog = () => set(null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const get = () => current;

export const useAppDialog = (): AppDialog | null => useSyncExternalStore(subscribe, get, get);
