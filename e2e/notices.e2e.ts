import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ANNOUNCEMENTS_PER_PAGE, API, BANNER, type NoticeGroups, OPS_API } from '@platform/contracts';
import { openPage, type WatchedPage } from './support/browser';
import { E2E_STAFF_TOKEN } from './support/platform';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

const suite = usePlatformAndBrowser();

const byId = (scope: Page | Locator, id: string) => scope.getByTestId(id);

let visitor = 40;

/**
 * A new visitor (own address, own session storage) on `path`. `firstVisit`: the announcement popup has not been closed
 * in this session yet, as for a real first visit; otherwise the visitor already closed it (see openPage).
 */
const visit = async (path: string, { firstVisit = false } = {}): Promise<WatchedPage> => {
  visitor += 1;
  const watched = await openPage(
    suite.browser,
    suite.platform.baseUrl,
    // The banners and the marquee move for this visitor (openPage's default is a visitor who asked them not to).
    { reducedMotion: 'no-preference', extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${visitor}` } },
    { announcementPopup: firstVisit },
  );
  await watched.page.goto(path);
  await byId(watched.page, 'page-loader').waitFor({ state: 'detached' });
  return watched;
};

/** A tab signed in with `token` (session storage, as after a login). */
const memberVisit = async (token: string, path: string, { firstVisit = false } = {}): Promise<WatchedPage> => {
  visitor += 1;
  const watched = await openPage(
    suite.browser,
    suite.platform.baseUrl,
    { reducedMotion: 'no-preference' },
    { announcementPopup: firstVisit },
  );
  await watched.page.context().addInitScript((value) => {
    if (!sessionStorage.getItem('token')) {
      sessionStorage.setItem('token', value);
      sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
    }
  }, token);
  await watched.page.goto(path);
  await byId(watched.page, 'page-loader').waitFor({ state: 'detached' });
  return watched;
};

/** The notices the server gives an audience (guest without token), as the web app asks for them. */
const noticesFor = async (token: string | null, language = 'EN'): Promise<NoticeGroups> => {
  const query = new URLSearchParams({ types: 'B,PL,PU,PR,H', platform: 'W', execution: token ? 'A' : 'B', language });
  const response = await fetch(`${suite.platform.baseUrl}${API.content.notices}?${query.toString()}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return ((await response.json()) as { value: NoticeGroups }).value;
};

const staff = async (method: 'POST' | 'DELETE', path: string, body?: unknown) => {
  const response = await fetch(`${suite.platform.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${E2E_STAFF_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { success: boolean; value?: { id: string } } };
};

const itemTitles = async (dialog: Locator) =>
  (await byId(dialog, 'announcement-item').locator('.announcements__item-title').allInnerTexts()).map((text) =>
    text.trim(),
  );

/** The bullet marked current, as "Banner n of N". */
const currentBullet = (page: Page) => page.locator('[data-testid="banner-bullet"][aria-current="true"]');

/** Polls with room for a busy machine (language packs, lazy chunks). */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** In loop mode Swiper ignores the arrows while a slide is moving: wait for the 1000 ms transition to end. */
const settle = (page: Page) => page.waitForTimeout(BANNER.transitionMs + 200);

describe('home banner carousel', () => {
  it('turns several banners into a carousel whose arrows and pagination change the slide', async () => {
    const { page, consoleErrors } = await visit('/');
    const banner = byId(page, 'home-banner');
    await poll(() => banner.getAttribute('data-count')).toBe('3');
    const carousel = byId(page, 'banner-carousel');
    await poll(() => carousel.getAttribute('data-ready')).toBe('true');
    // Stop the autoplay so the steps below are not raced by it (the pause control of WCAG 2.2.2).
    await byId(page, 'banner-autoplay').click();
    expect(await byId(page, 'banner-bullet').count()).toBe(3);
    expect(await currentBullet(page).getAttribute('aria-label')).toBe('Banner 1 of 3');
    const activeTitle = () => page.locator('.swiper-slide-active img').getAttribute('alt');
    expect(await activeTitle()).toBe('Welcome bonus');

    await byId(page, 'banner-next').click();
    await poll(() => currentBullet(page).getAttribute('aria-label')).toBe('Banner 2 of 3');
    await poll(activeTitle).toBe('Spin the reels');
    await settle(page);
    await byId(page, 'banner-bullet').nth(2).click();
    await poll(() => currentBullet(page).getAttribute('aria-label')).toBe('Banner 3 of 3');
    await poll(activeTitle).toBe('Live casino, real tables 24/7');
    await settle(page);
    // It loops: after the last comes the first, and before the first the last.
    await byId(page, 'banner-next').click();
    await poll(() => currentBullet(page).getAttribute('aria-label')).toBe('Banner 1 of 3');
    await poll(activeTitle).toBe('Welcome bonus');
    await settle(page);
    await byId(page, 'banner-prev').click();
    await poll(() => currentBullet(page).getAttribute('aria-label')).toBe('Banner 3 of 3');
    await poll(activeTitle).toBe('Live casino, real tables 24/7');
    expect(consoleErrors).toEqual([]);
  });

  it('plays by itself every 5 seconds', async () => {
    const { page } = await visit('/');
    const started = Date.now();
    await byId(page, 'home-banner-first').waitFor();
    await poll(() => currentBullet(page).getAttribute('aria-label')).toBe('Banner 2 of 3');
    const first = Date.now();
    // The first banner stays its 5000 ms, although Swiper only loads shortly before they are up.
    expect(first - started).toBeGreaterThan(4_000);
    await poll(() => currentBullet(page).getAttribute('aria-label')).toBe('Banner 3 of 3');
    const second = Date.now() - first;
    expect(second).toBeGreaterThan(4_000);
    expect(second).toBeLessThan(7_500);
  });

  it('does not play by itself for a visitor who asked for reduced motion, and moves at once when asked', async () => {
    visitor += 1;
    const { page } = await openPage(suite.browser, suite.platform.baseUrl, {
      reducedMotion: 'reduce',
      extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${visitor}` },
    });
    await page.goto('/');
    await byId(page, 'home-banner-first').waitFor();
    expect(await byId(page, 'banner-autoplay').count()).toBe(0);
    await page.waitForTimeout(BANNER.autoplayMs + 1_500);
    expect(await currentBullet(page).getAttribute('aria-label')).toBe('Banner 1 of 3');
    await byId(page, 'banner-next').click();
    await poll(() => currentBullet(page).getAttribute('aria-label')).toBe('Banner 2 of 3');
    await poll(() => page.locator('.swiper-slide-active img').getAttribute('alt')).toBe('Spin the reels');
  });

  it('reserves the banner height before the banners arrive: nothing around them moves', async () => {
    visitor += 1;
    const { page } = await openPage(suite.browser, suite.platform.baseUrl, {
      reducedMotion: 'no-preference',
      extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${visitor}` },
    });
    // Every frame from the first render: where the page content and the side menu's first entry start.
    await page.addInitScript(() => {
      const seen = { main: new Set<number>(), menu: new Set<number>() };
      (window as unknown as { __tops: typeof seen }).__tops = seen;
      const sample = () => {
        const main = document.querySelector('main');
        const menu = document.querySelector('[data-testid="side-menu"] > nav');
        if (main) seen.main.add(Math.round(main.getBoundingClientRect().top));
        if (menu) seen.menu.add(Math.round(menu.getBoundingClientRect().top));
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
      // Layout shifts of the banner area and the marquee themselves (Swiper arriving, slides looping).
      const shifts: string[] = [];
      (window as unknown as { __shifts: string[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ sources?: Array<{ node: Node | null }> }>) {
          for (const source of entry.sources ?? []) {
            const node = source.node instanceof Element ? source.node : source.node?.parentElement;
            if (node?.closest('[data-testid="banner-area"], [data-testid="notice-marquee"]'))
              shifts.push(node.className);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await poll(() => byId(page, 'banner-carousel').getAttribute('data-ready')).toBe('true');
    await byId(page, 'notice-marquee-item').first().waitFor();
    await byId(byId(page, 'side-menu'), 'banner-w_leftmenu').waitFor();
    // Through Swiper's arrival and the first automatic slide change.
    await poll(() => currentBullet(page).getAttribute('aria-label')).toBe('Banner 2 of 3');
    await settle(page);
    const tops = await page.evaluate(() => {
      const seen = (window as unknown as { __tops: { main: Set<number>; menu: Set<number> } }).__tops;
      return { main: [...seen.main], menu: [...seen.menu] };
    });
    expect(tops.main).toHaveLength(1);
    expect(tops.menu).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
  });

  it('follows a banner link inside the app', async () => {
    const { page } = await visit('/');
    await page.getByRole('link', { name: 'Welcome bonus' }).click();
    await page.waitForURL('**/promotions');
  });
});

describe('notice marquee and announcement popup', () => {
  it('shows the guest player notices in the marquee', async () => {
    const { page } = await visit('/');
    const guest = await noticesFor(null);
    const expected = guest.player.filter((notice) => notice.type === 'PL').map((notice) => notice.title);
    expect(expected.length).toBeGreaterThan(0);
    await byId(page, 'notice-marquee-item').first().waitFor();
    const shown = await byId(page, 'notice-marquee-item').locator('strong').allInnerTexts();
    expect(shown).toEqual(expected);
    // Member notices are not for guests.
    const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
    const memberOnly = (await noticesFor(token)).player.filter((notice) => notice.type === 'PL');
    for (const notice of memberOnly) expect(shown).not.toContain(notice.title);
  });

  it('opens the popup for a guest with guest notices only, 9 a page, and keeps it closed after a reload', async () => {
    const { page, consoleErrors } = await visit('/', { firstVisit: true });
    const guest = await noticesFor(null);
    const guestPopups = [...guest.popup, ...guest.promotion];
    expect(guestPopups.length).toBeGreaterThan(ANNOUNCEMENTS_PER_PAGE);
    const dialog = byId(page, 'announcement-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: 'Announcements' }).isVisible()).toBe(true);
    expect(await byId(dialog, 'announcement-item').count()).toBe(ANNOUNCEMENTS_PER_PAGE);
    const pages = Math.ceil(guestPopups.length / ANNOUNCEMENTS_PER_PAGE);
    expect(await byId(dialog, 'announcement-page').innerText()).toBe(`Page 1 of ${pages}`);
    const firstPage = await itemTitles(dialog);
    await byId(dialog, 'announcement-next').click();
    expect(await byId(dialog, 'announcement-page').innerText()).toBe(`Page 2 of ${pages}`);
    const secondPage = await itemTitles(dialog);
    expect(secondPage.length).toBe(Math.min(ANNOUNCEMENTS_PER_PAGE, guestPopups.length - ANNOUNCEMENTS_PER_PAGE));
    const shown = [...firstPage, ...secondPage];
    for (let pageNo = 3; pageNo <= pages; pageNo += 1) {
      await byId(dialog, 'announcement-next').click();
      shown.push(...(await itemTitles(dialog)));
    }
    expect(shown.sort()).toEqual(guestPopups.map((notice) => notice.title).sort());
    // Every item shown is a guest item: no member popup title appears.
    const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
    const member = await noticesFor(token);
    for (const notice of [...member.popup, ...member.promotion]) expect(shown).not.toContain(notice.title);
    // The item clicked is shown on the right.
    const last = byId(dialog, 'announcement-item').last();
    const lastTitle = (await last.locator('.announcements__item-title').innerText()).trim();
    await last.click();
    expect(await byId(dialog, 'announcement-detail').innerText()).toContain(lastTitle);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await byId(page, 'notice-marquee-item').first().waitFor();
    await page.waitForTimeout(500);
    expect(await dialog.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('shows the member popup after a login in the same session, and a promotion Go button opens the reward centre', async () => {
    const { page } = await visit('/', { firstVisit: true });
    const dialog = byId(page, 'announcement-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Log in' }).click();
    await byId(page, 'login-username').fill('demo_member');
    await byId(page, 'login-password').fill('Demo#2026');
    await byId(page, 'login-submit').click();
    await byId(page, 'user-nickname').waitFor();

    // The audience is now USER: the member popup shows once, with member notices and no guest one.
    await dialog.waitFor({ timeout: 15_000 });
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const member = await noticesFor(token);
    const guest = await noticesFor(null);
    const titles = await itemTitles(dialog);
    const memberTitles = [...member.popup, ...member.promotion].map((notice) => notice.title);
    expect(titles.length).toBe(Math.min(ANNOUNCEMENTS_PER_PAGE, memberTitles.length));
    for (const title of titles) expect(memberTitles).toContain(title);
    for (const notice of [...guest.popup, ...guest.promotion]) expect(titles).not.toContain(notice.title);

    const promotion = dialog.locator('[data-testid="announcement-item"][data-type="PR"]').first();
    const promotionTitle = (await promotion.locator('.announcements__item-title').innerText()).trim();
    await promotion.click();
    expect(await byId(dialog, 'announcement-detail').innerText()).toContain(promotionTitle);
    await byId(dialog, 'announcement-go').click();
    await page.waitForURL(/\/member\?page=rewardCenter/);
    await byId(page, 'member-centre').waitFor();
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('USER'))).not.toBeNull();
  });

  it('shows a notice staff publish for guests to guests, not to members, and drops it once deleted', async () => {
    const created = await staff('POST', OPS_API.notices, {
      type: 'PU',
      execution: 'B',
      language: null,
      title: 'E2E guest flash sale',
      content: 'Only for visitors today.\nSecond line.',
    });
    expect(created.status).toBe(200);
    const id = created.json.value?.id ?? '';

    const guestTab = await visit('/', { firstVisit: true });
    const guestDialog = byId(guestTab.page, 'announcement-dialog');
    await guestDialog.waitFor();
    // Newest first: the fresh notice heads the list and is shown.
    expect((await itemTitles(guestDialog))[0]).toBe('E2E guest flash sale');
    expect(await byId(guestDialog, 'announcement-detail').innerText()).toContain('Second line.');

    const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
    const memberTab = await memberVisit(token, '/', { firstVisit: true });
    const memberDialog = byId(memberTab.page, 'announcement-dialog');
    await memberDialog.waitFor();
    expect(await itemTitles(memberDialog)).not.toContain('E2E guest flash sale');
    await memberTab.page.keyboard.press('Escape');
    await byId(memberTab.page, 'notice-bell').click();
    await memberDialog.waitFor();
    expect(await memberDialog.getByText('E2E guest flash sale').count()).toBe(0);

    const deleted = await staff('DELETE', OPS_API.notice.replace(':id', id));
    expect(deleted.status).toBe(200);
    const later = await visit('/', { firstVisit: true });
    const laterDialog = byId(later.page, 'announcement-dialog');
    await laterDialog.waitFor();
    expect(await itemTitles(laterDialog)).not.toContain('E2E guest flash sale');
  });

  it('opens the full list from the bell, whose count then clears', async () => {
    const { page } = await visit('/');
    const guest = await noticesFor(null);
    const all = [...guest.banners, ...guest.player, ...guest.popup, ...guest.promotion];
    const bell = byId(page, 'notice-bell');
    await poll(() => byId(page, 'notice-bell-count').innerText()).toBe(String(all.length));
    await bell.click();
    const dialog = byId(page, 'announcement-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: 'All notices' }).isVisible()).toBe(true);
    const types = new Set<string>();
    for (let pageNo = 1; ; pageNo += 1) {
      for (const type of await byId(dialog, 'announcement-item').evaluateAll((items) =>
        items.map((item) => item.getAttribute('data-type') ?? ''),
      ))
        types.add(type);
      const next = byId(dialog, 'announcement-next');
      if ((await next.count()) === 0 || (await next.isDisabled())) break;
      await next.click();
    }
    expect([...types].sort()).toEqual(['B', 'H', 'PL', 'PR', 'PU']);
    await page.keyboard.press('Escape');
    expect(await byId(page, 'notice-bell-count').count()).toBe(0);
    expect(await bell.getAttribute('aria-label')).toBe('Notices');
  });

  it('loads the notices again in Filipino (TY) after a language change', async () => {
    const { page } = await visit('/');
    const guestTy = await noticesFor(null, 'TY');
    const tyTitles = guestTy.player.filter((notice) => notice.type === 'PL').map((notice) => notice.title);
    await byId(page, 'notice-marquee-item').first().waitFor();
    await byId(page, 'language-select').selectOption('TY');
    await poll(() => byId(page, 'notice-marquee-item').locator('strong').allInnerTexts()).toEqual(tyTitles);
    await byId(page, 'notice-bell').click();
    const dialog = byId(page, 'announcement-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: 'Lahat ng paunawa' }).isVisible()).toBe(true);
    expect(await itemTitles(dialog)).toContain(tyTitles[0]);
  });
});

describe('group banners', () => {
  it('shows the side menu, register and forgot-password banners of their groups', async () => {
    const { page } = await visit('/');
    await byId(byId(page, 'side-menu'), 'banner-w_leftmenu').waitFor();
    await page.getByRole('button', { name: 'Register' }).first().click();
    const register = byId(page, 'register-dialog');
    await byId(register, 'banner-w_reg').waitFor();
    await byId(register, 'register-login-link').click();
    await byId(page, 'login-forgot-link').click();
    await byId(byId(page, 'forgot-dialog'), 'banner-w_forget').waitFor();
  });
});
