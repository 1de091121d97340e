import { local, type KeyValueStore } from '@/lib/storage';

/**
 * The header bell counts notices not seen since it was last opened. The ids seen are kept in local storage (they
 * outlive the tab, as a read mark should), capped so the entry cannot grow without bound.
 */
export const SEEN_NOTICES_KEY = 'noticesSeen';
export const SEEN_NOTICES_MAX = 300;

export const readSeenIds = (store: KeyValueStore = local): Set<string> => {
  const raw = store.getItem(SEEN_NOTICES_KEY);
  if (!raw) return new Set();
  try {
    const parsed: unknown = JSON.parse(raw);
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
};

/** Marks `ids` seen; the newest marks are kept first when the cap is reached. */
export const markSeen = (ids: readonly string[], store: KeyValueStore = local): void => {
  const merged = [...new Set([...ids, ...readSeenIds(store)])].slice(0, SEEN_NOTICES_MAX);
  store.setItem(SEEN_NOTICES_KEY, JSON.stringify(merged));
};

export const unreadCount = (ids: readonly string[], seen: ReadonlySet<string>): number =>
  ids.filter((id) => !seen.has(id)).length;
