import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, JackpotPoolsSchema, successEnvelope, type JackpotPools } from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import { upsertVendor } from '../../../test/bets-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, demoMerchantId } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { trialToken } from '../../../test/wallet-helpers';
import { JACKPOT_CACHE_TTL_MS } from './index';
import { jackpotsServiceFactory } from './jackpots.service';

/** A vendor's jackpot feed on 127.0.0.1: one path per behaviour, and how often each was asked. */
const fakeVendors = async () => {
  const hits = new Map<string, number>();
  const feeds: Record<string, (send: (status: number, body: string, type?: string) => void) => void> = {
    '/good/v1/jackpots': (send) =>
      send(
        200,
        JSON.stringify({
          pools: [
            { name: 'Grand', currency: 'XPL', amount: '50000.00' },
            { name: 'Mini', currency: 'EUR', amount: '10.50' },
            { name: 'Grand', currency: 'USD', amount: '12345.67' },
          ],
        }),
      ),
    '/embedded/v1/jackpots': (send) =>
      send(200, JSON.stringify({ pools: [{ name: 'Major', currency: 'USD', amount: '777.00' }] })),
    '/slow/v1/jackpots': () => undefined, // never answers
    '/bad/v1/jackpots': (send) =>
      send(200, JSON.stringify({ pools: [{ name: 'Grand', currency: 'usd', amount: 12 }] })),
    '/html/v1/jackpots': (send) => send(200, '<html>maintenance</html>', 'text/html'),
    '/down/v1/jackpots': (send) => send(503, JSON.stringify({ error: 'down' })),
  };
  let healthy = true;
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const feed =
      path === '/flaky/v1/jackpots'
        ? healthy
          ? feeds['/embedded/v1/jackpots']
          : feeds['/down/v1/jackpots']
        : feeds[path];
    if (feed === undefined) {
      response.writeHead(404).end();
      return;
    }
    feed((status, body, type = 'application/json') => response.writeHead(status, { 'content-type': type }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits: (path: string) => hits.get(`/${path}/v1/jackpots`) ?? 0,
    setHealthy: (value: boolean) => {
      healthy = value;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

type FakeVendors = Awaited<ReturnType<typeof fakeVendors>>;

describeEachDatabase('jackpot pools', (getDb) => {
  let app: FastifyInstance;
  let vendors: FakeVendors;
  const clock = manualClock();

  const pools = async (token?: string): Promise<JackpotPools['pools']> => {
    const res = await app.inject({ url: API.game.jackpots, headers: token === undefined ? {} : bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(JackpotPoolsSchema).parse(res.json()).value.pools;
  };

  beforeAll(async () => {
    vendors = await fakeVendors();
    app = await buildTestApp({
      db: getDb(),
      seams: { now: clock.clock, selfUrl: () => vendors.origin, jackpotTimeoutMs: 300 },
    });
    const merchantId = await demoMerchantId(getDb());
    // Only this suite's vendors have a feed.
    await getDb().query('UPDATE game_vendors SET api_url = NULL WHERE merchant_id = $1', [merchantId]);
    const vendor = (code: string, apiUrl: string, sort: number, status: 'ACTIVE' | 'MAINTENANCE' = 'ACTIVE') =>
      upsertVendor(getDb(), merchantId, { code, apiUrl, sort, status });
    await vendor('JP_EMBEDDED', '/embedded/', 1); // relative: resolved against the platform's own address
    await vendor('JP_GOOD', `${vendors.origin}/good`, 2);
    await vendor('JP_SLOW', `${vendors.origin}/slow`, 3);
    await vendor('JP_BAD', `${vendors.origin}/bad`, 4);
    await vendor('JP_HTML', `${vendors.origin}/html`, 5);
    await vendor('JP_DOWN', `${vendors.origin}/down`, 6);
    await vendor('JP_OFF', `${vendors.origin}/good`, 0, 'MAINTENANCE');
  });
  afterAll(async () => {
    await app.close();
    await vendors.close();
  });

  it('should answer the pools of the vendors that answered in shape, merchant currency first, no play money', async () => {
    expect(await pools()).toEqual([
      { vendor: 'JP_EMBEDDED', name: 'Major', currency: 'USD', amount: '777.00' },
      { vendor: 'JP_GOOD', name: 'Grand', currency: 'USD', amount: '12345.67' },
      { vendor: 'JP_GOOD', name: 'Mini', currency: 'EUR', amount: '10.50' },
    ]);
    // The slow, malformed, non-JSON and failing vendors were asked and left out; the one in maintenance not asked.
    for (const path of ['embedded', 'slow', 'bad', 'html', 'down']) expect(vendors.hits(path), path).toBe(1);
    expect(vendors.hits('good')).toBe(1);
  });

  it('should show a trial member the play-money pools too', async () => {
    const token = await trialToken(app, clock.clock);
    expect((await pools(token)).map((pool) => `${pool.vendor}:${pool.currency}`)).toEqual([
      'JP_EMBEDDED:USD',
      'JP_GOOD:USD',
      'JP_GOOD:XPL',
      'JP_GOOD:EUR',
    ]);
  });

  it('should ask each vendor once per cache period however many lobbies ask at once', async () => {
    clock.advance(JACKPOT_CACHE_TTL_MS + 1);
    const before = vendors.hits('good');
    const answers = await Promise.all(Array.from({ length: 8 }, () => pools()));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(vendors.hits('good')).toBe(before + 1);
    // Within the period: from the cache.
    clock.advance(JACKPOT_CACHE_TTL_MS - 1);
    await pools();
    expect(vendors.hits('good')).toBe(before + 1);
    clock.advance(2);
    await pools();
    expect(vendors.hits('good')).toBe(before + 2);
  });
});

describe('jackpot feed failures', () => {
  let vendors: FakeVendors;
  beforeAll(async () => {
    vendors = await fakeVendors();
  });
  afterAll(() => vendors.close());

  it('should log a failing vendor once, until it answers again', async () => {
    const clock = manualClock();
    const logged: string[] = [];
    const service = jackpotsServiceFactory({
      repository: { feedVendors: async () => [{ code: 'FLAKY', apiUrl: `${vendors.origin}/flaky` }] },
      selfUrl: () => undefined,
      now: clock.clock,
      log: {
        warn: (detail, message) => logged.push(`warn ${JSON.stringify(detail)} ${message}`),
        info: (_detail, message) => logged.push(`info ${message}`),
      },
    });
    const merchant = { id: 1, currencyCode: 'USD', playCurrency: 'XPL' };
    const round = async () => {
      clock.advance(JACKPOT_CACHE_TTL_MS + 1);
      return (await service.pools(merchant, false)).pools.length;
    };
    vendors.setHealthy(false);
    expect([await round(), await round(), await round()]).toEqual([0, 0, 0]);
    expect(vendors.hits('flaky')).toBe(3);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^warn .*"vendor":"FLAKY".*HTTP 503.* jackpot feed unavailable/);
    vendors.setHealthy(true);
    expect([await round(), await round()]).toEqual([1, 1]);
    expect(logged.slice(1)).toEqual(['info jackpot feed available again']);
  });

  it('should leave out a relative api_url before the platform listens, and never throw for a vendor', async () => {
    const service = jackpotsServiceFactory({
      repository: {
        feedVendors: async () => [
          { code: 'EMBEDDED', apiUrl: '/embedded' },
          { code: 'NOWHERE', apiUrl: 'http://127.0.0.1:1' },
        ],
      },
      selfUrl: () => undefined,
      now: () => 0,
      log: { warn: () => undefined, info: () => undefined },
    });
    expect(await service.pools({ id: 1, currencyCode: 'USD', playCurrency: 'XPL' }, false)).toEqual({ pools: [] });
  });
});
