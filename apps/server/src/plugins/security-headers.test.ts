import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { demoMerchantTemplate, insertMerchant } from '../db/seed';
import { upsertVendor } from '../test/bets-helpers';
import { cspProblems, parseCsp } from '../test/csp';
import { describeEachDatabase } from '../test/databases';
import { buildTestApp, makeWebDist } from '../test/test-app';

const HTML = { accept: 'text/html,application/xhtml+xml' };
const ACME_HOST = 'acme-csp.test';

/** Every kind of page the platform serves itself (the RGS's pages are covered in apps/rgs and e2e). */
const PLAYER_PAGES = ['/', '/member', '/agent', '/agentHome', '/seamless', '/verify', '/help', '/lottery', '/no-such'];
const OPS_PAGES = ['/ops', '/ops/sign-in', '/ops/games/vendors'];
const OTHER = [
  // The demo payment gateway's page (development only), here its not-found page.
  { url: '/demo-gateway/pay/1/DG0123456789abcdefgh', headers: HTML },
  // API answers, a cached lobby answer among them, and the API's 404 and 405.
  { url: '/wps/system/status', headers: {} },
  { url: '/wps/game/games?pageNo=1&pageSize=12', headers: {} },
  { url: '/health/live', headers: {} },
  { url: '/wps/nothing', headers: {} },
  // Static files (a hashed asset, a missing one) and a page that is not a navigation.
  { url: '/assets/index-abc123.js', headers: {} },
  { url: '/assets/missing.js', headers: HTML },
  { url: '/member', headers: { accept: 'application/json' } },
];

describeEachDatabase('security headers of every page kind', (getDb) => {
  let app: FastifyInstance;
  const web = makeWebDist();
  let demoOrigins: string[] = [];

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), env: { WEB_DIST_DIR: web.dir, OPS_DIST_DIR: web.dir } });
    const template = demoMerchantTemplate();
    const acmeId = await getDb().transaction((tx) =>
      insertMerchant(tx, {
        ...template,
        code: 'acme_csp',
        name: 'Acme',
        hosts: [ACME_HOST, 'www.acme-csp.test'],
        gtagId: 'G-ACME12345',
        cdns: [
          { kind: 'IMAGE', url: 'https://img.acme.test' },
          { kind: 'LAUNCH', url: 'https://play.acme.test' },
        ],
      }),
    );
    // Acme runs the game server on its own origin (distributed mode).
    await upsertVendor(getDb(), acmeId, { code: 'RGS', apiUrl: 'https://rgs.acme.test/rgs' });
    await getDb().query(`UPDATE game_vendors SET launch_url = 'https://rgs.acme.test/rgs' WHERE merchant_id = $1`, [
      acmeId,
    ]);
    const { rows } = await getDb().query<{ url: string }>(
      `SELECT c.url FROM merchant_cdns c JOIN merchants m ON m.id = c.merchant_id WHERE m.code = 'demo' AND kind = 'IMAGE'`,
    );
    const { rows: hosts } = await getDb().query<{ host: string }>(
      `SELECT d.host FROM merchant_domains d JOIN merchants m ON m.id = d.merchant_id WHERE m.code = 'demo'`,
    );
    demoOrigins = [...rows.map((row) => new URL(row.url).origin), ...hosts.map((row) => `https://${row.host}`)];
  });
  afterAll(async () => {
    await app.close();
    web.remove();
  });

  it('should allow no arbitrary script and only configured origins on every page kind, with the headers everywhere', async () => {
    const requests = [
      ...PLAYER_PAGES.map((url) => ({ url, headers: HTML })),
      ...OPS_PAGES.map((url) => ({ url, headers: HTML })),
      ...OTHER,
    ];
    for (const { url, headers } of requests) {
      const res = await app.inject({ url, headers });
      expect(res.statusCode, url).toBeLessThan(500);
      const csp = res.headers['content-security-policy'] as string | undefined;
      expect(
        cspProblems(csp, { allowedOrigins: demoOrigins, allowedImageSchemes: ['data:'], frameAncestors: undefined }),
        url,
      ).toEqual([]);
      const ancestors = parseCsp(csp ?? '').get('frame-ancestors');
      expect(["'self'", "'none'"], url).toContain(ancestors?.join(' '));
      expect(res.headers['permissions-policy'], url).toMatch(
        /camera=\(\).*microphone=\(\).*geolocation=\(\)|camera=\(\)/,
      );
      expect(res.headers['permissions-policy'], url).toContain('geolocation=()');
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=31536000/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it("should build a page's policy from its merchant's configuration: origins, CDNs, game server, analytics", async () => {
    const acme = await app.inject({ url: '/member', headers: { ...HTML, host: ACME_HOST } });
    const csp = parseCsp(String(acme.headers['content-security-policy']));
    // Analytics only for the merchant that configured it: Google's tag host, never a scheme or inline script.
    expect(csp.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://rgs.acme.test', 'https://play.acme.test']);
    expect(csp.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://acme-csp.test', 'https://www.acme-csp.test', 'https://img.acme.test']),
    );
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining(['https://acme-csp.test', 'https://www.acme-csp.test']),
    );
    expect(csp.get('connect-src')).not.toContain('https://img.acme.test');
    expect(acme.headers['permissions-policy']).toContain(
      'fullscreen=(self "https://rgs.acme.test" "https://play.acme.test")',
    );
    expect(
      cspProblems(String(acme.headers['content-security-policy']), {
        allowedOrigins: [
          'https://acme-csp.test',
          'https://www.acme-csp.test',
          'https://img.acme.test',
          'https://www.googletagmanager.com',
          'https://www.google-analytics.com',
          'https://*.google-analytics.com',
          'https://*.analytics.google.com',
        ],
        allowedImageSchemes: ['data:'],
        frameAncestors: ["'self'"],
      }),
    ).toEqual([]);

    // The demo merchant's pages name none of Acme's sources, and no analytics (it has no gtag id).
    const demo = String((await app.inject({ url: '/member', headers: HTML })).headers['content-security-policy']);
    expect(demo).not.toContain('acme');
    expect(demo).not.toContain('googletagmanager');
    // The back office frames nothing and loads no analytics, even for Acme.
    const ops = parseCsp(
      String(
        (await app.inject({ url: '/ops', headers: { ...HTML, host: ACME_HOST } })).headers['content-security-policy'],
      ),
    );
    expect(ops.get('frame-src')).toEqual(["'none'"]);
    expect(ops.get('script-src')).toEqual(["'self'"]);
  });

  it('should tell an arbitrary script source apart from a configured one', () => {
    const allowed = { allowedOrigins: ['https://cdn.example'], allowedImageSchemes: ['data:'] };
    expect(cspProblems("default-src 'self'", allowed)).toEqual([]);
    expect(cspProblems("default-src 'self' 'unsafe-inline'", allowed)).toContain("script-src allows 'unsafe-inline'");
    expect(cspProblems("script-src 'self' https:; default-src 'self'", allowed)).toEqual(['script-src allows https:']);
    expect(cspProblems("script-src 'self' https://*.cdn.example; default-src 'self'", allowed)).toEqual([
      'script-src allows https://*.cdn.example',
    ]);
    expect(cspProblems("img-src 'self' https:; default-src 'self'", allowed)).toEqual(['img-src allows https:']);
    expect(cspProblems("style-src 'self'", allowed)).toContain('no script-src and no default-src: any script may run');
    expect(cspProblems(undefined, allowed)).toEqual(['no Content-Security-Policy']);
  });
});
