import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PlayResult } from '../games/context';
import { describeEachDatabase } from '../test/databases';
import { startHarness, type Harness } from '../test/harness';
import { pageHeaders } from './security-headers';

/** script-src, or default-src when it has none (what a browser falls back to). */
const scriptSources = (csp: string): string[] => {
  const directives = new Map(
    csp.split(';').map((part) => [part.trim().split(/\s+/)[0], part.trim().split(/\s+/).slice(1)]),
  );
  return directives.get('script-src') ?? directives.get('default-src') ?? ['*'];
};

describeEachDatabase('game pages', (getDb) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(getDb());
  });
  afterAll(async () => {
    await h.close();
  });

  it('should serve a page per game that loads its bundled client, without leaking the launch URL as referrer', async () => {
    const page = await h.rgs.inject({ method: 'GET', url: '/rgs/play/rgs-lucky-lanterns?token=abc&lang=ty' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    // The language and theme of the launch from the first paint (the page is dark unless the launch says light).
    expect(page.body).toContain('<html lang="fil-PH" data-theme="dark">');
    expect(page.body).toContain('src="../assets/slot.js"');
    expect(page.body).not.toContain('abc');
    const light = await h.rgs.inject({ method: 'GET', url: '/rgs/play/rgs-dice?token=abc&lang=en&theme=light' });
    expect(light.body).toContain('<html lang="en" data-theme="light">');
    const odd = await h.rgs.inject({ method: 'GET', url: '/rgs/play/rgs-dice?theme=%22%3E%3Cscript%3E' });
    expect(odd.body).toContain('data-theme="dark"');
    const unknown = await h.rgs.inject({ method: 'GET', url: '/rgs/play/rgs-poker' });
    expect(unknown.statusCode).toBe(404);
  });

  it('should run only its own scripts on game and replay pages, framed only by the platform, with HSTS', async () => {
    const round = await h.rgs.inject({ method: 'GET', url: '/rgs/replay/dice-00000000000000000000000000000000' });
    for (const res of [await h.rgs.inject({ method: 'GET', url: '/rgs/play/rgs-crash' }), round]) {
      const csp = String(res.headers['content-security-policy']);
      expect(scriptSources(csp)).toEqual(["'self'"]);
      expect(csp).toContain("script-src-attr 'none'");
      expect(csp).toContain("connect-src 'self';");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['permissions-policy']).toContain('fullscreen=(self)');
    }
    // Answers that are not pages: nothing may load from them or frame them, and they carry the same headers.
    for (const url of ['/rgs/health', '/rgs/assets/dice.js', '/rgs/nothing']) {
      const res = await h.rgs.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['permissions-policy'], url).toContain('geolocation=()');
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=/);
    }
  });

  it("should name the platform's origins as the only ancestors, and drop anything that is not an origin", () => {
    const csp = pageHeaders(['https://www.brand.example', 'https://m.brand.example/path', 'x; script-src *', ''])[
      'content-security-policy'
    ];
    expect(csp).toContain('frame-ancestors https://www.brand.example https://m.brand.example');
    expect(csp).not.toContain('script-src *');
    expect(pageHeaders([])['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('should bundle the game clients (TypeScript with game-math and socket.io-client) and serve the stylesheet', async () => {
    for (const name of ['slot.js', 'dice.js', 'mines.js', 'plinko.js', 'crash.js']) {
      const asset = await h.rgs.inject({ method: 'GET', url: `/rgs/assets/${name}` });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toContain('javascript');
      expect(asset.body.length).toBeGreaterThan(1_000);
    }
    const crash = await h.rgs.inject({ method: 'GET', url: '/rgs/assets/crash.js' });
    // The client draws the curve with game-math's growth rate and speaks Socket.IO.
    expect(crash.body).toContain('6e-5');
    expect(crash.body).toContain('socket.io');
    const css = await h.rgs.inject({ method: 'GET', url: '/rgs/assets/rgs.css' });
    expect(css.headers['content-type']).toContain('text/css');
    expect((await h.rgs.inject({ method: 'GET', url: '/rgs/assets/nothing.js' })).statusCode).toBe(404);
  });

  it('should show a public replay of a round with its verification data, linking the verifier once revealed', async () => {
    const { session } = await h.launch('rgs-dice', { playerId: 'Preplay' });
    const roll = await h.request<PlayResult>('POST', '/rgs/v1/dice/roll', session, {
      amount: '1.00',
      target: 5000,
      over: true,
    });
    const { roundId } = roll.body.value.round;
    const before = await h.rgs.inject({ method: 'GET', url: `/rgs/replay/${roundId}` });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain(roll.body.value.round.fair!.serverSeedHash);
    expect(before.body).not.toContain('data-testid="verify-link"');
    const rotation = await h.request<{ revealed: { serverSeed: string } }>('POST', '/rgs/v1/fair/rotate', session, {
      family: 'dice',
    });
    const after = await h.rgs.inject({ method: 'GET', url: `/rgs/replay/${roundId}?lang=ty` });
    expect(after.body).toContain(rotation.body.value.revealed.serverSeed);
    const link = /data-testid="verify-link" href="([^"]+)"/
      .exec(after.body)![1]!
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    const url = new URL(link, 'http://platform.test');
    expect(url.pathname).toBe('/verify');
    expect(url.searchParams.get('serverSeed')).toBe(rotation.body.value.revealed.serverSeed);
    expect(url.searchParams.get('family')).toBe('dice');
    expect(after.body).toContain('Patunayan');
    // The outcome lines are in the page's language too.
    expect(after.body).toMatch(/Lumabas ang \d+\.\d{2}: (panalo|talo)/);
    expect(after.body).not.toContain('Server seed<');
    const missing = await h.rgs.inject({ method: 'GET', url: `/rgs/replay/dice-${'0'.repeat(32)}` });
    expect(missing.statusCode).toBe(404);
  });

  it('should publish the jackpot feed and the crash chain without a session', async () => {
    const jackpots = await h.rgs.inject({ method: 'GET', url: '/rgs/v1/jackpots' });
    expect(jackpots.statusCode).toBe(200);
    expect(jackpots.json()).toHaveProperty('pools');
    const chain = await h.rgs.inject({ method: 'GET', url: '/rgs/v1/crash/chain' });
    expect(chain.statusCode).toBe(200);
  });
});
