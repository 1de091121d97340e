/**
 * Remembers an async lookup per key for `ttlMs` (e.g. the merchant of a Host), so a cache hit answers without the
 * database. The merchant module reads rows on every call on purpose; public cached reads accept `ttlMs` of staleness
 * (a suspended merchant or a new language shows after at most that long). Bounded like the cache; failures are not
 * remembered.
 */
export const ttlMemo = <T>(
  lookup: (key: string) => Promise<T>,
  {
    ttlMs = 5_000,
    maxEntries = 1_000,
    now = Date.now,
  }: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): ((key: string) => Promise<T>) => {
  const memo = new Map<string, { value: Promise<T>; expiresAt: number }>();
  return (key) => {
    const found = memo.get(key);
    if (found !== undefined && found.expiresAt > now()) return found.value;
    const value = lookup(key);
    memo.delete(key);
    memo.set(key, { value, expiresAt: now() + ttlMs });
    if (memo.size > maxEntries) {
      const oldest = memo.keys().next().value;
      if (oldest !== undefined) memo.delete(oldest);
    }
    value.catch(() => memo.delete(key));
    return value;
  };
};
