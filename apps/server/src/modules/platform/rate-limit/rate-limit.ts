import type { ErrorCode } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';

/**
 * Rate limits as GCRA (the generic cell rate algorithm, as in redis-cell): each key keeps one number, its theoretical
 * arrival time (TAT). A rule of `limit` per `periodMs` spaces units `periodMs / limit` apart and tolerates a burst of
 * `limit`. Taking a unit is one atomic compare-and-advance, so concurrent requests on several processes cannot both
 * take the last unit, and a refused request changes nothing (hammering a locked key does not extend the lock).
 */
export type RateRule = { name: string; limit: number; periodMs: number };

export interface RateLimitStore {
  /**
   * Advances the key's TAT to max(tat, now) + intervalMs when the result stays within periodMs of now. Returns whether
   * it did, and the key's TAT afterwards (unchanged when refused).
   */
  take(merchantId: number, key: string, nowMs: number, intervalMs: number, periodMs: number): Promise<TakeResult>;
  /** Moves the TAT back by intervalMs: a unit taken earlier that should not count after all. */
  give(merchantId: number, key: string, intervalMs: number): Promise<void>;
  /** TATs of the keys that have one. */
  peek(merchantId: number, keys: readonly string[]): Promise<Map<string, number>>;
  reset(merchantId: number, keys: readonly string[]): Promise<void>;
  /** Deletes up to `batch` keys whose TAT has passed (they mean the same as no row). Returns how many. */
  purge(nowMs: number, batch: number): Promise<number>;
}
export type TakeResult = { allowed: boolean; tatMs: number };

export type RateOutcome = {
  allowed: boolean;
  /** Units outstanding after this call (this one included when allowed). */
  used: number;
  /** When refused: how long until one unit is free. */
  retryAfterMs: number;
};

const intervalOf = (rule: RateRule): number => Math.ceil(rule.periodMs / rule.limit);
const keyOf = (rule: RateRule, subject: string): string => `${rule.name}:${subject}`;
const usedAt = (tatMs: number, nowMs: number, intervalMs: number): number =>
  tatMs > nowMs ? Math.ceil((tatMs - nowMs) / intervalMs) : 0;

export const createRateLimiter = (store: RateLimitStore, now: Clock) => {
  const take = async (merchantId: number, rule: RateRule, subject: string): Promise<RateOutcome> => {
    const nowMs = now();
    const interval = intervalOf(rule);
    const result = await store.take(merchantId, keyOf(rule, subject), nowMs, interval, rule.periodMs);
    return {
      allowed: result.allowed,
      used: usedAt(result.tatMs, nowMs, interval),
      retryAfterMs: result.allowed ? 0 : Math.max(1, result.tatMs + interval - rule.periodMs - nowMs),
    };
  };

  const give = (merchantId: number, rule: RateRule, subject: string): Promise<void> =>
    store.give(merchantId, keyOf(rule, subject), intervalOf(rule));

  /** Takes one unit of every entry, in order; when one refuses, gives back those already taken. */
  const takeAll = async (merchantId: number, entries: readonly [RateRule, string][]): Promise<RateOutcome> => {
    const taken: [RateRule, string][] = [];
    let last: RateOutcome = { allowed: true, used: 0, retryAfterMs: 0 };
    for (const [rule, subject] of entries) {
      last = await take(merchantId, rule, subject);
      if (!last.allowed) {
        for (const [r, s] of taken) await give(merchantId, r, s);
        return last;
      }
      taken.push([rule, subject]);
    }
    return last;
  };

  /** Units outstanding, without taking one. */
  const used = async (merchantId: number, rule: RateRule, subject: string): Promise<number> => {
    const key = keyOf(rule, subject);
    const tat = (await store.peek(merchantId, [key])).get(key);
    return tat === undefined ? 0 : usedAt(tat, now(), intervalOf(rule));
  };

  return {
    take,
    give,
    takeAll,
    used,
    reset: (merchantId: number, entries: readonly [RateRule, string][]) =>
      store.reset(
        merchantId,
        entries.map(([rule, subject]) => keyOf(rule, subject)),
      ),
    purge: (batch: number) => store.purge(now(), batch),
  };
};

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** A 429 that says when to come back, in the header and in the value. */
export const tooManyRequests = (code: ErrorCode, message: string, retryAfterMs: number, value: object = {}) => {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(code, 429, message, { retryAfterSeconds, value: { ...value, retryAfterSeconds } });
};

/** Takes a unit of each rule or throws 429 RATE_LIMITED: for calls where the limit is the only answer needed. */
export const enforceLimits = async (
  limiter: RateLimiter,
  merchantId: number,
  entries: readonly [RateRule, string][],
  message = 'Too many requests; please try again later',
): Promise<void> => {
  const outcome = await limiter.takeAll(merchantId, entries);
  if (!outcome.allowed) throw tooManyRequests('RATE_LIMITED', message, outcome.retryAfterMs);
};
