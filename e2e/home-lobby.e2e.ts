import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { API, type Game, type GameListValue } from '@platform/contracts';
import { openPage, type WatchedPage } from './support/browser';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

const suite = usePlatformAndBrowser({ connectVendors: true });

/** Wide enough for the header's category links (they fold into the side menu below 1024 px). */
const DESKTOP = { viewport: { width: 1366, height: 900 } };

const byId = (scope: Page | Locator, id: string) => scope.getByTestId(id);

/** The lobby at `path`, as a guest or (with a token) a signed-in member, once its lanes are in. */
const openLobby = async (path = '/', token?: string, ready = 'lobby-menu-LIVE'): Promise<WatchedPage> => {
  const watched = await openPage(suite.browser, suite.platform.baseUrl, DESKTOP);
  if (token) {
    await watched.page.context().addInitScript((t) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', t);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
      }
    }, token);
  }
  await watched.page.goto(path);
  await byId(watched.page, 'page-loader').waitFor({ state: 'detached' });
  await byId(watched.page, ready).waitFor();
  return watched;
};

const menuTypes = (page: Page) =>
  byId(page, 'lobby-menu')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('data-testid')?.replace('lobby-menu-', '')));

const current = (page: Page) => byId(page, 'lobby-menu').locator('[aria-current="page"]').getAttribute('data-testid');

const apiGet = async <T>(path: string, token?: string): Promise<T> => {
  const response = await fetch(`${suite.platform.baseUrl}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json()) as { success: boolean; value: T };
  expect(body.success).toBe(true);
  return body.value;
};

describe('home lobby: category menu', () => {
  it('should list HOME, FAV and every category, ESPORTS and COCKFIGHT right after SPORTS, BINGO included', async () => {
    const { page, consoleErrors } = await openLobby();
    expect(await menuTypes(page)).toEqual([
      'HOME',
      'FAV',
      'LIVE',
      'RNG',
      'FISH',
      'PVP',
      'SPORTS',
      'ESPORTS',
      'COCKFIGHT',
      'LOTT',
      'ELOTT',
      'BINGO',
    ]);
    expect(await current(page)).toBe('lobby-menu-HOME');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('should send a guest choosing FAV back to HOME with the login popup', async () => {
    const { page } = await openLobby('/?type=LIVE');
    await byId(page, 'lobby-category-view').waitFor();
    await byId(page, 'lobby-menu-FAV').click();
    await byId(page, 'login-dialog').waitFor();
    expect(await current(page)).toBe('lobby-menu-HOME');
    expect(new URL(page.url()).search).toBe('');
    await byId(page, 'lobby-home-view').waitFor();
    await page.context().close();
  });

  it("should show a member's favourites under FAV", async () => {
    const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
    const hot = await apiGet<GameListValue>(`${API.game.hot}?isPlatform=2&language=EN`);
    const picked = hot.list.filter((game) => game.gameType !== 'LOTT' && game.gameType !== 'ELOTT').slice(0, 2);
    for (const game of picked) {
      const response = await fetch(`${suite.platform.baseUrl}${API.game.favourites}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType }),
      });
      expect(response.status).toBe(200);
    }
    const { page, consoleErrors } = await openLobby('/', token);
    await byId(page, 'lobby-menu-FAV').click();
    const favourites = byId(page, 'lobby-favourites');
    await expect.poll(() => byId(favourites, 'game-card').count()).toBe(2);
    const names = await byId(favourites, 'game-card').evaluateAll((cards) => cards.map((card) => card.ariaLabel));
    expect(names.sort()).toEqual(picked.map((game: Game) => game.displayName).sort());
    expect(new URL(page.url()).search).toBe('?type=FAV');
    expect(await byId(page, 'login-dialog').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('should scroll to the top when the category changes, and keep it in the address for back and forward', async () => {
    const { page } = await openLobby();
    const menuTop = await byId(page, 'lobby-menu').evaluate((menu) => menu.getBoundingClientRect().top + scrollY);
    await page.evaluate((y) => window.scrollTo(0, y), menuTop - 80);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await byId(page, 'lobby-menu-RNG').click();
    await byId(page, 'lobby-category-view').waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(new URL(page.url()).search).toBe('?type=RNG');
    const view = byId(page, 'lobby-category-view');
    expect(await view.getAttribute('data-category')).toBe('RNG');
    await expect.poll(() => byId(view, 'game-card').count()).toBe(12);

    await page.goBack();
    await byId(page, 'lobby-home-view').waitFor();
    expect(await current(page)).toBe('lobby-menu-HOME');
    await page.goForward();
    await byId(page, 'lobby-category-view').waitFor();
    expect(await current(page)).toBe('lobby-menu-RNG');
    await page.context().close();
  });
});

describe('home lobby: HOME view', () => {
  it('should show exactly 12 hot games, and every hot game after expanding', async () => {
    const hot = await apiGet<GameListValue>(`${API.game.hot}?isPlatform=2&language=EN`);
    expect(hot.list.length).toBeGreaterThan(12);
    const { page, consoleErrors } = await openLobby();
    const section = byId(page, 'lobby-hot');
    await expect.poll(() => byId(section, 'game-card').count()).toBe(12);
    await byId(section, 'lobby-hot-expand').click();
    await expect.poll(() => byId(section, 'game-card').count()).toBe(hot.list.length);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('should cap every category block at 5 entries, each with a more-games link to its lobby', async () => {
    const { page } = await openLobby();
    const blocks = byId(page, 'lobby-category');
    await expect.poll(() => blocks.count()).toBe(10);
    const summary = await blocks.evaluateAll((nodes) =>
      nodes.map((node) => ({
        category: node.getAttribute('data-category'),
        tiles: node.querySelectorAll('[data-testid="vendor-tile"]').length,
        strip: node.querySelectorAll('[data-testid="vendor-strip-item"]').length,
        more: node.querySelector('[data-testid="lobby-category-more"]')?.getAttribute('href'),
      })),
    );
    for (const block of summary) {
      expect(block.tiles, `${block.category} tiles`).toBeGreaterThan(0);
      expect(block.tiles, `${block.category} tiles`).toBeLessThanOrEqual(5);
      expect(block.tiles).toBe(Math.min(block.strip, 5));
    }
    expect(summary.find((block) => block.category === 'RNG')).toMatchObject({ tiles: 5, more: '/rng' });
    expect(summary.map((block) => block.more)).toEqual([
      '/live',
      '/rng',
      '/fish',
      '/pvp',
      '/sports',
      '/esports',
      '/?type=COCKFIGHT',
      '/lott',
      '/elott',
      '/?type=BINGO',
    ]);

    const live = blocks.and(page.locator('[data-category="LIVE"]'));
    await byId(live, 'lobby-category-more').click();
    await page.waitForURL('**/live');
    await byId(page, 'game-lobby').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Live casino');
    await page.context().close();
  });

  it('should list the other games by family', async () => {
    const { page, consoleErrors } = await openLobby();
    const other = byId(page, 'lobby-other');
    await other.scrollIntoViewIfNeeded();
    // Drawn in the frame after it comes near the viewport (content-visibility: auto): its text is there from then on.
    await expect
      .poll(() => other.getByRole('tab').allInnerTexts())
      .toEqual(['Scratch cards', 'Video poker', 'Jackpot', 'Table games', 'Arcade', 'Bingo']);
    const scratch = await apiGet<{ games: Game[] }>(`${API.game.games}?gameClassify=SCRATCH&pageNo=1&pageSize=12`);
    await expect.poll(() => byId(other, 'game-card').count()).toBe(scratch.games.length);
    await other.getByRole('tab', { name: 'Bingo' }).click();
    const bingo = await apiGet<{ games: Game[] }>(`${API.game.games}?gameClassify=BINGO&pageNo=1&pageSize=12`);
    await expect
      .poll(() => byId(other, 'game-card').evaluateAll((cards) => cards.map((card) => card.ariaLabel)))
      .toEqual(bingo.games.map((game) => game.displayName));
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('should show 20 winners, 4 per slide, moved by the next button', async () => {
    const { page, consoleErrors } = await openLobby();
    const board = byId(page, 'winner-board');
    await board.scrollIntoViewIfNeeded();
    await expect.poll(() => byId(board, 'winner-item').count()).toBe(20);
    const slides = byId(board, 'winner-slide');
    expect(await slides.count()).toBe(5);
    expect(
      await slides.evaluateAll((nodes) =>
        nodes.map((node) => node.querySelectorAll('[data-testid="winner-item"]').length),
      ),
    ).toEqual([4, 4, 4, 4, 4]);
    expect(await byId(board, 'winner-name').first().innerText()).toContain('***');
    // Hovering holds the autoplay still while the buttons move it.
    await byId(board, 'winner-next').hover();
    const before = Number((await byId(board, 'winner-position').innerText()).split(' ')[0]);
    await byId(board, 'winner-next').click();
    const after = (before % 5) + 1;
    expect(await byId(board, 'winner-position').innerText()).toBe(`${after} of 5`);
    expect(await slides.nth(after - 1).getAttribute('aria-hidden')).toBe('false');
    expect(await slides.nth(before - 1).getAttribute('aria-hidden')).toBe('true');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('should open the login popup when a guest starts a game from a home card', async () => {
    const { page } = await openLobby();
    const section = byId(page, 'lobby-hot');
    await byId(section, 'game-card-start').first().click();
    await byId(page, 'login-dialog').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });
});

describe('header category dropdown', () => {
  it("should list a category's vendors, enlarged above 10, and open a vendor's lobby", async () => {
    const lanes = await apiGet<{ list: Array<{ gameCategory: string; cards: unknown[] }> }>(
      `${API.game.lanes}?language=EN`,
    );
    const count = (category: string) => lanes.list.find((lane) => lane.gameCategory === category)?.cards.length;
    expect(count('RNG')).toBeGreaterThan(10);
    expect(count('LIVE')).toBeLessThanOrEqual(10);

    const { page, consoleErrors } = await openLobby('/promotions', undefined, 'app-header');
    const header = byId(page, 'app-header');
    await header.getByRole('link', { name: 'Slots' }).hover();
    const dropdown = byId(page, 'header-dropdown');
    await expect.poll(() => byId(dropdown, 'header-dropdown-vendor').count()).toBe(count('RNG'));
    expect(await dropdown.getAttribute('data-enlarged')).toBe('true');
    const wide = (await dropdown.boundingBox())!.width;

    await header.getByRole('link', { name: 'Live casino' }).hover();
    await expect.poll(() => dropdown.getAttribute('data-category')).toBe('LIVE');
    expect(await byId(dropdown, 'header-dropdown-vendor').count()).toBe(count('LIVE'));
    expect(await dropdown.getAttribute('data-enlarged')).toBe('false');
    expect((await dropdown.boundingBox())!.width).toBeLessThan(wide);

    // Keyboard: Escape closes it; Arrow Down enters it; a vendor opens its lobby with ?vassalage=.
    await page.keyboard.press('Escape');
    await header.getByRole('link', { name: 'Slots' }).focus();
    await byId(dropdown, 'header-dropdown-vendor').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-vassalage'));
    expect(focused).toBeTruthy();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/rng?vassalage=${focused}`);
    await byId(page, 'game-lobby').waitFor();
    expect(await byId(page, 'header-dropdown').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
