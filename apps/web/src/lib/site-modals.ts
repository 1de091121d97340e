import { useSyncExternalStore } from 'react';

/**
 * The two site-wide information modals (spec §2 Popups): helpModal, a help-centre topic over the page (footer help
 * links, the login popup's terms link), and publicModal, customer service with the consulting hours and every way to
 * reach support (the header menu's and the side menu's customer-service entries). Opened from anywhere, rendered once
 * by the root layout; either can open the other.
 */
export type SiteModal = { kind: 'help'; anchor: string | null } | { kind: 'public' };

let current: SiteModal | null = null;
const listeners = new Set<() => void>();

const set = (next: SiteModal | null) => {
  current = next;
  listeners.forEach((listener) => listener());
};

/** The help topic at `anchor` (the first topic when null or unknown). */
export const openHelpModal = (anchor: string | null = null) => set({ kind: 'help', anchor });
export const openPublicModal = () => set({ kind: 'public' });
export const closeSiteModal = () => set(null);

/** The anchor of an in-app help address (`/help#deposit` → 'deposit', `/help` → null), else undefined. */
export const helpAnchorOf = (route: string): string | null | undefined => {
  const match = /^\/help\/?(?:#([A-Za-z0-9_-]+))?$/.exec(route);
  if (match === null) return undefined;
  return match[1] ?? null;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const get = () => current;

export const useSiteModal = (): SiteModal | null => useSyncExternalStore(subscribe, get, get);
