import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../db/migrate';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { createRateLimiter, databaseRateLimitStore, memoryRateLimitStore, type RateLimitStore } from './index';

const RULE = { name: 'test', limit: 5, periodMs: 60_000 };

/** The same behaviour from every store: the memory one is the reference, the database one is what runs. */
const behaviour = (storeOf: () => RateLimitStore) => {
  const time = manualClock();
  const limiter = () => createRateLimiter(storeOf(), time.now);
  let n = 0;
  const subject = () => `s${(n += 1)}`;

  it('should allow a burst of `limit`, then one unit per period / limit', async () => {
    const l = limiter();
    const s = subject();
    for (let i = 1; i <= 5; i += 1) expect(await l.take(1, RULE, s)).toMatchObject({ allowed: true, used: i });
    const refused = await l.take(1, RULE, s);
    expect(refused).toMatchObject({ allowed: false, used: 5, retryAfterMs: 12_000 });
    time.advance(12_000);
    expect((await l.take(1, RULE, s)).allowed).toBe(true);
    expect((await l.take(1, RULE, s)).allowed).toBe(false);
  });

  it('should not extend the wait when refused requests keep coming', async () => {
    const l = limiter();
    const s = subject();
    for (let i = 0; i < 5; i += 1) await l.take(1, RULE, s);
    for (let i = 0; i < 20; i += 1) await l.take(1, RULE, s);
    time.advance(12_000);
    expect((await l.take(1, RULE, s)).allowed).toBe(true);
  });

  it('should give a unit back, reset a key, and keep merchants apart', async () => {
    const l = limiter();
    const s = subject();
    for (let i = 0; i < 5; i += 1) await l.take(1, RULE, s);
    expect((await l.take(2, RULE, s)).allowed).toBe(true);
    await l.give(1, RULE, s);
    expect(await l.used(1, RULE, s)).toBe(4);
    expect((await l.take(1, RULE, s)).allowed).toBe(true);
    await l.reset(1, [[RULE, s]]);
    expect(await l.used(1, RULE, s)).toBe(0);
  });

  it('should give back the units of takeAll when a later rule refuses', async () => {
    const l = limiter();
    const [a, b] = [subject(), subject()];
    const strict = { name: 'strict', limit: 1, periodMs: 60_000 };
    await l.take(1, strict, b);
    expect(
      (
        await l.takeAll(1, [
          [RULE, a],
          [strict, b],
        ])
      ).allowed,
    ).toBe(false);
    expect(await l.used(1, RULE, a)).toBe(0);
  });

  it('should let exactly `limit` of many concurrent requests through', async () => {
    const l = limiter();
    const s = subject();
    const results = await Promise.all(Array.from({ length: 40 }, () => l.take(1, RULE, s)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('should purge keys whose time has passed', async () => {
    const l = limiter();
    await l.take(1, RULE, subject());
    time.advance(RULE.periodMs + 1);
    expect(await l.purge(1000)).toBeGreaterThan(0);
  });
};

describe('rate limits in memory', () => {
  const store = memoryRateLimitStore();
  behaviour(() => store);
});

describeEachDatabase('rate limits in the database', (getDb) => {
  beforeAll(async () => {
    await migrate(getDb());
  });
  behaviour(() => databaseRateLimitStore(getDb()));
});
