import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus } from './event-bus';
import { createResponseCache, ttlMemo, type ResponseCache } from './response-cache';

/** A Fastify app whose GET /r/:merchant/:route answers `produced` through the cache, counting the productions. */
const harness = async (cache: ResponseCache) => {
  const app = Fastify();
  let productions = 0;
  const state = { value: 'v1', delayMs: 0 };
  app.get<{ Params: { merchant: string; route: string }; Querystring: Record<string, string> }>(
    '/r/:merchant/:route',
    async (request, reply) =>
      cache.send(
        request,
        reply,
        { merchantId: Number(request.params.merchant), route: request.params.route, query: request.query },
        async () => {
          productions += 1;
          const value = state.value;
          if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
          return { success: true, value, pad: 'x'.repeat(2_000) };
        },
      ),
  );
  await app.ready();
  return { app, state, productions: () => productions };
};

describe('response cache', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('should key by merchant, route and the normalized query', async () => {
    const cache = await createResponseCache();
    const h = await harness(cache);
    app = h.app;
    await app.inject({ url: '/r/1/games?b=2&a=1' });
    await app.inject({ url: '/r/1/games?a=1&b=2&empty=' });
    expect(h.productions()).toBe(1);
    await app.inject({ url: '/r/2/games?a=1&b=2' });
    await app.inject({ url: '/r/1/hot?a=1&b=2' });
    await app.inject({ url: '/r/1/games?a=1&b=3' });
    expect(h.productions()).toBe(4);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 4, size: 4 });
  });

  it('should drop a merchant’s entries, all or by route prefix, on invalidate and on catalogue.changed', async () => {
    const bus = createEventBus(() => undefined);
    const cache = await createResponseCache({ bus });
    const h = await harness(cache);
    app = h.app;
    const all = ['/r/1/game.games', '/r/1/content.banners', '/r/2/game.games'];
    for (const url of all) await app.inject({ url });
    cache.invalidate(1, 'content.');
    for (const url of all) await app.inject({ url });
    expect(h.productions()).toBe(4);
    bus.emit('catalogue.changed', { merchantId: 1 });
    for (const url of all) await app.inject({ url });
    expect(h.productions()).toBe(6);
  });

  it('should run one production for concurrent misses and not keep an answer computed across a change', async () => {
    const cache = await createResponseCache();
    const h = await harness(cache);
    app = h.app;
    h.state.delayMs = 30;
    const [a, b] = await Promise.all([app.inject({ url: '/r/1/x' }), app.inject({ url: '/r/1/x' })]);
    expect(h.productions()).toBe(1);
    expect(a.body).toBe(b.body);

    h.state.value = 'v2';
    cache.invalidate(1);
    const started = app.inject({ url: '/r/1/x' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The catalogue changes while that answer is being computed: it is served once, never kept.
    h.state.value = 'v3';
    cache.invalidate(1);
    const late = app.inject({ url: '/r/1/x' });
    expect((await started).json().value).toBe('v2');
    expect((await late).json().value).toBe('v3');
    h.state.delayMs = 0;
    expect((await app.inject({ url: '/r/1/x' })).json().value).toBe('v3');
  });

  it('should evict the least recently used entry beyond maxEntries or maxBytes, and expire after ttlMs', async () => {
    let clock = 0;
    const cache = await createResponseCache({ maxEntries: 2, maxBytes: 10_000, ttlMs: 1_000, now: () => clock });
    const h = await harness(cache);
    app = h.app;
    await app.inject({ url: '/r/1/a' });
    await app.inject({ url: '/r/1/b' });
    await app.inject({ url: '/r/1/a' }); // a is now the most recent
    await app.inject({ url: '/r/1/c' }); // evicts b
    expect(h.productions()).toBe(3);
    await app.inject({ url: '/r/1/a' });
    expect(h.productions()).toBe(3);
    await app.inject({ url: '/r/1/b' });
    expect(h.productions()).toBe(4);
    clock += 1_001;
    await app.inject({ url: '/r/1/b' });
    expect(h.productions()).toBe(5);

    const small = await createResponseCache({ maxBytes: 5_000 });
    const s = await harness(small);
    for (const route of ['a', 'b', 'c']) await s.app.inject({ url: `/r/1/${route}` });
    expect(small.stats().size).toBe(2);
    expect(small.stats().bytes).toBeLessThanOrEqual(5_000);
    await s.app.close();
  });

  it('should send a URL answered before straight from its entry, until the entry or the merchant changes', async () => {
    const cache = await createResponseCache({ maxEntries: 2 });
    const app2 = Fastify();
    app = app2;
    let productions = 0;
    let parsed = 0;
    let value = 'v1';
    app2.get<{ Params: { merchant: string }; Querystring: Record<string, string> }>(
      '/u/:merchant',
      async (request, reply) => {
        const merchantId = Number(request.params.merchant);
        const known = cache.sendKnownUrl(request, reply, merchantId, 'game.games');
        if (known !== undefined) return known;
        parsed += 1;
        return cache.send(request, reply, { merchantId, route: 'game.games', query: request.query, url: true }, () => {
          productions += 1;
          return Promise.resolve({ value, pad: 'x'.repeat(2_000) });
        });
      },
    );
    await app2.ready();
    const first = await app2.inject({ url: '/u/1?b=2&a=1' });
    const again = await app2.inject({ url: '/u/1?b=2&a=1', headers: { 'accept-encoding': 'br' } });
    // Same entry, no validation the second time, and the answer is the same: body, tag, precompression.
    expect({ productions, parsed }).toEqual({ productions: 1, parsed: 1 });
    expect(again.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(first.body);
    expect(again.headers.etag).toBe(`${String(first.headers.etag).slice(0, -1)}-br"`);
    const notModified = await app2.inject({ url: '/u/1?b=2&a=1', headers: { 'if-none-match': first.headers.etag } });
    expect(notModified.statusCode).toBe(304);
    // Another spelling of the same query learns its way to the same entry; another merchant is its own.
    await app2.inject({ url: '/u/1?a=1&b=2' });
    await app2.inject({ url: '/u/1?a=1&b=2' });
    expect({ productions, parsed }).toEqual({ productions: 1, parsed: 2 });
    await app2.inject({ url: '/u/2?b=2&a=1' });
    expect(productions).toBe(2);
    // After a change the URL is keyed again and answered afresh.
    value = 'v2';
    cache.invalidate(1);
    const changed = await app2.inject({ url: '/u/1?b=2&a=1' });
    expect(changed.json()).toMatchObject({ value: 'v2' });
    expect({ productions, parsed }).toEqual({ productions: 3, parsed: 4 });
    // An evicted entry (maxEntries 2) is produced again, not answered from a stale URL.
    await app2.inject({ url: '/u/3' });
    await app2.inject({ url: '/u/4' });
    value = 'v3';
    expect((await app2.inject({ url: '/u/1?b=2&a=1' })).json()).toMatchObject({ value: 'v3' });
  });

  it('should send br or gzip made once, with the content tag and 304 on a match', async () => {
    const cache = await createResponseCache();
    const h = await harness(cache);
    app = h.app;
    const plain = await app.inject({ url: '/r/1/z' });
    const br = await app.inject({ url: '/r/1/z', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    const refused = await app.inject({ url: '/r/1/z', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
    expect((await app.inject({ url: '/r/1/z', headers: { 'if-none-match': '*' } })).statusCode).toBe(304);
    expect(
      (await app.inject({ url: '/r/1/z', headers: { 'if-none-match': String(br.headers.etag) } })).statusCode,
    ).toBe(304);
    expect(cache.stats().notModified).toBe(2);
  });
});

describe('ttlMemo', () => {
  it('should remember a lookup for ttlMs and forget failures', async () => {
    let clock = 0;
    let calls = 0;
    const memo = ttlMemo(
      async (key: string) => {
        calls += 1;
        if (key === 'bad') throw new Error('no');
        return `${key}:${calls}`;
      },
      { ttlMs: 100, now: () => clock },
    );
    expect(await memo('a')).toBe('a:1');
    expect(await memo('a')).toBe('a:1');
    clock = 101;
    expect(await memo('a')).toBe('a:2');
    await expect(memo('bad')).rejects.toThrow('no');
    await expect(memo('bad')).rejects.toThrow('no');
    expect(calls).toBe(4);
  });
});
