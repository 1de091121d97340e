import { POPUP_STORAGE_KEYS } from '@platform/contracts';
import { session, type KeyValueStore } from '@/lib/storage';

/**
 * The announcement popup is shown once per session per audience unless closed (spec §2), remembered in session
 * storage under USER (logged in) or ANONYMOUS (guest). Closing it writes the key, so a reload in the same tab keeps it
 * closed, while a login (the audience becomes USER) shows the member popup once.
 */
export type PopupStorageKey = (typeof POPUP_STORAGE_KEYS)[keyof typeof POPUP_STORAGE_KEYS];

export const popupStorageKey = (isLogin: boolean): PopupStorageKey =>
  isLogin ? POPUP_STORAGE_KEYS.USER : POPUP_STORAGE_KEYS.ANONYMOUS;

/** Any value counts: what matters is that this audience closed the popup in this session. */
export const isPopupDismissed = (key: PopupStorageKey, store: KeyValueStore = session): boolean =>
  store.getItem(key) !== null;

export const dismissPopup = (key: PopupStorageKey, store: KeyValueStore = session): void =>
  store.setItem(key, 'closed');
