import { describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { OPS_API } from '@platform/contracts';
import { translate } from '../apps/rgs/src/client/i18n';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { openPage, type WatchedPage } from './support/browser';
import { apiLogin } from './support/session';
import { amountIn, byId, cardNamed, eventually, headerAmount, ready, shot } from './support/page';
import { usePlatformAndBrowser } from './support/suite';

/**
 * Issue 6 in the browser: the platform with the in-house RGS mounted under /rgs, as `npm start` runs it. The RGS
 * reaches the platform only through the seamless wallet protocol over HTTP (loopback), so every balance a test reads
 * in the header went through that protocol and the ledger.
 */
const suite = usePlatformAndBrowser({ rgs: true });
let clientNumber = 60;
const freshTab = async (viewport?: { width: number; height: number }): Promise<WatchedPage> => {
  clientNumber += 1;
  return openPage(suite.browser, suite.platform.baseUrl, {
    extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${clientNumber}` },
    ...(viewport === undefined ? {} : { viewport }),
  });
};

/** The player's stored choices (local storage, as the header's switches keep them) and the window size. */
type TabLook = { lang: 'EN' | 'TY'; theme: 'dark' | 'light'; viewport: { width: number; height: number } };

const memberTab = async (username: string, password: string, path: string, look?: TabLook): Promise<WatchedPage> => {
  const token = await apiLogin(suite.platform.baseUrl, username, password);
  const watched = await freshTab(look?.viewport);
  await watched.page.context().addInitScript(
    ([t, lang, theme]) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', t);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
      }
      if (lang !== '') localStorage.setItem('lang', lang);
      if (theme !== '') localStorage.setItem('theme', theme);
    },
    [token, look?.lang ?? '', look?.theme ?? ''] as const,
  );
  await ready(watched.page, path);
  return watched;
};

let funding = 0;
const fund = async (username: string, amount: string) => {
  funding += 1;
  const answer = await suite.platform.staff('POST', OPS_API.adjustments, {
    username,
    direction: 'CREDIT',
    amount,
    reason: 'e2e games funding',
    requestId: `e2e-rgs-fund-${funding}`,
  });
  expect(answer.status).toBe(200);
};

/** Starts a game of the in-house vendor from its lobby list and returns the game's frame once it shows a balance. */
const launch = async (page: Page, gameName: string): Promise<FrameLocator> => {
  await ready(page, '/rng?vassalage=RGS');
  await cardNamed(page, gameName).getByTestId('game-card-start').click();
  await page.waitForURL(/\/seamless\?game=/);
  const frame = page.frameLocator('[data-testid="seamless-frame"]');
  await frame.getByTestId('balance').waitFor({ timeout: 20_000 });
  return frame;
};

describe('in-house games as a guest', () => {
  it('asks a guest to log in before a game starts', async () => {
    const { page } = await freshTab();
    await ready(page, '/rng?vassalage=RGS');
    await cardNamed(page, 'Lucky Lanterns').getByTestId('game-card-start').click();
    await byId(page, 'login-dialog').waitFor();
    expect(new URL(page.url()).pathname).toBe('/rng');
    await page.context().close();
  });
});

describe('in-house games as a member', () => {
  it('launches the slot from the lobby, spins, returns: the header balance and the betting record show the round', async () => {
    await fund('demo_member', '300.00');
    const { page, consoleErrors } = await memberTab('demo_member', 'Demo#2026', '/');
    const headerBefore = await headerAmount(page);
    const frame = await launch(page, 'Lucky Lanterns');
    await eventually(async () => amountIn(await frame.getByTestId('balance').innerText())).toBe(headerBefore);

    await frame.getByTestId('spin').click();
    await eventually(() => frame.getByTestId('round-row').count()).toBe(1);
    const totalBet = amountIn(await frame.getByTestId('total-bet').innerText());
    const afterSpin = amountIn(await frame.getByTestId('balance').innerText());
    await page.screenshot({ path: shot('rgs-slot.png') });

    await byId(page, 'seamless-back').click();
    await page.waitForURL((url) => url.pathname === '/rng');
    await eventually(async () => amountIn(await byId(page, 'header-balance').innerText())).toBe(afterSpin);

    await ready(page, '/member?page=personalHistoryCopy');
    const row = byId(page, 'bet-row');
    await eventually(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Lucky Lanterns');
    expect(await byId(page, 'bet-totals-bet').innerText()).toContain(totalBet);
    await page.screenshot({ path: shot('rgs-betting-record.png') });
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('verifies a slot round on the verifier page once its seed is revealed', async () => {
    const { page } = await memberTab('demo_member', 'Demo#2026', '/');
    const frame = await launch(page, 'Lucky Lanterns');
    await frame.getByTestId('spin').click();
    await eventually(() => frame.getByTestId('round-row').count()).toBeGreaterThan(0);
    // Until the seed is rotated the round cannot be checked; rotating reveals it and the link appears.
    await frame.getByTestId('rotate-seed').click();
    const link = frame.getByTestId('round-row').first().getByTestId('verify-link');
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/verify\?family=slot&/);

    await ready(page, href ?? '/verify');
    await byId(page, 'verify-result').waitFor();
    expect(await byId(page, 'verify-hash-status').innerText()).toContain(en.verify.hash.match);
    await byId(page, 'verify-slot-grid').first().waitFor();
    await page.screenshot({ path: shot('rgs-verify.png') });
    await page.context().close();
  });

  it('plays crash in two browsers at once: both see the same round and each other', async () => {
    await fund('demo_member', '50.00');
    await fund('demo_downline', '50.00');
    const first = await memberTab('demo_member', 'Demo#2026', '/');
    const second = await memberTab('demo_downline', 'Demo#2026', '/');
    const frames = [await launch(first.page, 'Crash'), await launch(second.page, 'Crash')];
    const phaseOf = (frame: FrameLocator) => frame.getByTestId('crash-phase');

    // Wait for a betting phase both screens show for the same round, then both bet in it.
    let round = '';
    await eventually(async () => {
      const states = await Promise.all(
        frames.map(async (frame) => [
          await phaseOf(frame).getAttribute('data-phase'),
          await phaseOf(frame).getAttribute('data-round'),
        ]),
      );
      round = states[0]?.[1] ?? '';
      return states.every(([phase, number]) => phase === 'BETTING' && number === round);
    }, 120_000).toBe(true);
    await Promise.all(frames.map((frame) => frame.getByTestId('place-bet').click()));

    // Each screen is read in one step (its round, its phase and its player rows together), both screens at once, so a
    // slow machine that moves on to the next round cannot pair one round's number with another round's rows.
    const screen = (frame: FrameLocator) =>
      phaseOf(frame).evaluate(
        (el) =>
          `${el.getAttribute('data-round')}:${el.getAttribute('data-phase') !== 'BETTING'}:` +
          `${document.querySelectorAll('[data-testid="crash-player-row"]').length}`,
      );
    await Promise.all(
      frames.map((frame) => eventually(() => screen(frame), 20_000).toMatch(new RegExp(`^${round}:(true|false):2$`))),
    );
    // The round leaves its betting phase on both screens, each still showing both players.
    await Promise.all(frames.map((frame) => eventually(() => screen(frame), 30_000).toBe(`${round}:true:2`)));
    await first.page.screenshot({ path: shot('rgs-crash.png') });
    await first.page.context().close();
    await second.page.context().close();
  });
});

describe("in-house games in the player's language and theme", () => {
  const PHONE = { width: 390, height: 844 };
  const docShot = (name: string) => new URL(`../docs/screenshots/rgs/${name}`, import.meta.url).pathname;
  /** The relative luminance (WCAG) of a CSS rgb() colour: near 1 is light, near 0 dark. */
  const luminance = (css: string): number => {
    const [r = 0, g = 0, b = 0] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const backgroundOf = (frame: FrameLocator) =>
    frame.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);

  it('shows a game launched in TY and light in Filipino on a light page, and in EN and dark otherwise', async () => {
    await fund('demo_member', '50.00');
    const ty = await memberTab('demo_member', 'Demo#2026', '/', { lang: 'TY', theme: 'light', viewport: PHONE });
    const dice = await launch(ty.page, 'Dais');
    await expect.poll(() => dice.locator('html').getAttribute('lang')).toBe('fil-PH');
    expect(await dice.locator('html').getAttribute('data-theme')).toBe('light');
    expect(luminance(await backgroundOf(dice))).toBeGreaterThan(0.8);
    expect(await dice.getByTestId('roll').innerText()).toBe(translate('ty', 'roll'));
    expect(await dice.locator('h1').innerText()).toBe('Dais');
    await dice.getByText(translate('ty', 'fair')).waitFor();
    await dice.getByTestId('roll').click();
    await eventually(() => dice.getByTestId('round-row').count()).toBe(1);
    await ty.page.screenshot({ path: docShot('dice-ty-light-390.png') });
    const slot = await launch(ty.page, 'Masuwerteng Parol');
    expect(await slot.getByTestId('spin').innerText()).toBe(translate('ty', 'spin'));
    await ty.page.screenshot({ path: docShot('slot-ty-light-390.png') });
    expect(ty.consoleErrors).toEqual([]);
    await ty.page.context().close();

    const enTab = await memberTab('demo_member', 'Demo#2026', '/', { lang: 'EN', theme: 'dark', viewport: PHONE });
    const enDice = await launch(enTab.page, 'Dice');
    await expect.poll(() => enDice.locator('html').getAttribute('lang')).toBe('en');
    expect(await enDice.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(luminance(await backgroundOf(enDice))).toBeLessThan(0.1);
    expect(await enDice.getByTestId('roll').innerText()).toBe(translate('en', 'roll'));
    await enTab.page.screenshot({ path: docShot('dice-en-dark-390.png') });
    await launch(enTab.page, 'Lucky Lanterns');
    await enTab.page.screenshot({ path: docShot('slot-en-dark-390.png') });
    await enTab.page.context().close();
  });
});

describe('in-house games as a trial member', () => {
  it('plays the slot with play money', async () => {
    const { page } = await freshTab();
    await ready(page, '/login');
    await byId(page, 'login-dialog').waitFor();
    await byId(page, 'login-freeplay').click();
    await byId(page, 'user-menu-trigger').waitFor();
    const headerBefore = await headerAmount(page);
    const frame = await launch(page, 'Lucky Lanterns');
    await frame.getByTestId('play-money').waitFor();
    await eventually(async () => amountIn(await frame.getByTestId('balance').innerText())).toBe(headerBefore);
    await frame.getByTestId('spin').click();
    await eventually(() => frame.getByTestId('round-row').count()).toBe(1);
    const afterSpin = amountIn(await frame.getByTestId('balance').innerText());
    await byId(page, 'seamless-back').click();
    await eventually(async () => amountIn(await byId(page, 'header-balance').innerText())).toBe(afterSpin);
    await page.context().close();
  });
});
