import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { API, ROUTES, type MenuEntry } from '@platform/contracts';
import { openPage } from './support/browser';
import { phone, seedMemberActivity, widthOf } from './support/layout';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

const suite = usePlatformAndBrowser();

const SIZES: ReadonlyArray<{ name: string; width: number; options: BrowserContextOptions }> = [
  { name: 'phone 390x844', width: 390, options: phone(390, 844) },
  { name: 'laptop 1366x768', width: 1366, options: { viewport: { width: 1366, height: 768 } } },
];

beforeAll(() => seedMemberActivity(suite.platform));

/** Every path of the route table (spec §2), once each (the table's aliases are different paths, so they count). */
const ROUTE_PATHS = [...new Set(Object.values(ROUTES))];

/** A page of the app in one context per size and audience: the SPA is loaded once, then moved around in. */
const openApp = async (options: BrowserContextOptions, token?: string): Promise<Page> => {
  const { page } = await openPage(suite.browser, suite.platform.baseUrl, options);
  if (token) {
    await page.context().addInitScript((value) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', value);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
      }
    }, token);
  }
  await page.goto('/');
  await page.getByTestId('page-loader').waitFor({ state: 'detached' });
  return page;
};

/** Client-side navigation, as a link does (the router listens to popstate), then wait until the page has settled. */
const visit = async (page: Page, path: string) => {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page);
};

const BUSY =
  '[data-testid="page-loader"], [aria-busy="true"], .skeleton, [data-testid$="-loading"], [data-testid="game-grid-loading"]';

/** No loading placeholder in view (those below load when scrolled near, as a visitor would). */
const quietInView = (page: Page) =>
  page
    .waitForFunction(
      (selector) =>
        !Array.from(document.querySelectorAll(selector)).some((node) => {
          const box = node.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        }),
      BUSY,
      { timeout: 4000, polling: 100 },
    )
    .catch(() => undefined); // A page that stays busy is still measured: the width is what is asserted.

/** The page's top and its end loaded, so it is as wide as it will get. */
const settle = async (page: Page) => {
  await quietInView(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await quietInView(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(100);
};

const expectWithinViewport = async (page: Page, width: number, what: string) => {
  const measured = await widthOf(page);
  expect.soft(measured.culprits, `${what}: these stick out of the ${width}px viewport`).toEqual([]);
  expect.soft(measured.scrollWidth, `${what}: document width`).toBeLessThanOrEqual(width);
  expect.soft(measured.bodyScrollWidth, `${what}: body width`).toBeLessThanOrEqual(width);
  // A phone widens its layout viewport to fit a wider page: it must not.
  expect.soft(measured.innerWidth, `${what}: layout viewport`).toBe(width);
};

/** The member centre's pages as its navigation lists them (tabs on a phone, a side list on wider screens). */
const memberPageLinks = async (page: Page): Promise<string[]> => {
  await visit(page, ROUTES.member);
  const nav = page.getByRole('navigation', { name: 'Member centre pages' });
  await nav.getByRole('link').first().waitFor();
  return nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
};

describe('no page is wider than the viewport', () => {
  for (const size of SIZES) {
    it(`keeps every route within ${size.name} as a guest`, { timeout: 120_000 }, async () => {
      const page = await openApp(size.options);
      for (const path of ROUTE_PATHS) {
        await visit(page, path);
        await expectWithinViewport(page, size.width, `guest ${path} at ${size.name}`);
      }
      await page.context().close();
    });

    it(`keeps every route and member-centre page within ${size.name} as a member`, { timeout: 120_000 }, async () => {
      const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
      const page = await openApp(size.options, token);
      await page.getByTestId('header-wallet').waitFor();
      for (const path of ROUTE_PATHS) {
        await visit(page, path);
        await expectWithinViewport(page, size.width, `member ${path} at ${size.name}`);
      }
      const memberPages = await memberPageLinks(page);
      expect(memberPages.length).toBeGreaterThanOrEqual(5);
      for (const path of memberPages) {
        await visit(page, path);
        await expectWithinViewport(page, size.width, `member ${path} at ${size.name}`);
      }
      await page.context().close();
    });
  }
});

describe('at 1366x768, signed in', () => {
  it('shows the betting record with its bet, win, profit and status columns in view', async () => {
    const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
    const page = await openApp({ viewport: { width: 1366, height: 768 } }, token);
    await visit(page, '/member?page=personalHistoryCopy');
    const table = page.getByTestId('bets-table');
    await table.waitFor();
    const box = await table.evaluate((node) => {
      const scroller = node.parentElement!.getBoundingClientRect();
      return { left: Math.max(scroller.left, 0), right: Math.min(scroller.right, window.innerWidth) };
    });
    for (const name of ['Bet', 'Win', 'Profit', 'Status']) {
      const header = table.getByRole('columnheader', { name, exact: true });
      expect(await header.isVisible(), name).toBe(true);
      const headerBox = (await header.boundingBox())!;
      expect(headerBox.x, `${name} starts in view`).toBeGreaterThanOrEqual(box.left - 0.5);
      expect(headerBox.x + headerBox.width, `${name} ends in view`).toBeLessThanOrEqual(box.right + 0.5);
    }
    await page.context().close();
  });

  it("folds the header categories that do not fit into a keyboard-operable 'more' menu", async () => {
    const menuResponse = await fetch(`${suite.platform.baseUrl}${API.system.menu}`);
    const menu = ((await menuResponse.json()) as { value: MenuEntry[] }).value.filter(
      (entry) => entry.placement === 'header',
    );
    const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
    const page = await openApp({ viewport: { width: 1366, height: 768 } }, token);
    await page.getByTestId('header-wallet').waitFor();
    const nav = page.getByRole('navigation', { name: 'Game categories' });
    const navBox = (await nav.boundingBox())!;
    const shown = nav.getByRole('link');
    const shownNames: string[] = [];
    for (const link of await shown.all()) {
      const linkBox = (await link.boundingBox())!;
      // Whole, not cut by the bar's edge.
      expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(navBox.x + navBox.width + 0.5);
      shownNames.push((await link.innerText()).trim());
    }
    const more = nav.getByRole('button', { name: 'More game categories' });
    await more.focus();
    await page.keyboard.press('Enter');
    const items = page.getByRole('menu').getByRole('menuitem');
    await items.first().waitFor();
    const foldedNames = (await items.allInnerTexts()).map((text) => text.trim());
    expect(foldedNames.length).toBeGreaterThan(0);
    // Every category once, in the configured order: the ones that fit, then the folded ones.
    expect([...shownNames, ...foldedNames]).toHaveLength(menu.length);
    expect(new Set([...shownNames, ...foldedNames]).size).toBe(menu.length);
    // The keyboard moves through the menu and Escape returns to the button.
    await expect.poll(() => items.first().evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => more.evaluate((node) => node === document.activeElement)).toBe(true);
    // Choosing a folded category opens its page.
    await more.click();
    await items.last().click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/');
    await page.context().close();
  });
});
