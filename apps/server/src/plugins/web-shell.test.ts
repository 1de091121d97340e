import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDatabase } from '../test/databases';
import { buildTestApp, makeWebDist } from '../test/test-app';
import { withShell } from './web-app';

const HTML = { accept: 'text/html,application/xhtml+xml' };

/** index.html as the web build writes it: the boot loader between the markers the server may replace. */
const TEMPLATE =
  '<!doctype html><html><head><title>t</title><script type="module" src="/assets/index-abc.js"></script></head>' +
  '<body><div id="root"><!--boot--><div class="page-loader page-loader--boot" data-testid="page-loader">' +
  'BOOT-LOADER</div><!--/boot--></div></body></html>';

const makeShellDist = () => {
  const dir = mkdtempSync(join(tmpdir(), 'platform-web-shell-'));
  writeFileSync(join(dir, 'index.html'), TEMPLATE);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log("app");');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};

describe('withShell', () => {
  it('should put the banner where the loader was and preload it in the head', () => {
    const html = withShell(TEMPLATE, { imageUrl: '/banners/a.svg', single: false });
    expect(html).not.toBeNull();
    expect(html).not.toContain('BOOT-LOADER');
    expect(html).toContain('<link rel="preload" as="image" href="/banners/a.svg" fetchpriority="high"></head>');
    expect(html).toContain(
      '<div class="home-banner__first"><span class="home-banner__link"><img class="banner-image" src="/banners/a.svg"',
    );
    // The scripts and everything outside the markers stay as built.
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
    expect(html).toMatch(/<\/div><\/div><\/body><\/html>$/);
  });

  it('should place a lone banner as the app does (home-banner__single)', () => {
    expect(withShell(TEMPLATE, { imageUrl: '/b.png', single: true })).toContain('class="home-banner__single"');
  });

  it('should escape the address and refuse any that is not a path on our origin or https', () => {
    const quoted = withShell(TEMPLATE, { imageUrl: '/b.png?a="x"&b=<y>', single: true });
    expect(quoted).toContain('src="/b.png?a=&quot;x&quot;&amp;b=&lt;y&gt;"');
    expect(withShell(TEMPLATE, { imageUrl: 'https://cdn.example/b.png', single: true })).not.toBeNull();
    for (const imageUrl of [
      'javascript:alert(1)',
      '//evil.example/b.png',
      '/\\evil.example/b.png',
      'data:image/png;base64,x',
      'http://cdn.example/b.png',
    ]) {
      expect(withShell(TEMPLATE, { imageUrl, single: true }), imageUrl).toBeNull();
    }
  });

  it('should leave a template without the boot markers alone', () => {
    expect(
      withShell('<html><head></head><body><div id="root"></div></body></html>', { imageUrl: '/b.png', single: true }),
    ).toBeNull();
  });
});

describeEachDatabase('web-app: the page shell with the home banner', (getDb) => {
  let app: FastifyInstance;
  const web = makeShellDist();
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), env: { WEB_DIST_DIR: web.dir } });
  });
  afterAll(async () => {
    await app.close();
    web.remove();
  });

  it('should paint the first of the demo home banners on the pages of the default layout', async () => {
    for (const url of ['/', '/live', '/member?page=depositv2', '/no-such-page']) {
      const res = await app.inject({ url, headers: HTML });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('data-testid="boot-shell"');
      expect(res.body, url).toContain('<img class="banner-image" src="/banners/home-welcome.svg"');
      expect(res.body, url).toContain('class="home-banner__first"');
      expect(res.body, url).not.toContain('BOOT-LOADER');
    }
  });

  it('should keep the plain loader on the agent, lottery and game pages, which have no home banner', async () => {
    for (const url of ['/agent', '/agentHome', '/vnLottery', '/SEAMLESS/', '/seamless?vendor=RGS']) {
      const res = await app.inject({ url, headers: HTML });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('BOOT-LOADER');
      expect(res.body, url).not.toContain('boot-shell');
    }
  });

  it('should serve the page as built when the merchant has no home banner', async () => {
    await getDb().query("UPDATE banners SET enabled = false WHERE group_name = 'w_home'");
    try {
      // The lookup is kept 30 seconds per host: another host of the demo merchant asks afresh.
      const res = await app.inject({ url: '/', headers: { ...HTML, host: 'localhost' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('BOOT-LOADER');
    } finally {
      await getDb().query("UPDATE banners SET enabled = true WHERE group_name = 'w_home'");
    }
  });
});

describeEachDatabase('web-app: a build without boot markers', (getDb) => {
  let app: FastifyInstance;
  const web = makeWebDist();
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), env: { WEB_DIST_DIR: web.dir } });
  });
  afterAll(async () => {
    await app.close();
    web.remove();
  });

  it('should not serve what the build keeps under a dot (the Vite manifest names every source file)', async () => {
    mkdirSync(join(web.dir, '.vite'), { recursive: true });
    writeFileSync(join(web.dir, '.vite', 'manifest.json'), '{"src/app/start.tsx":{}}');
    const res = await app.inject({ url: '/.vite/manifest.json' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('start.tsx');
  });

  it('should serve index.html unchanged at / and on other pages', async () => {
    for (const url of ['/', '/live']) {
      const res = await app.inject({ url, headers: HTML });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('SPA-INDEX');
      expect(res.body, url).not.toContain('boot-shell');
    }
  });
});
