/**
 * Screenshots of the promotions screens (issue 20): the member's promotions with the badge and an application form,
 * the deposit form's bonus choice, and the back office's promotions, promotion form, application queue and manual
 * grants, at a phone's and a laptop's size, EN and TY, light and dark, into the directory given as the first argument
 * (default /tmp/promotions-shots). Run after `npm run build`: `npx tsx e2e/promotions-screenshots.ts <dir>`. Not a
 * test: the flows are in promotions.e2e.ts.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { API, OPS_API } from '@platform/contracts';
import { launchBrowser, openPage } from './support/browser';
import { phone } from './support/layout';
import { DEMO_STAFF_PASSWORD, freshTotpCode } from './support/ops';
import { startPlatform } from './support/platform';
import { apiLogin, signInPage } from './support/session';

const OUT = process.argv[2] ?? '/tmp/promotions-shots';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

type Variant = { name: string; options: BrowserContextOptions; language: 'EN' | 'TY'; theme: 'light' | 'dark' };
const VARIANTS: Variant[] = [
  { name: '390-en-light', options: phone(390, 844), language: 'EN', theme: 'light' },
  { name: '390-ty-dark', options: phone(390, 844), language: 'TY', theme: 'dark' },
  { name: '1366-en-dark', options: { viewport: { width: 1366, height: 768 } }, language: 'EN', theme: 'dark' },
  { name: '1366-ty-light', options: { viewport: { width: 1366, height: 768 } }, language: 'TY', theme: 'light' },
];

const platform = await startPlatform();
const browser = await launchBrowser();
const settle = (page: Page) => page.waitForTimeout(500);
try {
  mkdirSync(OUT, { recursive: true });
  // A new member (no deposit yet): the welcome bonus to join and the free bonus to claim.
  await platform.sql(
    `INSERT INTO members (merchant_id, username, user_type, password_hash, password_changed_at, nickname, register_method)
     SELECT merchant_id, 'promo_shots', user_type, password_hash, now(), 'Promo Shots', 'SEED'
     FROM members WHERE username = 'demo_member'`,
  );
  const token = await apiLogin(platform.baseUrl, 'promo_shots', 'Demo#2026');
  // An application waiting for staff, and a manual grant another staff member asked for.
  const applicant = await apiLogin(platform.baseUrl, 'demo_member', 'Demo#2026');
  const list = (await (
    await fetch(`${platform.baseUrl}${API.promotions.list}`, { headers: { authorization: `Bearer ${applicant}` } })
  ).json()) as { value: { list: { id: string; kind: string }[] } };
  const application = list.value.list.find((p) => p.kind === 'APPLICATION');
  const form = new FormData();
  form.set('comment', 'My 500x win on Lucky Lanterns last night, screenshot attached.');
  form.append('images', new Blob([PNG], { type: 'image/png' }), 'win.png');
  form.append('images', new Blob([PNG], { type: 'image/png' }), 'balance.png');
  await fetch(`${platform.baseUrl}${API.promotions.apply.replace(':id', application?.id ?? '0')}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${applicant}` },
    body: form,
  });
  await platform.staff('POST', OPS_API.bonusGrants, {
    ...{ username: 'demo_member', amount: '50.00', turnoverMultiple: 5, expiryHours: 72 },
    ...{ reason: 'Goodwill after the outage on 26 Nov', requestId: 'shots-grant-0001' },
  });

  for (const variant of VARIANTS) {
    const { page } = await openPage(browser, platform.baseUrl, variant.options);
    await signInPage(page, token, variant);
    await page.goto('/member?page=promotions');
    await page.getByTestId('page-loader').waitFor({ state: 'detached' });
    const card = page.getByTestId('promotion').filter({ has: page.getByTestId('promotion-apply') });
    // The sticky header can lie over the card on a phone while the page settles: a plain DOM click.
    await card.getByTestId('promotion-apply').evaluate((button) => (button as HTMLButtonElement).click());
    const form = page.getByTestId('promotion-apply-form');
    await form.getByTestId('promotion-apply-comment').fill('My 500x win on Lucky Lanterns');
    await settle(page);
    await form.evaluate((el) => el.closest('li')?.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(OUT, `web-promotions-apply-${variant.name}.png`) });
    await page.evaluate(() => window.scrollTo(0, 0));
    // The side menu: open already on a laptop, behind its toggle on a phone.
    if (!(await page.getByTestId('promotions-badge').isVisible())) {
      await page.getByTestId('side-menu-toggle').evaluate((button) => (button as HTMLButtonElement).click());
    }
    await page.getByTestId('promotions-badge').waitFor();
    await page.waitForTimeout(1000);
    await page.getByTestId('promotions-badge').evaluate((badge) => badge.scrollIntoView({ block: 'center' }));
    await settle(page);
    await page.screenshot({ path: join(OUT, `web-side-menu-badge-${variant.name}.png`) });

    await page.goto('/member?page=depositv2');
    await page.getByTestId('deposit-bonuses').waitFor();
    await page
      .getByTestId('deposit-bonuses')
      .locator('input')
      .nth(1)
      .evaluate((radio) => (radio as HTMLInputElement).click());
    await page.getByTestId('deposit-bonuses').scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: join(OUT, `web-deposit-bonus-${variant.name}.png`) });
    await page.context().close();

    const ops = await openPage(browser, platform.baseUrl, variant.options);
    await ops.page.context().addInitScript(
      ({ language, theme }) => {
        localStorage.setItem('ops.language', language);
        localStorage.setItem('ops.theme', theme);
      },
      { language: variant.language, theme: variant.theme },
    );
    await ops.page.goto(`${platform.baseUrl}/ops/promotions`);
    await ops.page.getByTestId('sign-in-username').fill('ops_content');
    await ops.page.getByTestId('sign-in-password').fill(DEMO_STAFF_PASSWORD);
    await ops.page.getByTestId('sign-in-submit').click();
    await ops.page.getByTestId('mfa-code').fill(await freshTotpCode('ops_content'));
    await ops.page.getByTestId('mfa-submit').click();
    await ops.page.getByTestId('promotions-row').first().waitFor();
    await settle(ops.page);
    await ops.page.screenshot({ path: join(OUT, `ops-promotions-${variant.name}.png`) });
    await ops.page.getByTestId('promotion-edit').first().click();
    await ops.page.getByTestId('promotion-dialog').waitFor();
    await settle(ops.page);
    await ops.page.screenshot({ path: join(OUT, `ops-promotion-form-${variant.name}.png`) });
    await ops.page.keyboard.press('Escape');

    await ops.page.goto(`${platform.baseUrl}/ops/promotions/applications`);
    await ops.page.getByTestId('application-image').nth(1).waitFor();
    await settle(ops.page);
    await ops.page.screenshot({ path: join(OUT, `ops-applications-${variant.name}.png`) });

    await ops.page.goto(`${platform.baseUrl}/ops/promotions/grants`);
    await ops.page.getByTestId('grants-row').first().waitFor();
    await settle(ops.page);
    await ops.page.screenshot({ path: join(OUT, `ops-grants-${variant.name}.png`), fullPage: true });
    await ops.page.context().close();
    console.log(variant.name);
  }
} finally {
  await browser.close();
  await platform.stop();
}
