import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from './support/browser';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

const shot = (name: string) => new URL(`./screenshots/${name}`, import.meta.url).pathname;

type Layout = { header: boolean; sideMenu: boolean; footer: boolean };
const DEFAULT: Layout = { header: true, sideMenu: true, footer: true };
const AGENT: Layout = { header: false, sideMenu: false, footer: false };
const GAME: Layout = { header: true, sideMenu: false, footer: true };
const SEAMLESS: Layout = { header: true, sideMenu: false, footer: false };

/** The spec's route table (§2) as a guest sees it. */
const guestRoutes: Array<{ path: string; layout: Layout; landsOn?: string; testId?: string }> = [
  { path: '/', layout: DEFAULT, testId: 'main-content' },
  { path: '/index', layout: DEFAULT, testId: 'main-content' },
  { path: '/index.html', layout: DEFAULT, testId: 'main-content' },
  { path: '/home', layout: DEFAULT, testId: 'main-content' },
  { path: '/login', layout: DEFAULT, landsOn: '/', testId: 'login-dialog' },
  // Both show home with their dialog open; the address returns to / (spec §2 /login; ADR 0007 for /register).
  { path: '/register', layout: DEFAULT, landsOn: '/', testId: 'register-dialog' },
  { path: '/agent', layout: AGENT, testId: 'agent-landing' },
  { path: '/agentHome', layout: AGENT, landsOn: '/agent', testId: 'agent-landing' },
  { path: '/member', layout: DEFAULT, landsOn: '/', testId: 'login-dialog' },
  { path: '/help', layout: DEFAULT, testId: 'help-page' },
  { path: '/sports', layout: DEFAULT },
  { path: '/esports', layout: DEFAULT },
  { path: '/lott', layout: DEFAULT },
  { path: '/elott', layout: DEFAULT },
  { path: '/live', layout: DEFAULT },
  { path: '/fish', layout: DEFAULT },
  { path: '/rng?vassalage=PG', layout: DEFAULT },
  { path: '/pvp', layout: DEFAULT },
  { path: '/favorite', layout: DEFAULT, landsOn: '/', testId: 'login-dialog' },
  { path: '/recent', layout: DEFAULT, landsOn: '/', testId: 'login-dialog' },
  { path: '/lottery?gameCode=VN1', layout: DEFAULT, landsOn: '/', testId: 'login-dialog' },
  { path: '/promotions', layout: DEFAULT },
  { path: '/pointMall', layout: DEFAULT, landsOn: '/', testId: 'login-dialog' },
  { path: '/seamless', layout: SEAMLESS },
  { path: '/verify', layout: DEFAULT, testId: 'verify-page' },
  { path: '/vip', layout: DEFAULT, landsOn: '/', testId: 'login-dialog' },
  { path: '/no/such/page', layout: DEFAULT, testId: 'not-found-page' },
];

/** Routes behind the login guard, as a signed-in member sees their frame. */
const memberRoutes: Array<{ path: string; layout: Layout; landsOn?: string; testId?: string }> = [
  { path: '/member', layout: DEFAULT, testId: 'member-centre' },
  { path: '/favorite', layout: DEFAULT },
  { path: '/recent', layout: DEFAULT },
  { path: '/pointMall', layout: DEFAULT },
  { path: '/vip', layout: DEFAULT, testId: 'vip-page' },
  { path: '/lottery?gameCode=VN1', layout: GAME },
  { path: '/seaLottery', layout: GAME },
  { path: '/vnLottery', layout: GAME },
  { path: '/lottert', layout: GAME },
  { path: '/vnlottery', layout: GAME },
  { path: '/sealottery', layout: GAME },
  // A member who is not an agent is replaced by the agent landing.
  { path: '/agentHome', layout: AGENT, landsOn: '/agent', testId: 'agent-landing' },
];

const isVisible = (page: Page, testId: string) => page.getByTestId(testId).isVisible();

const expectLayout = async (page: Page, layout: Layout) => {
  expect({
    header: await isVisible(page, 'app-header'),
    sideMenu: await isVisible(page, 'side-menu'),
    footer: await isVisible(page, 'app-footer'),
  }).toEqual(layout);
};

/** Waits until the route's chunk has loaded and the loader overlay is gone. */
const settle = async (page: Page, testId?: string) => {
  await page
    .getByTestId(testId ?? 'main-content')
    .first()
    .waitFor({ state: 'visible' });
  await page.getByTestId('page-loader').waitFor({ state: 'detached' });
};

const suite = usePlatformAndBrowser({ rgs: true });
let memberToken: string;

beforeAll(async () => {
  memberToken = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
});

describe('route table and layouts', () => {
  it.each(guestRoutes)('a guest on $path sees its layout', async ({ path, layout, landsOn, testId }) => {
    const { page, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl);
    await page.goto(path);
    await settle(page, testId);
    expect(new URL(page.url()).pathname).toBe(landsOn ?? new URL(path, suite.platform.baseUrl).pathname);
    await expectLayout(page, layout);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it.each(memberRoutes)('a signed-in member on $path sees its layout', async ({ path, layout, landsOn, testId }) => {
    const { page, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl);
    // A real member session, in session storage where the web app keeps its token (spec §4).
    await page.addInitScript((token) => sessionStorage.setItem('token', token), memberToken);
    await page.goto(path);
    await settle(page, testId);
    expect(new URL(page.url()).pathname).toBe(landsOn ?? new URL(path, suite.platform.baseUrl).pathname);
    await expectLayout(page, layout);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('opens the terms section of the help centre from /help#term', async () => {
    const { page, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl);
    await page.goto('/help#term');
    await settle(page, 'help-page');
    const terms = page.locator('#term');
    await terms.waitFor({ state: 'visible' });
    expect(await terms.isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});

describe('themes and languages', () => {
  it('switches between dark and light and remembers the choice', async () => {
    const { page, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl);
    await page.goto('/');
    await settle(page);
    const html = page.locator('html');
    const first = await html.getAttribute('data-theme');
    expect(['dark', 'light']).toContain(first);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const firstBackground = await background();
    await page.getByTestId('theme-toggle').first().click();
    const second = await html.getAttribute('data-theme');
    expect(second).toBe(first === 'dark' ? 'light' : 'dark');
    // The body's colours change by a transition (a frame even for a visitor who asked for reduced motion).
    await expect.poll(background).not.toBe(firstBackground);
    await page.screenshot({ path: shot(`home-${second}.png`) });
    await page.reload();
    await settle(page);
    expect(await html.getAttribute('data-theme')).toBe(second);
    await page.screenshot({ path: shot(`home-${second}-after-reload.png`) });
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('switches EN to TY without a reload and stores the choice under hisLang and lang', async () => {
    const { page, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl);
    await page.goto('/');
    await settle(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    const loginButtonText = () => page.getByTestId('app-header').getByRole('button').allInnerTexts();
    const englishTexts = await loginButtonText();
    // A marker on window survives only if the page is not reloaded.
    await page.evaluate(() => Object.assign(window, { __noReload: true }));
    await page.getByTestId('language-select').first().selectOption('TY');
    await page.waitForFunction(() => document.documentElement.lang === 'fil-PH');
    expect(await loginButtonText()).not.toEqual(englishTexts);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(await page.evaluate(() => [localStorage.getItem('hisLang'), localStorage.getItem('lang')])).toEqual([
      'TY',
      'TY',
    ]);
    await page.screenshot({ path: shot('home-ty.png') });
    await page.reload();
    await settle(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('fil-PH');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('replaces an unsupported stored language with the default', async () => {
    const { page, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('lang', 'XX');
        localStorage.setItem('hisLang', 'XX');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/');
    await settle(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('EN');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});

describe('maintenance and region restriction', () => {
  it('shows the maintenance page with its message while the merchant is in maintenance', async () => {
    await suite.platform.sql(
      "UPDATE merchants SET maintenance_enabled = true, maintenance_message = 'Back at 10:00 UTC' WHERE code = 'demo'",
    );
    try {
      const { page } = await openPage(suite.browser, suite.platform.baseUrl);
      await page.goto('/live');
      await page.getByTestId('maintenance-page').waitFor();
      expect(await page.getByTestId('maintenance-page').innerText()).toContain('Back at 10:00 UTC');
      expect(await isVisible(page, 'app-header')).toBe(false);
      expect(await isVisible(page, 'cs-button')).toBe(true);
      await page.screenshot({ path: shot('maintenance.png') });
      await page.context().close();
    } finally {
      await suite.platform.sql("UPDATE merchants SET maintenance_enabled = false WHERE code = 'demo'");
    }
  });

  it('shows the region page with the client IP when that IP is blocked, and its service window is 440x750', async () => {
    await suite.platform.sql(
      "INSERT INTO merchant_region_rules (merchant_id, action, cidr) SELECT id, 'DENY', '203.0.113.0/24'::cidr FROM merchants WHERE code = 'demo'",
    );
    try {
      const { page } = await openPage(suite.browser, suite.platform.baseUrl, {
        extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.7' },
      });
      await page.goto('/');
      await page.getByTestId('region-page').waitFor();
      expect(await page.getByTestId('region-ip').innerText()).toContain('203.0.113.7');
      expect(await isVisible(page, 'app-header')).toBe(false);
      await page.screenshot({ path: shot('region.png') });
      // The app cuts window.opener, so the window is found through the context rather than the 'popup' event.
      const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('cs-button').click()]);
      await popup.waitForLoadState();
      // The LIVECHAT entry opens our own customer service window (issue 22).
      expect(new URL(popup.url()).pathname).toBe('/service');
      const size = await popup.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
      expect(size).toEqual({ width: 440, height: 750 });
      await page.context().close();

      // A client from another address is not affected.
      const other = await openPage(suite.browser, suite.platform.baseUrl, {
        extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.9' },
      });
      await other.page.goto('/');
      await settle(other.page);
      expect(await isVisible(other.page, 'region-page')).toBe(false);
      await other.page.context().close();
    } finally {
      await suite.platform.sql("DELETE FROM merchant_region_rules WHERE cidr = '203.0.113.0/24'");
    }
  });
});
