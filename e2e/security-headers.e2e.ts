import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API, OPS_API } from '@platform/contracts';
import { cspProblems, parseCsp } from '../apps/server/src/test/csp';
import { openPage } from './support/browser';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

/**
 * ADR 0020 in the built apps, on the plain demo as `npm start` runs it (the RGS mounted under /rgs): every kind of
 * page carries a policy that lets no arbitrary script run, the pages work under it (no violation in the console),
 * and players see only the games of connected vendors.
 */
const suite = usePlatformAndBrowser({ rgs: true });

/** The demo merchant's own origins and image CDNs (its configuration): what connect-src and img-src may name. */
const DEMO_ORIGINS = [
  'https://localhost',
  'https://127.0.0.1',
  'https://img1.luckystar.example',
  'https://img2.luckystar.example',
];

const get = (path: string, accept = 'text/html') =>
  fetch(`${suite.platform.baseUrl}${path}`, { headers: { accept }, redirect: 'manual' });

describe('security headers of every page kind', () => {
  it('should allow no arbitrary script anywhere, frame RGS pages only from the platform, and send the headers', async () => {
    const index = await (await get('/')).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    expect(asset).toBeDefined();
    const pages: Array<[string, string?]> = [
      ['/'],
      ['/live'],
      ['/member'],
      ['/agent'],
      ['/seamless?game=1'],
      ['/verify'],
      ['/help'],
      ['/no/such/page'],
      ['/ops'],
      ['/ops/games/vendors'],
      ['/demo-gateway/pay/1/DG0123456789abcdefgh'],
      ['/rgs/play/rgs-dice'],
      ['/rgs/play/rgs-crash?lang=ty'],
      ['/rgs/replay/dice-00000000000000000000000000000000'],
      [API.system.status, 'application/json'],
      [`${API.game.games}?pageNo=1&pageSize=12`, 'application/json'],
      ['/wps/nothing', 'application/json'],
      ['/health/live', 'application/json'],
      ['/rgs/v1/jackpots', 'application/json'],
      [asset ?? '/assets/missing.js', '*/*'],
      ['/rgs/assets/dice.js', '*/*'],
      ['/favicon.svg', '*/*'],
      ['/assets/missing.js', '*/*'],
    ];
    for (const [path, accept] of pages) {
      const res = await get(path, accept);
      expect(res.status, path).toBeLessThan(500);
      const csp = res.headers.get('content-security-policy') ?? undefined;
      expect(cspProblems(csp, { allowedOrigins: DEMO_ORIGINS, allowedImageSchemes: ['data:'] }), path).toEqual([]);
      // Framed only by the platform (the RGS here runs on the platform's origin), or by nothing.
      expect(["'self'", "'none'"], path).toContain(
        parseCsp(csp ?? '')
          .get('frame-ancestors')
          ?.join(' '),
      );
      expect(res.headers.get('permissions-policy'), path).toContain('camera=()');
      expect(res.headers.get('strict-transport-security'), path).toMatch(/^max-age=31536000/);
    }
  });
});

/** Violations the page reports, from the console and from the securitypolicyviolation event. */
const watchViolations = async (page: Page): Promise<string[]> => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions-Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  return violations;
};

describe('the built apps under the policy', () => {
  it('should run the lobby, help, verifier, agent page, back office and an in-house game without a violation', async () => {
    const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
    const { page, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl, {
      extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.201' },
    });
    const violations = await watchViolations(page);
    for (const path of ['/', '/live', '/help', '/verify', '/agent', '/ops']) {
      await page.goto(path);
      await page
        .getByTestId('page-loader')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await page.waitForLoadState('networkidle');
    }
    await page.context().addInitScript((t) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', t);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
      }
    }, token);
    await page.goto('/rng?vassalage=RGS');
    await page.getByTestId('game-card').filter({ hasText: 'Dice' }).getByTestId('game-card-start').click();
    await page.waitForURL(/\/seamless\?game=/);
    const frame = page.frameLocator('[data-testid="seamless-frame"]');
    await frame.getByTestId('balance').waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
    await page.context().close();
  });
});

describe('connected vendors only', () => {
  it("should list to players only connected vendors' games and show staff the others with their last error", async () => {
    const res = await get(`${API.game.games}?pageNo=1&pageSize=100`, 'application/json');
    const games = ((await res.json()) as { value: { games: Array<{ vassalage: string }> } }).value.games;
    expect(games.length).toBeGreaterThan(0);
    // The in-house game server's vendors: its games and its lottery gateway's three lottery vendors (issue 23).
    expect(new Set(games.map((game) => game.vassalage))).toEqual(new Set(['RGS', 'LOTT', 'TCG_SEA', 'TCG_LOTTO_VN']));

    const vendors = await suite.platform.staff('GET', OPS_API.vendors);
    const list = (vendors.json.value as { list: Array<{ code: string; connected: boolean; lastLaunchError: string }> })
      .list;
    expect(list.find((vendor) => vendor.code === 'RGS')?.connected).toBe(true);
    const pg = list.find((vendor) => vendor.code === 'PG');
    expect(pg?.connected).toBe(false);
    expect(pg?.lastLaunchError).toMatch(/^no credentials configured/);

    // The lobby a player opens shows the playable games and nothing of the vendors that are not connected.
    const { page } = await openPage(suite.browser, suite.platform.baseUrl);
    await page.goto('/rng');
    await expect.poll(() => page.getByTestId('game-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const names = await page.getByTestId('game-card').allInnerTexts();
    expect(names.join(' ')).toContain('Lucky Lanterns');
    expect(names.join(' ')).not.toContain('Fortune Tiger');
    await page.goto('/live');
    await page
      .getByTestId('page-loader')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page.screenshot({ path: new URL('./screenshots/connected-only-live.png', import.meta.url).pathname });
    await page.context().close();
  });
});
