import { useSyncExternalStore } from 'react';

/**
 * Whether the announcement popup is open, on which list and notice. A tiny store, like the auth dialogs': the
 * automatic popup, the marquee and the header bell open it; the layout renders it once.
 * - popup: the audience's popup and promotion notices (spec §2 announcement popup);
 * - all: every notice (the bell, and a marquee item opened on itself).
 */
export type AnnouncementView = 'popup' | 'all';
export type AnnouncementState = { open: boolean; view: AnnouncementView; noticeId: string | null };

let state: AnnouncementState = { open: false, view: 'popup', noticeId: null };
const listeners = new Set<() => void>();

const setState = (next: AnnouncementState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

export const openAnnouncements = (view: AnnouncementView, noticeId: string | null = null) =>
  setState({ open: true, view, noticeId });

export const closeAnnouncements = () => setState({ ...state, open: false });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const get = () => state;

export const useAnnouncements = (): AnnouncementState => useSyncExternalStore(subscribe, get, get);
