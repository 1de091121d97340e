import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDatabase } from '../test/databases';
import { buildTestApp, makeWebDist, NO_WEB_BUILD } from '../test/test-app';

const HTML = { accept: 'text/html,application/xhtml+xml' };

/** A throwaway back-office build: index.html and one hashed asset under assets/, as Vite writes with base /ops/. */
const makeOpsDist = () => {
  const dir = mkdtempSync(join(tmpdir(), 'platform-ops-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div>OPS-INDEX</body></html>');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'assets', 'index-ops123.js'), 'console.log("ops");');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};

describeEachDatabase('web-app: the back office under /ops', (getDb) => {
  describe('with both builds', () => {
    let app: FastifyInstance;
    const web = makeWebDist();
    const ops = makeOpsDist();
    beforeAll(async () => {
      app = await buildTestApp({ db: getDb(), env: { WEB_DIST_DIR: web.dir, OPS_DIST_DIR: ops.dir } });
    });
    afterAll(async () => {
      await app.close();
      web.remove();
      ops.remove();
    });

    it('should serve the back office index for any /ops navigation (history mode)', async () => {
      for (const url of ['/ops', '/ops/', '/ops/sign-in', '/ops/staff?pageNo=2', '/ops/members/juan/notes']) {
        const res = await app.inject({ url, headers: HTML });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('OPS-INDEX');
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
    });

    it('should keep serving the web app everywhere else', async () => {
      for (const url of ['/', '/member', '/opsx', '/operations']) {
        const res = await app.inject({ url, headers: HTML });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('SPA-INDEX');
      }
    });

    it('should serve the back office assets as immutable and 404 a missing one', async () => {
      const asset = await app.inject({ url: '/ops/assets/index-ops123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toContain('ops');
      expect(asset.headers['cache-control']).toContain('immutable');
      const missing = await app.inject({ url: '/ops/assets/missing.js', headers: HTML });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    });

    it('should not answer a non-HTML request or a POST under /ops with the index', async () => {
      const script = await app.inject({ url: '/ops/staff', headers: { accept: '*/*' } });
      expect(script.statusCode).toBe(404);
      const post = await app.inject({ method: 'POST', url: '/ops/staff', headers: HTML });
      expect(post.statusCode).toBe(404);
    });

    it('should send the same security headers on back-office pages as on the web app, but no frames', async () => {
      const ops = await app.inject({ url: '/ops/staff', headers: HTML });
      const player = await app.inject({ url: '/member', headers: HTML });
      expect(String(ops.headers['content-security-policy'])).toContain("frame-src 'none'");
      expect(String(player.headers['content-security-policy'])).not.toContain("frame-src 'none'");
      for (const header of [
        'x-content-type-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'x-frame-options',
        'strict-transport-security',
      ]) {
        expect(ops.headers[header], header).toBeDefined();
        expect(ops.headers[header], header).toBe(player.headers[header]);
      }
      expect(String(ops.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(String(ops.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    });

    it('should leave the staff API to the API (a 404 envelope, not the index)', async () => {
      const res = await app.inject({ url: '/wps/ops/nothing-here', headers: HTML });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    });
  });

  describe('with the back office only', () => {
    let app: FastifyInstance;
    const ops = makeOpsDist();
    beforeAll(async () => {
      app = await buildTestApp({ db: getDb(), env: { WEB_DIST_DIR: NO_WEB_BUILD, OPS_DIST_DIR: ops.dir } });
    });
    afterAll(async () => {
      await app.close();
      ops.remove();
    });

    it('should serve /ops and say the web app is not built elsewhere', async () => {
      const back = await app.inject({ url: '/ops/staff', headers: HTML });
      expect(back.statusCode).toBe(200);
      expect(back.body).toContain('OPS-INDEX');
      const player = await app.inject({ url: '/member', headers: HTML });
      expect(player.statusCode).toBe(503);
      expect(player.body).toContain('web app is not built');
    });
  });

  describe('without a back-office build', () => {
    let app: FastifyInstance;
    const web = makeWebDist();
    beforeAll(async () => {
      app = await buildTestApp({ db: getDb(), env: { WEB_DIST_DIR: web.dir, OPS_DIST_DIR: NO_WEB_BUILD } });
    });
    afterAll(async () => {
      await app.close();
      web.remove();
    });

    it('should answer /ops navigations with a 503 page, not the web app', async () => {
      const res = await app.inject({ url: '/ops/staff', headers: HTML });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('back office is not built');
      expect(res.body).not.toContain('SPA-INDEX');
    });
  });
});
