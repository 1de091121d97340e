import { session, type KeyValueStore } from '@/lib/storage';

/**
 * Spec §9 "hot games and vendor list cached in the session": the last answer per key, tagged with its language, so a
 * new page shows it at once while a fresh one loads in the background.
 */
type Cached<T> = { language: string; data: T };

export const readSessionCache = <T>(
  key: string,
  language: string,
  isValid: (value: unknown) => value is T,
  store: KeyValueStore = session,
): T | undefined => {
  const raw = store.getItem(key);
  if (!raw) return undefined;
  try {
    const cached = JSON.parse(raw) as Partial<Cached<unknown>>;
    return cached.language === language && isValid(cached.data) ? cached.data : undefined;
  } catch {
    return undefined;
  }
};

export const writeSessionCache = <T>(key: string, language: string, data: T, store: KeyValueStore = session) =>
  store.setItem(key, JSON.stringify({ language, data } satisfies Cached<T>));

export const hasList =
  <T>(field: string) =>
  (value: unknown): value is T =>
    typeof value === 'object' && value !== null && Array.isArray((value as Record<string, unknown>)[field]);
