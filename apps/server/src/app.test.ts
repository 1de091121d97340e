import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FailureEnvelopeSchema, HealthSchema, successEnvelope } from '@platform/contracts';
import { z } from 'zod';
import { buildApp } from './app';
import type { Database } from './db/database';
import { loadEnv } from './env';
import { describeEachDatabase } from './test/databases';
import { buildTestApp, makeWebDist, NO_WEB_BUILD } from './test/test-app';

const HTML = { accept: 'text/html,application/xhtml+xml' };

/** A database whose plain queries can be switched off (down) or made to hang, to exercise readiness. */
const switchable = (db: Database) => {
  const state = { mode: 'up' as 'up' | 'down' | 'hung' };
  const wrapped: Database = {
    ...db,
    query: (sql, params) =>
      state.mode === 'down'
        ? Promise.reject(new Error('connection refused'))
        : state.mode === 'hung'
          ? new Promise(() => undefined)
          : db.query(sql, params),
  };
  return { db: wrapped, state };
};

describeEachDatabase('app', (getDb) => {
  describe('with a web build', () => {
    let app: FastifyInstance;
    const dist = makeWebDist();
    beforeAll(async () => {
      app = await buildTestApp({ db: getDb(), env: { WEB_DIST_DIR: dist.dir } });
    });
    afterAll(async () => {
      await app.close();
      dist.remove();
    });

    it('should serve index.html for an unknown page navigation (history mode)', async () => {
      for (const url of ['/member', '/agentHome', '/index', '/help?x=1']) {
        const res = await app.inject({ url, headers: HTML });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('SPA-INDEX');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    });

    it('should serve the root and hashed assets with the right caching', async () => {
      const root = await app.inject({ url: '/', headers: HTML });
      expect(root.body).toContain('SPA-INDEX');
      expect(root.headers['cache-control']).toBe('no-cache');
      const asset = await app.inject({ url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
    });

    it('should answer unknown API paths with a 404 envelope, even for browsers', async () => {
      for (const [method, url] of [
        ['GET', '/wps/nothing/here'],
        ['POST', '/wps/nothing'],
        ['GET', '/lgw/games/nothing'],
        ['GET', '/health/nothing'],
        ['DELETE', '/api/anything'],
        ['GET', '/wps'],
      ] as const) {
        const res = await app.inject({ method, url, headers: HTML });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(FailureEnvelopeSchema.parse(res.json())).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
    });

    it('should not answer a missing asset or a non-HTML request with index.html', async () => {
      const asset = await app.inject({ url: '/assets/missing.js', headers: HTML });
      expect(asset.statusCode).toBe(404);
      const script = await app.inject({ url: '/member', headers: { accept: '*/*' } });
      expect(script.statusCode).toBe(404);
      expect(script.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    });

    it('should answer 405 with Allow when an API path exists with another method', async () => {
      const res = await app.inject({ method: 'POST', url: '/wps/system/status' });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toContain('GET');
      expect(res.json()).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
    });
  });

  describe('without a web build', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp({ db: getDb(), env: { WEB_DIST_DIR: NO_WEB_BUILD } });
    });
    afterAll(() => app.close());

    it('should answer page navigations with a 503 page that says the web app is not built', async () => {
      const res = await app.inject({ url: '/member', headers: HTML });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('not built');
    });

    it('should still serve the API', async () => {
      const res = await app.inject({ url: '/wps/system/status' });
      expect(res.statusCode).toBe(200);
    });

    it('should echo a safe x-request-id and replace an unsafe one', async () => {
      const kept = await app.inject({ url: '/health/live', headers: { 'x-request-id': 'edge-42.a:b' } });
      expect(kept.headers['x-request-id']).toBe('edge-42.a:b');
      for (const unsafe of ['has spaces', 'x'.repeat(65), '<script>']) {
        const res = await app.inject({ url: '/health/live', headers: { 'x-request-id': unsafe } });
        expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
      const generated = await app.inject({ url: '/wps/nothing' });
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('should send security headers with a CSP fit for the SPA on pages', async () => {
      const res = await app.inject({ url: '/member', headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).not.toContain(' https:;');
      expect(csp).toMatch(/frame-src 'self' https:\/\/play1\.luckystar\.example/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    });

    it('should give API answers the strict API policy: nothing loads from them, nothing frames them', async () => {
      for (const url of ['/wps/system/status', '/health/live', '/wps/nothing']) {
        const res = await app.inject({ url });
        expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
        expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
        expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
        // The document-only headers stay off answers no browser renders as a page.
        expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      }
      expect((await app.inject({ url: '/wps/system/status' })).headers['cache-control']).toBe('no-store');
    });
  });

  describe('health', () => {
    let app: FastifyInstance;
    let state: { mode: 'up' | 'down' | 'hung' };
    beforeAll(async () => {
      const flaky = switchable(getDb());
      state = flaky.state;
      app = await buildTestApp({ db: flaky.db });
    });
    afterAll(() => app.close());

    it('should be live and ready while the database answers', async () => {
      for (const url of ['/health/live', '/health/ready']) {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(successEnvelope(HealthSchema).parse(res.json()).value.status).toBe('ok');
      }
    });

    it('should stay live but answer ready with 503 when the database fails or hangs', async () => {
      for (const mode of ['down', 'hung'] as const) {
        state.mode = mode;
        try {
          const ready = await app.inject({ url: '/health/ready' });
          expect(ready.statusCode, mode).toBe(503);
          expect(ready.json()).toEqual({
            success: false,
            code: 'SERVICE_UNAVAILABLE',
            message: 'Database is not reachable',
          });
          expect((await app.inject({ url: '/health/live' })).statusCode).toBe(200);
        } finally {
          state.mode = 'up';
        }
      }
    });
  });

  describe('unexpected errors', () => {
    const lines: string[] = [];
    let app: FastifyInstance;
    beforeAll(async () => {
      const stream = new Writable({
        write: (chunk: Buffer, _enc, done) => {
          lines.push(chunk.toString());
          done();
        },
      });
      app = await buildApp({
        env: loadEnv({ NODE_ENV: 'test', WEB_DIST_DIR: NO_WEB_BUILD }),
        db: getDb(),
        logger: { level: 'info', stream },
      });
      app.get('/wps/test/boom', async () => {
        throw new Error('secret connection string postgres://admin:hunter2@db');
      });
      app.get('/wps/test/contract-break', async () => ({
        success: true,
        value: z.object({ n: z.number() }).parse({ n: 'not a number' }),
      }));
      await app.ready();
    });
    afterAll(() => app.close());

    it('should answer 500 INTERNAL without detail and log the cause with the request id', async () => {
      const res = await app.inject({ url: '/wps/test/boom', headers: { 'x-request-id': 'trace-500' } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, code: 'INTERNAL', message: 'Internal server error' });
      expect(res.body).not.toContain('hunter2');
      const logged = lines.map(
        (line) => JSON.parse(line) as { reqId?: string; level: number; err?: { message: string } },
      );
      expect(logged.some((l) => l.reqId === 'trace-500' && l.level === 50 && l.err?.message.includes('secret'))).toBe(
        true,
      );
    });

    it('should answer 500 when a value breaks its schema on our side', async () => {
      const res = await app.inject({ url: '/wps/test/contract-break' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 'INTERNAL' });
    });
  });
});
