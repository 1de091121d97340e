import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { API, type GameListValue } from '@platform/contracts';
import { openPage, type WatchedPage } from './support/browser';
import { phone, widthOf } from './support/layout';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

const suite = usePlatformAndBrowser({ connectVendors: true });

const byId = (scope: Page | Locator, id: string) => scope.getByTestId(id);

type Visit = { token?: string; language?: 'EN' | 'TY'; width?: number };

/** `path` on a phone, as a guest or (with a token) a signed-in member, in the language asked for. */
const openOnPhone = async (path: string, { token, language = 'EN', width = 390 }: Visit = {}): Promise<WatchedPage> => {
  const watched = await openPage(suite.browser, suite.platform.baseUrl, phone(width));
  const context = watched.page.context();
  await context.addInitScript((code) => localStorage.setItem('lang', code), language);
  if (token) {
    await context.addInitScript((value) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', value);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
      }
    }, token);
  }
  await watched.page.goto(path);
  await byId(watched.page, 'page-loader').waitFor({ state: 'detached' });
  return watched;
};

/** Scrolls to the end in steps, so every section that loads near the viewport (other games, winners) has loaded. */
const scrollThrough = async (page: Page) => {
  for (let step = 0; step < 40; step += 1) {
    const done = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await page.waitForTimeout(50);
    if (done) break;
  }
};

/** The home lobby with every list in: hot games, category blocks, other games and the winner board. */
const homeLoaded = async (page: Page) => {
  await byId(byId(page, 'lobby-hot'), 'game-card').first().waitFor();
  await byId(page, 'lobby-category').first().waitFor();
  await scrollThrough(page);
  await byId(byId(page, 'lobby-other'), 'game-card').first().waitFor();
  await byId(page, 'winner-item').first().waitFor();
};

const expectWithinScreen = async (page: Page, width: number, what: string) => {
  const measured = await widthOf(page);
  expect(measured.culprits, `${what}: wider than the screen`).toEqual([]);
  expect(measured.scrollWidth, what).toBeLessThanOrEqual(width);
  // A phone widens its layout viewport to fit a wider page (then every fixed dialog is off-centre): it must not.
  expect(measured.innerWidth, what).toBe(width);
};

describe('lobby on a phone: nothing wider than the screen', () => {
  it('keeps /, /live and /rng within 360 and 390 px once their lists are in, the category views too', async () => {
    for (const width of [360, 390]) {
      const home = await openOnPhone('/', { width });
      await homeLoaded(home.page);
      await expectWithinScreen(home.page, width, `/ at ${width}`);
      // The hot list expanded, and a category chosen in the menu.
      await home.page.evaluate(() => window.scrollTo(0, 0));
      await byId(home.page, 'lobby-hot-expand').click();
      await byId(home.page, 'lobby-menu-RNG').click();
      await byId(byId(home.page, 'lobby-category-view'), 'game-card').first().waitFor();
      await expectWithinScreen(home.page, width, `/?type=RNG at ${width}`);
      expect(home.consoleErrors).toEqual([]);
      await home.page.context().close();

      for (const path of ['/live', '/rng']) {
        const { page, consoleErrors } = await openOnPhone(path, { width });
        await byId(page, 'vendor-strip-item').first().waitFor();
        await byId(page, 'game-card').first().waitFor();
        await expectWithinScreen(page, width, `${path} at ${width}`);
        // The vendor strip is wider than a phone: it scrolls inside itself.
        const strip = await byId(page, 'vendor-strip').evaluate((node) => ({
          scrollWidth: node.scrollWidth,
          clientWidth: node.clientWidth,
        }));
        expect(strip.scrollWidth).toBeGreaterThan(strip.clientWidth);
        expect(consoleErrors).toEqual([]);
        await page.context().close();
      }
    }
  });

  it("keeps a member's /favorite within 360 and 390 px", async () => {
    const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
    const hotResponse = await fetch(`${suite.platform.baseUrl}${API.game.hot}?isPlatform=2&language=EN`);
    const hot = ((await hotResponse.json()) as { value: GameListValue }).value;
    const game = hot.list.find((item) => item.gameType !== 'LOTT' && item.gameType !== 'ELOTT');
    expect(game).toBeDefined();
    const added = await fetch(`${suite.platform.baseUrl}${API.game.favourites}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ nodeId: game!.nodeId, vendor: game!.vassalage, gameType: game!.gameType }),
    });
    expect(added.status).toBe(200);
    for (const width of [360, 390]) {
      const { page, consoleErrors } = await openOnPhone('/favorite', { token, width });
      await byId(byId(page, 'account-games-favorite'), 'game-card').first().waitFor();
      await byId(page, 'header-wallet').waitFor();
      await expectWithinScreen(page, width, `/favorite at ${width}`);
      expect(consoleErrors).toEqual([]);
      await page.context().close();
    }
  });

  it('keeps / within 360 px in Filipino, whose labels are longer', async () => {
    const { page } = await openOnPhone('/', { width: 360, language: 'TY' });
    await homeLoaded(page);
    await expectWithinScreen(page, 360, '/ in TY at 360');
    await page.context().close();
  });

  it('opens the login dialog in the middle of the screen once the lobby has loaded', async () => {
    const { page } = await openOnPhone('/');
    await homeLoaded(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await byId(page, 'header-login').click();
    const dialog = byId(page, 'login-dialog');
    await dialog.waitFor();
    // Wait for the opening animation to end: the box stops moving.
    let box = await dialog.boundingBox();
    await expect
      .poll(async () => {
        const previous = box;
        box = await dialog.boundingBox();
        return JSON.stringify(box) === JSON.stringify(previous);
      })
      .toBe(true);
    expect(box).not.toBeNull();
    const { x, width } = box!;
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x + width).toBeLessThanOrEqual(390);
    expect(Math.abs(x - (390 - (x + width)))).toBeLessThanOrEqual(1);
    await page.context().close();
  });
});

/** Where each control of the header is, and whether the header scrolls or spills. */
const headerLayout = (page: Page) =>
  byId(page, 'app-header').evaluate((header) => {
    const controls = Array.from(header.querySelectorAll<HTMLElement>('a[href], button')).filter(
      (control) => control.offsetParent !== null && !control.closest('nav'),
    );
    return {
      scrollWidth: header.scrollWidth,
      controls: controls.map((control) => {
        const box = control.getBoundingClientRect();
        return {
          name: control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '',
          left: box.left,
          right: box.right,
          width: box.width,
        };
      }),
    };
  });

const expectHeaderFits = async (page: Page, width: number, expected: string[]) => {
  const layout = await headerLayout(page);
  expect(layout.scrollWidth).toBeLessThanOrEqual(width);
  expect(layout.controls.map((control) => control.name)).toEqual(expected);
  for (const [index, control] of layout.controls.entries()) {
    expect(control.left, control.name).toBeGreaterThanOrEqual(0);
    expect(control.right, control.name).toBeLessThanOrEqual(width);
    // Touch targets stay usable (WCAG 2.5.8 asks for 24 px at least).
    expect(control.width, control.name).toBeGreaterThanOrEqual(28);
    const next = layout.controls[index + 1];
    if (next) expect(control.right, `${control.name} overlaps ${next.name}`).toBeLessThanOrEqual(next.left);
  }
};

describe('header on a phone', () => {
  it('fits every control of a guest at 360 px, the brand mark included, in English and Filipino', async () => {
    for (const [language, login, register] of [
      ['EN', 'Log in', 'Register'],
      ['TY', 'Mag-log in', 'Magparehistro'],
    ] as const) {
      const { page } = await openOnPhone('/', { width: 360, language });
      await byId(page, 'notice-bell-count').waitFor();
      const brand = language === 'EN' ? 'Lucky Star home' : 'Pangunahing pahina ng Lucky Star';
      const bell = await byId(page, 'notice-bell').getAttribute('aria-label');
      const theme = await byId(page, 'theme-toggle').getAttribute('aria-label');
      await expectHeaderFits(page, 360, ['Menu', brand, bell ?? '', theme ?? '', login, register]);
      // The logo's mark shows at full height, not a sliver of it.
      const logo = await byId(page, 'brand-logo').locator('img').boundingBox();
      expect(logo?.width).toBeGreaterThanOrEqual(28);
      expect(logo?.height).toBeGreaterThanOrEqual(28);
      // The login button keeps its name (shown as an icon) and still opens the dialog.
      await page.getByRole('button', { name: login, exact: true }).click();
      await byId(page, 'login-dialog').waitFor();
      await page.context().close();
    }
  });

  it("fits a member's header at 360 px: bell, balance with its buttons, Deposit, account menu", async () => {
    const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
    const { page } = await openOnPhone('/', { token, width: 360 });
    await byId(page, 'header-balance').filter({ hasText: '$' }).waitFor();
    await byId(page, 'user-menu-trigger').waitFor();
    const layout = await headerLayout(page);
    expect(layout.controls.map((control) => control.name)).toEqual([
      'Menu',
      'Lucky Star home',
      await byId(page, 'notice-bell').getAttribute('aria-label'),
      'Hide balance',
      'Refresh balance',
      'Deposit',
      'Account menu',
    ]);
    await expectHeaderFits(
      page,
      360,
      layout.controls.map((control) => control.name),
    );
    // The whole balance shows.
    const balance = await byId(page, 'header-balance').evaluate((node) => ({
      scrollWidth: node.parentElement!.scrollWidth,
      clientWidth: node.parentElement!.clientWidth,
    }));
    expect(balance.scrollWidth).toBeLessThanOrEqual(balance.clientWidth);
    // Deposit is one tap away on a phone too; the theme switch is in the side menu's settings.
    await byId(page, 'header-deposit').click();
    await page.waitForURL((url) => url.searchParams.get('page') === 'depositv2');
    await byId(page, 'side-menu-toggle').click();
    await page.getByRole('button', { name: /^Switch to (dark|light) theme$/ }).waitFor();
    await byId(page, 'side-menu-toggle').click();
    await byId(page, 'user-menu-trigger').click();
    await byId(page, 'user-menu-logout').waitFor();
    await page.context().close();
  });
});

type Shift = { value: number; sources: string[] };

/** Holds the answers to the calls whose path matches until the returned function is called. */
const hold = async (page: Page, path: string): Promise<() => void> => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
};

/** Two frames, so what was rendered has been painted (and a placeholder replaced by its content can shift). */
const painted = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

describe('layout shift on a phone', () => {
  it('loads / at 390x844 with a layout shift under 0.01, every placeholder holding its list', async () => {
    const { page, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl, phone(390, 844));
    await page.addInitScript(() => {
      const shifts: Array<{ value: number; sources: string[] }> = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      const describe = (node: Node | null) => {
        const element = node instanceof Element ? node : node?.parentElement;
        return element ? `${element.tagName.toLowerCase()}.${element.className}` : 'unknown';
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{
          value: number;
          sources?: Array<{ node: Node | null }>;
        }>)
          shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => describe(source.node)) });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Each list arrives only once its placeholder has been painted in view, as on a slow network.
    const hot = await hold(page, API.game.hot);
    const lanes = await hold(page, API.game.lanes);
    const games = await hold(page, API.game.games);
    const winners = await hold(page, API.game.winners);

    await page.goto('/');
    await byId(page, 'page-loader').waitFor({ state: 'detached' });
    const hotSection = byId(page, 'lobby-hot');
    await byId(hotSection, 'game-grid-loading').waitFor();
    await painted(page);
    hot();
    await expect.poll(() => byId(hotSection, 'game-card').count()).toBe(12);
    await painted(page);

    // The category blocks' placeholders in view, then the blocks.
    const placeholder = page.locator('.lobby-category[aria-hidden="true"]').first();
    await placeholder.evaluate((node) => window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY - 80));
    await painted(page);
    lanes();
    await byId(page, 'lobby-category').first().waitFor();
    await painted(page);

    // The other games: their placeholder in view, then the games.
    const other = byId(page, 'lobby-other');
    await other.evaluate((node) => window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY - 80));
    await byId(other, 'game-grid-loading').waitFor();
    await painted(page);
    games();
    await byId(other, 'game-card').first().waitFor();
    await painted(page);

    // The winner board (and the footer under it) in view, then the winners.
    const board = byId(page, 'winner-board');
    await board.evaluate((node) => window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY - 80));
    await byId(board, 'winner-board-loading').waitFor();
    await painted(page);
    winners();
    await byId(board, 'winner-item').first().waitFor();
    await painted(page);
    await page.waitForTimeout(300);

    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    console.info(`layout shift on / at 390x844: ${total.toFixed(4)} (${shifts.length} entries)`);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
