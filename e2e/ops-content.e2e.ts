import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { OPS_API } from '@platform/contracts';
import { openPage, type WatchedPage } from './support/browser';
import { opsLogin } from './support/ops';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

const BANNER_TITLE = 'E2E spring banner';
const POPUP_TITLE = 'E2E members-only VIP night';

type AuditEntry = {
  staffUsername: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: { title?: string; execution?: string; groupName?: string } | null;
};

const suite = usePlatformAndBrowser();

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** Titles of every page of the announcement popup (9 a page). */
const popupTitles = async (dialog: Locator): Promise<string[]> => {
  const titles: string[] = [];
  for (;;) {
    titles.push(
      ...(await dialog.getByTestId('announcement-item').locator('.announcements__item-title').allInnerTexts()).map(
        (text) => text.trim(),
      ),
    );
    const next = dialog.getByTestId('announcement-next');
    if ((await next.count()) === 0 || (await next.isDisabled())) return titles;
    await next.click();
  }
};

/** The home banners' titles (the carousel's images, alt = title; Swiper's loop copies appear once). */
const homeBannerTitles = async (page: Page): Promise<string[]> => {
  const alts = await page
    .getByTestId('home-banner')
    .locator('img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('alt') ?? ''));
  return [...new Set(alts)];
};

let visitor = 60;

/** A player's first page of a session (the announcement popup not yet closed), as a guest or signed in. */
const playerVisit = async (token: string | null): Promise<WatchedPage> => {
  visitor += 1;
  const watched = await openPage(
    suite.browser,
    suite.platform.baseUrl,
    { extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${visitor}` } },
    { announcementPopup: true },
  );
  if (token !== null) {
    await watched.page.context().addInitScript((value) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', value);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
      }
    }, token);
  }
  await watched.page.goto('/');
  await watched.page.getByTestId('page-loader').waitFor({ state: 'detached' });
  return watched;
};

describe('content from the back office', () => {
  it('puts a banner on the home page for everyone and a members-only popup for members, and audits both', async () => {
    const { baseUrl } = suite.platform;
    const staff = await openPage(suite.browser, baseUrl);
    await opsLogin(staff.page, baseUrl, 'ops_content', undefined, '/content/banners');
    const ops = staff.page;

    // A banner for the home carousel, first in order. A bad link is refused under its field first.
    await ops.getByTestId('banners-page').waitFor();
    await ops.getByTestId('banner-create').click();
    const bannerDialog = ops.getByTestId('banner-dialog');
    await bannerDialog.waitFor();
    await bannerDialog.getByTestId('banner-group').selectOption('w_home');
    await bannerDialog.getByTestId('banner-title').fill(BANNER_TITLE);
    await bannerDialog.getByTestId('banner-image').fill('/banners/home-slots.svg');
    await bannerDialog.getByTestId('banner-preview').locator('img').waitFor();
    await bannerDialog.getByTestId('banner-link').fill('javascript:alert(1)');
    await bannerDialog.getByTestId('banner-sort').fill('-100');
    await bannerDialog.getByTestId('banner-submit').click();
    await bannerDialog.getByTestId('field-error').first().waitFor();
    expect(await bannerDialog.getByTestId('field-error').allInnerTexts()).toEqual([
      'must be a path such as /promotions or an http(s) URL',
    ]);
    await bannerDialog.getByTestId('banner-link').fill('/promotions');
    await bannerDialog.getByTestId('banner-submit').click();
    await bannerDialog.waitFor({ state: 'detached' });
    const bannerRow = ops.getByTestId('banners-row').filter({ hasText: BANNER_TITLE });
    await bannerRow.waitFor();
    expect(await bannerRow.innerText()).toContain('Home carousel');

    // A popup announcement for signed-in members only.
    await ops.getByTestId('nav-content-notices').click();
    await ops.getByTestId('notices-page').waitFor();
    await ops.getByTestId('notice-create').click();
    const noticeDialog = ops.getByTestId('notice-dialog');
    await noticeDialog.waitFor();
    await noticeDialog.getByTestId('notice-type').selectOption('PU');
    await noticeDialog.getByTestId('notice-audience').selectOption('A');
    await noticeDialog.getByTestId('notice-title').fill(POPUP_TITLE);
    await noticeDialog.getByTestId('notice-body').fill('Double points tonight.\nMembers only.');
    await noticeDialog.getByTestId('notice-sort').fill('-100');
    await noticeDialog.getByTestId('notice-submit').click();
    await noticeDialog.waitFor({ state: 'detached' });
    const noticeRow = ops.getByTestId('notices-row').filter({ hasText: POPUP_TITLE });
    await noticeRow.waitFor();
    expect(await noticeRow.innerText()).toContain('Members (signed in)');

    // A signed-in member sees both: the banner in the carousel and the popup among the announcements.
    const token = await apiLogin(baseUrl, 'demo_member', 'Demo#2026');
    const member = await playerVisit(token);
    await poll(() => homeBannerTitles(member.page)).toContain(BANNER_TITLE);
    const memberDialog = member.page.getByTestId('announcement-dialog');
    await memberDialog.waitFor({ timeout: 15_000 });
    const memberTitles = await popupTitles(memberDialog);
    expect(memberTitles[0]).toBe(POPUP_TITLE);

    // A guest sees the banner, but the members-only popup on no page of the announcements.
    const guest = await playerVisit(null);
    await poll(() => homeBannerTitles(guest.page)).toContain(BANNER_TITLE);
    const guestDialog = guest.page.getByTestId('announcement-dialog');
    await guestDialog.waitFor({ timeout: 15_000 });
    const guestTitles = await popupTitles(guestDialog);
    expect(guestTitles.length).toBeGreaterThan(0);
    expect(guestTitles).not.toContain(POPUP_TITLE);

    // Each creation left its audit entry, by the content staff member, with what was created.
    const bannerAudit = await suite.platform.staff('GET', `${OPS_API.audit}?action=banner.create`);
    expect(bannerAudit.status).toBe(200);
    const banners = (bannerAudit.json.value as { list: AuditEntry[] }).list;
    expect(banners.map((entry) => [entry.staffUsername, entry.targetType, entry.after?.title])).toEqual([
      ['ops_content', 'banner', BANNER_TITLE],
    ]);
    expect(banners[0]?.after?.groupName).toBe('w_home');
    const noticeAudit = await suite.platform.staff('GET', `${OPS_API.audit}?action=notice.create`);
    const notices = (noticeAudit.json.value as { list: AuditEntry[] }).list;
    expect(notices.map((entry) => [entry.staffUsername, entry.after?.title, entry.after?.execution])).toEqual([
      ['ops_content', POPUP_TITLE, 'A'],
    ]);
    // The refused first try wrote nothing.
    expect(banners).toHaveLength(1);

    expect(staff.consoleErrors).toEqual([]);
    expect(member.consoleErrors).toEqual([]);
    expect(guest.consoleErrors).toEqual([]);
    await staff.page.context().close();
    await member.page.context().close();
    await guest.page.context().close();
  });
});
