import { useSyncExternalStore } from 'react';

/**
 * The game popup (spec §2 popups "game popup"; §4 "a vendor-popup game opens a popup list"): which vendor's games
 * of which type are listed. A tiny store, so any page can open it and the layout renders it once.
 */
export type GamePopupTarget = { vassalage: string; gameType: string; title: string };

let current: GamePopupTarget | null = null;
const listeners = new Set<() => void>();

const set = (next: GamePopupTarget | null) => {
  current = next;
  listeners.forEach((listener) => listener());
};

export const openGamePopup = (target: GamePopupTarget) => set(target);
export const closeGamePopup = () => set(null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const get = () => current;

export const useGamePopup = (): GamePopupTarget | null => useSyncExternalStore(subscribe, get, get);
