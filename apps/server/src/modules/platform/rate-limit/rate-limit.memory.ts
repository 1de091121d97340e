import type { RateLimitStore } from './rate-limit';

/**
 * One process's limits in a Map: for unit tests and as the reference the database store must agree with. Not for
 * production, where limits must hold across processes.
 */
export const memoryRateLimitStore = (): RateLimitStore => {
  const tats = new Map<string, number>();
  const id = (merchantId: number, key: string) => `${merchantId}\u0000${key}`;
  return {
    take: async (merchantId, key, nowMs, intervalMs, periodMs) => {
      const current = tats.get(id(merchantId, key));
      const next = Math.max(current ?? nowMs, nowMs) + intervalMs;
      if (next - nowMs > periodMs) return { allowed: false, tatMs: current ?? nowMs };
      tats.set(id(merchantId, key), next);
      return { allowed: true, tatMs: next };
    },
    give: async (merchantId, key, intervalMs) => {
      const current = tats.get(id(merchantId, key));
      if (current !== undefined) tats.set(id(merchantId, key), current - intervalMs);
    },
    peek: async (merchantId, keys) => {
      const found = new Map<string, number>();
      for (const key of keys) {
        const tat = tats.get(id(merchantId, key));
        if (tat !== undefined) found.set(key, tat);
      }
      return found;
    },
    reset: async (merchantId, keys) => {
      for (const key of keys) tats.delete(id(merchantId, key));
    },
    purge: async (nowMs, batch) => {
      let removed = 0;
      for (const [key, tat] of tats) {
        if (removed >= batch) break;
        if (tat <= nowMs) {
          tats.delete(key);
          removed += 1;
        }
      }
      return removed;
    },
  };
};
