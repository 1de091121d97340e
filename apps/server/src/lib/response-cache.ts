import { randomUUID } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventBus } from './event-bus';
import { hashOf, matches, preferredEncoding } from './http-caching';
import { connectRedis, RESPONSE_CACHE_CHANNEL, type Invalidation } from './response-cache-redis';

export { RESPONSE_CACHE_CHANNEL } from './response-cache-redis';
export { ttlMemo } from './ttl-memo';

/**
 * In-process cache of public JSON answers, with ETags (issue 5: catalogue, banners, winner board).
 *
 * API
 * ```ts
 * const cache = await createResponseCache({ bus, redisUrl: env.REDIS_URL, log });   // platform-modules.ts, once
 * app.addHook('onClose', cache.close);
 *
 * // In a route: answers from memory when it can; otherwise runs `produce` (which may touch the database) once,
 * // even for concurrent misses, and keeps the serialized body.
 * app.get(API.game.games, async (request, reply) => {
 *   const merchant = await merchantOf(request);
 *   const query = parseInput(GameListQuerySchema, request.query, 'query');
 *   return cache.send(request, reply, { merchantId: merchant.id, route: 'game.games', query },
 *     async () => success(GameListSchema, await service.games(merchant, query)));
 * });
 *
 * // A route whose answer follows from the Host and the URL alone can skip validation for a URL answered before:
 * const known = cache.sendKnownUrl(request, reply, merchant.id, 'game.games');
 * if (known !== undefined) return known;
 * // ... then validate and `send` with `url: true` in the key, which teaches the cache that URL.
 *
 * cache.invalidate(merchantId);            // drops every entry of the merchant, on this node and (Redis) every node
 * cache.invalidate(merchantId, 'content'); // only the entries whose route starts with "content"
 * bus.emit('catalogue.changed', { merchantId }); // same as cache.invalidate(merchantId)
 * ```
 *
 * - Keys: merchant + route + the query normalized (keys sorted; undefined, null and '' dropped). Pass the parsed
 *   query, so equivalent requests share an entry. Never cache member-specific answers here (no session in the key).
 * - Every cached answer carries a strong `ETag` (hash of the body) and `Cache-Control: no-cache`, so browsers
 *   revalidate: `If-None-Match` with the current tag answers 304 without a body. Answers also go out precompressed
 *   (br or gzip, made once per entry) with `Vary: Accept-Encoding`; the tag of an encoded body carries a suffix.
 * - Only successful answers are kept: when `produce` throws, nothing is stored and the error reaches the handler.
 * - The merchant of a cached public read: resolve it through `ttlMemo` (ttl-memo.ts), or every hit costs a query.
 * - Invalidation is per merchant (optionally per route prefix). An answer computed while an invalidation ran is not
 *   stored. With `redisUrl`, invalidations are published on the Redis channel `platform:response-cache` and every
 *   node drops its entries. Bounded: at most `maxEntries` and about `maxBytes` of bodies (least recently used goes
 *   first), each kept at most `ttlMs`.
 */
export type CacheKey = {
  merchantId: number;
  /** A stable name of the answer, e.g. 'game.games' or 'content.banners'. Invalidation can target a prefix. */
  route: string;
  query?: Readonly<Record<string, unknown>>;
  /**
   * The key follows from the merchant and the request's URL alone (no header, no session): `send` remembers which
   * entry the URL names, for `sendKnownUrl`.
   */
  url?: boolean;
};

export type ResponseCacheStats = { hits: number; misses: number; notModified: number; size: number; bytes: number };

export type ResponseCache = {
  /** Sends the cached answer (or 304), filling the cache with `produce` on a miss. Returns the reply. */
  send: (
    request: FastifyRequest,
    reply: FastifyReply,
    key: CacheKey,
    produce: () => Promise<unknown>,
  ) => Promise<FastifyReply>;
  /**
   * Sends the entry that this exact URL (path and query as sent) was last answered with at this merchant, or 304, if
   * it is still cached; returns undefined when it is not, and the route takes its normal path (validate, key, `send`
   * with `url: true`). A repeated URL then skips the query's validation and normalization.
   */
  sendKnownUrl: (
    request: FastifyRequest,
    reply: FastifyReply,
    merchantId: number,
    route: string,
  ) => FastifyReply | undefined;
  /** Drops the merchant's entries (all, or those whose route starts with `routePrefix`) here and on every node. */
  invalidate: (merchantId: number, routePrefix?: string) => void;
  /** Drops everything on this node only (tests). */
  clear: () => void;
  stats: () => ResponseCacheStats;
  close: () => Promise<void>;
};

export type ResponseCacheOptions = {
  /** Listens to `catalogue.changed` and drops the merchant's entries. */
  bus?: EventBus;
  /** Distributed mode: invalidations go to every node through this Redis. */
  redisUrl?: string;
  maxEntries?: number;
  /** Bodies and their compressed forms, in bytes. */
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
  log?: { warn: (detail: object, message: string) => void };
};

/**
 * Route options of a GET answered through the cache: its bodies go out precompressed, so @fastify/compress's onSend
 * hook would only cost time, and a GET has no body for its preParsing decompression hook to look at (bench/lobby
 * measured the two hooks at about 5 % of a cached answer).
 */
export const CACHED_ROUTE = { compress: false, decompress: false } as const;

const DEFAULT_MAX_ENTRIES = 2_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** A safety net only: every change invalidates explicitly. */
const DEFAULT_TTL_MS = 5 * 60_000;
/** Bodies smaller than this go out as they are (the same threshold as @fastify/compress in app.ts). */
const COMPRESS_ABOVE_BYTES = 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

type Entry = {
  merchantId: number;
  route: string;
  /** The JSON as UTF-8 bytes, encoded once: a string body would be encoded again on every send. */
  body: Buffer;
  hash: string;
  expiresAt: number;
  br?: Buffer;
  gzip?: Buffer;
};

const normalizeQuery = (query: Readonly<Record<string, unknown>> | undefined): string => {
  if (query === undefined) return '';
  const pairs: string[] = [];
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    if (value === undefined || value === null || value === '') continue;
    pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  return pairs.join('&');
};

const keyOf = (key: CacheKey): string => `${key.merchantId}|${key.route}|${normalizeQuery(key.query)}`;

export const createResponseCache = async (options: ResponseCacheOptions = {}): Promise<ResponseCache> => {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? Date.now;
  const origin = randomUUID();
  const entries = new Map<string, Entry>();
  /**
   * `merchant|route|url as sent` → the entry's key. Several spellings of one query may point at the same entry; the map
   * holds at most `maxEntries` URLs in all, the oldest going first.
   */
  const urls = new Map<string, string>();
  const urlKeyOf = (merchantId: number, route: string, url: string) => `${merchantId}|${route}|${url}`;
  const inFlight = new Map<string, Promise<Entry>>();
  /** Bumped on every invalidation of the merchant; an answer started under an older generation is not stored. */
  const generations = new Map<number, number>();
  const counters = { hits: 0, misses: 0, notModified: 0 };
  let bytes = 0;
  const sizeOf = (entry: Entry) => entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    bytes -= sizeOf(entry);
  };
  const trim = () => {
    while (entries.size > maxEntries || (bytes > maxBytes && entries.size > 0)) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      remove(oldest);
    }
  };

  const dropLocal = ({ merchantId, routePrefix }: Omit<Invalidation, 'origin'>) => {
    generations.set(merchantId, (generations.get(merchantId) ?? 0) + 1);
    for (const [key, entry] of entries) {
      if (entry.merchantId === merchantId && (routePrefix === undefined || entry.route.startsWith(routePrefix))) {
        remove(key);
      }
    }
    // Requests arriving from now on must not join an answer computed before the change.
    for (const key of inFlight.keys()) if (key.startsWith(`${merchantId}|`)) inFlight.delete(key);
    // A URL's key may depend on the merchant's settings (its default language): learn them again.
    for (const url of urls.keys()) if (url.startsWith(`${merchantId}|`)) urls.delete(url);
  };

  const redis = options.redisUrl === undefined ? null : await connectRedis(options.redisUrl, origin, dropLocal);
  if (redis !== null) {
    redis.pub.on('error', (error: unknown) => options.log?.warn({ err: error }, 'response cache redis error'));
    redis.sub.on('error', (error: unknown) => options.log?.warn({ err: error }, 'response cache redis error'));
  }

  const invalidate = (merchantId: number, routePrefix?: string) => {
    dropLocal({ merchantId, routePrefix });
    if (redis === null) return;
    const message: Invalidation = { merchantId, origin, ...(routePrefix === undefined ? {} : { routePrefix }) };
    redis.pub.publish(RESPONSE_CACHE_CHANNEL, JSON.stringify(message)).catch((error: unknown) => {
      options.log?.warn({ err: error }, 'response cache invalidation was not published');
    });
  };

  options.bus?.on('catalogue.changed', ({ merchantId }) => invalidate(merchantId));

  const store = (key: string, entry: Entry) => {
    remove(key);
    entries.set(key, entry);
    bytes += sizeOf(entry);
    trim();
  };

  const fill = (key: string, cacheKey: CacheKey, produce: () => Promise<unknown>): Promise<Entry> => {
    const pending = inFlight.get(key);
    if (pending !== undefined) return pending;
    const generation = generations.get(cacheKey.merchantId) ?? 0;
    const run = (async () => {
      const body = Buffer.from(JSON.stringify(await produce()));
      const entry: Entry = {
        merchantId: cacheKey.merchantId,
        route: cacheKey.route,
        body,
        hash: hashOf(body),
        expiresAt: now() + ttlMs,
      };
      if ((generations.get(cacheKey.merchantId) ?? 0) === generation) store(key, entry);
      return entry;
    })().finally(() => {
      if (inFlight.get(key) === run) inFlight.delete(key);
    });
    inFlight.set(key, run);
    return run;
  };

  /** The live entry under `key` (marked most recently used), or undefined. */
  const lookup = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= now()) {
      remove(key);
      return undefined;
    }
    // Most recently used goes last; the first key is evicted first.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  const deliver = (request: FastifyRequest, reply: FastifyReply, key: string, entry: Entry): FastifyReply => {
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    const encoding =
      entry.body.length > COMPRESS_ABOVE_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
    const suffix = encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : '';
    reply.header('etag', `"${entry.hash}${suffix}"`);
    if (matches(request.headers['if-none-match'], entry.hash)) {
      counters.notModified += 1;
      return reply.code(304).send();
    }
    reply.type(JSON_TYPE);
    if (encoding === 'br') {
      if (entry.br === undefined) {
        entry.br = brotliCompressSync(entry.body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
          },
        });
        if (entries.get(key) === entry) bytes += entry.br.length;
      }
      return reply.header('content-encoding', 'br').send(entry.br);
    }
    if (encoding === 'gzip') {
      if (entry.gzip === undefined) {
        entry.gzip = gzipSync(entry.body, { level: 6 });
        if (entries.get(key) === entry) bytes += entry.gzip.length;
      }
      return reply.header('content-encoding', 'gzip').send(entry.gzip);
    }
    return reply.send(entry.body);
  };

  const send: ResponseCache['send'] = async (request, reply, cacheKey, produce) => {
    const key = keyOf(cacheKey);
    if (cacheKey.url === true) {
      const url = urlKeyOf(cacheKey.merchantId, cacheKey.route, request.url);
      if (!urls.has(url)) {
        urls.set(url, key);
        if (urls.size > maxEntries) urls.delete(urls.keys().next().value as string);
      }
    }
    let entry = lookup(key);
    if (entry === undefined) {
      counters.misses += 1;
      entry = await fill(key, cacheKey, produce);
    } else {
      counters.hits += 1;
    }
    return deliver(request, reply, key, entry);
  };

  const sendKnownUrl: ResponseCache['sendKnownUrl'] = (request, reply, merchantId, route) => {
    const key = urls.get(urlKeyOf(merchantId, route, request.url));
    if (key === undefined) return undefined;
    const entry = lookup(key);
    if (entry === undefined) return undefined;
    counters.hits += 1;
    return deliver(request, reply, key, entry);
  };

  return {
    send,
    sendKnownUrl,
    invalidate,
    clear: () => {
      entries.clear();
      urls.clear();
      bytes = 0;
      inFlight.clear();
      for (const merchantId of generations.keys()) generations.set(merchantId, (generations.get(merchantId) ?? 0) + 1);
    },
    stats: () => ({ ...counters, size: entries.size, bytes }),
    close: async () => {
      entries.clear();
      urls.clear();
      bytes = 0;
      if (redis !== null) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
};
