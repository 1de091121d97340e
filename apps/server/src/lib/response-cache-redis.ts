import { createClient } from 'redis';

/** The Redis channel on which every node of the platform hears the others' invalidations (response-cache.ts). */
export const RESPONSE_CACHE_CHANNEL = 'platform:response-cache';

/** One node's invalidation: `origin` names the node, which ignores its own messages. */
export type Invalidation = { merchantId: number; routePrefix?: string; origin: string };

/**
 * Publisher and subscriber of the invalidations (distributed mode): each message from another node is passed to
 * `drop`; messages of this node and anything that is not an invalidation are ignored.
 */
export const connectRedis = async (
  url: string,
  origin: string,
  drop: (invalidation: Omit<Invalidation, 'origin'>) => void,
) => {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(RESPONSE_CACHE_CHANNEL, (message: string) => {
    try {
      const parsed = JSON.parse(message) as Partial<Invalidation>;
      if (parsed.origin === origin || typeof parsed.merchantId !== 'number') return;
      drop({
        merchantId: parsed.merchantId,
        ...(typeof parsed.routePrefix === 'string' ? { routePrefix: parsed.routePrefix } : {}),
      });
    } catch {
      // A message that is not ours: ignored.
    }
  });
  return { pub, sub };
};
