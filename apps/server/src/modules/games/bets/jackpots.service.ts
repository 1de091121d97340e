import { z } from 'zod';
import type { JackpotPools } from '@platform/contracts';
import type { Clock } from '../../../lib/clock';
import type { Merchant } from '../../platform/merchant';
import type { JackpotRepository, JackpotVendor } from './jackpots.repository';

/**
 * Progressive jackpot pools for the lobby (issue 6): each ACTIVE vendor of the merchant with an api_url publishes
 * `GET <api_url>/v1/jackpots` → `{ pools: [{ name, currency, amount }] }`. The platform asks server-side (the browser
 * never talks to a vendor), at most once per merchant every JACKPOT_CACHE_TTL_MS however many lobbies ask (single
 * flight), and leaves out a vendor that is slow, down or answers something else: the lobby never gets a 5xx for it.
 */

export const JACKPOT_TIMEOUT_MS = 2_000;
export const JACKPOT_CACHE_TTL_MS = 3_000;
/** A feed larger than this is not a list of a few pools; it is refused unread. */
export const JACKPOT_FEED_MAX_BYTES = 64 * 1024;
const JACKPOT_FEED_PATH = '/v1/jackpots';
/** Merchants remembered at once (the map is bounded like every cache). */
const CACHE_MAX_MERCHANTS = 1_000;

/** The vendor's answer, checked: a handful of pools, amounts as plain decimal strings. */
export const VendorJackpotFeedSchema = z.object({
  pools: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(40),
        currency: z.string().regex(/^[A-Z][A-Z0-9]{2,7}$/),
        amount: z.string().regex(/^\d{1,18}(\.\d{1,8})?$/),
      }),
    )
    .max(50),
});

export type JackpotPool = JackpotPools['pools'][number];
export type JackpotsServiceDeps = {
  repository: JackpotRepository;
  /** The platform's own address (http://127.0.0.1:<port>) once listening; relative api_urls resolve against it. */
  selfUrl: () => string | undefined;
  now: Clock;
  log: { warn: (detail: object, message: string) => void; info: (detail: object, message: string) => void };
  timeoutMs?: number;
  ttlMs?: number;
  fetch?: typeof fetch;
};

/** The feed address of a vendor, or null when its api_url is relative and the platform is not listening yet. */
export const feedUrlOf = (apiUrl: string, selfUrl: string | undefined): string | null => {
  const base = apiUrl.replace(/\/+$/, '');
  if (/^https?:\/\//.test(base)) return `${base}${JACKPOT_FEED_PATH}`;
  if (selfUrl === undefined) return null;
  return `${selfUrl.replace(/\/+$/, '')}${base}${JACKPOT_FEED_PATH}`;
};

/** The body as text, refusing one larger than `maxBytes` without reading the rest. */
const readLimited = async (response: Response, maxBytes: number): Promise<string> => {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new Error(`feed too large (${declared} bytes)`);
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`feed too large (over ${maxBytes} bytes)`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
};

type CacheEntry = { pools: Promise<JackpotPool[]>; expiresAt: number };

export const jackpotsServiceFactory = (deps: JackpotsServiceDeps) => {
  const timeoutMs = deps.timeoutMs ?? JACKPOT_TIMEOUT_MS;
  const ttlMs = deps.ttlMs ?? JACKPOT_CACHE_TTL_MS;
  const doFetch = deps.fetch ?? fetch;
  const cache = new Map<number, CacheEntry>();
  /** Vendors whose last fetch failed: a failure is logged when it starts and when it ends, not every few seconds. */
  const failing = new Set<string>();

  const failed = (merchantId: number, vendor: string, reason: string): JackpotPool[] => {
    const key = `${merchantId}:${vendor}`;
    if (!failing.has(key)) {
      failing.add(key);
      deps.log.warn({ merchantId, vendor, reason }, 'jackpot feed unavailable; the vendor is left out of the pools');
    }
    return [];
  };

  const fetchVendor = async (merchantId: number, vendor: JackpotVendor): Promise<JackpotPool[]> => {
    const url = feedUrlOf(vendor.apiUrl, deps.selfUrl());
    if (url === null) return failed(merchantId, vendor.code, 'relative api_url before the platform listens');
    try {
      const response = await doFetch(url, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return failed(merchantId, vendor.code, `HTTP ${response.status}`);
      }
      const parsed = VendorJackpotFeedSchema.safeParse(JSON.parse(await readLimited(response, JACKPOT_FEED_MAX_BYTES)));
      if (!parsed.success) return failed(merchantId, vendor.code, 'the feed does not have the expected shape');
      if (failing.delete(`${merchantId}:${vendor.code}`)) {
        deps.log.info({ merchantId, vendor: vendor.code }, 'jackpot feed available again');
      }
      return parsed.data.pools.map((pool) => ({ vendor: vendor.code, ...pool }));
    } catch (error) {
      const reason =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
          ? `no answer within ${timeoutMs} ms`
          : error instanceof Error
            ? error.message
            : String(error);
      return failed(merchantId, vendor.code, reason);
    }
  };

  const load = async (merchantId: number): Promise<JackpotPool[]> => {
    const vendors = await deps.repository.feedVendors(merchantId);
    const results = await Promise.all(vendors.map((vendor) => fetchVendor(merchantId, vendor)));
    return results.flat();
  };

  /** Every vendor's pools for the merchant: cached JACKPOT_CACHE_TTL_MS from when they arrived; one load at a time. */
  const poolsOf = (merchantId: number): Promise<JackpotPool[]> => {
    const found = cache.get(merchantId);
    if (found !== undefined && found.expiresAt > deps.now()) return found.pools;
    // In flight: never expires until it settles, so concurrent callers share it.
    const entry: CacheEntry = { pools: load(merchantId), expiresAt: Number.POSITIVE_INFINITY };
    cache.delete(merchantId);
    cache.set(merchantId, entry);
    if (cache.size > CACHE_MAX_MERCHANTS) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    entry.pools.then(
      () => {
        entry.expiresAt = deps.now() + ttlMs;
      },
      () => {
        if (cache.get(merchantId) === entry) cache.delete(merchantId);
      },
    );
    return entry.pools;
  };

  return {
    /**
     * The lobby's pools: the merchant's currency first, then the others in vendor order. Play-money pools only for a
     * trial member (who plays for them); nobody else should see a pool that pays no real money.
     */
    pools: async (
      merchant: Pick<Merchant, 'id' | 'currencyCode' | 'playCurrency'>,
      trial: boolean,
    ): Promise<JackpotPools> => {
      const pools = (await poolsOf(merchant.id)).filter((pool) => trial || pool.currency !== merchant.playCurrency);
      const first = pools.filter((pool) => pool.currency === merchant.currencyCode);
      return { pools: [...first, ...pools.filter((pool) => pool.currency !== merchant.currencyCode)] };
    },
  };
};

export type JackpotsService = ReturnType<typeof jackpotsServiceFactory>;
