/**
 * Screenshots of the helpModal and publicModal, the back office's support settings and canned replies, and the chat
 * transfer to a colleague, at a phone's and a laptop's size, EN and TY, light and dark (issue 22), into SHOTS_DIR
 * (default docs/screenshots/support). Run after `npm run build`: `npx tsx e2e/support-screenshots.ts`. Not a test:
 * the flows are in messages.e2e.ts.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { phone } from './support/layout';
import { DEMO_STAFF_PASSWORD, freshTotpCode } from './support/ops';
import { startPlatform } from './support/platform';
import { apiLogin, signInPage } from './support/session';

const OUT = process.env.SHOTS_DIR ?? join(new URL('..', import.meta.url).pathname, 'docs/screenshots/support');

type Variant = { name: string; options: BrowserContextOptions; language: 'EN' | 'TY'; theme: 'light' | 'dark' };
const VARIANTS: Variant[] = (['EN', 'TY'] as const).flatMap((language) =>
  (['light', 'dark'] as const).flatMap((theme) => [
    { name: `390-${language.toLowerCase()}-${theme}`, options: phone(390, 844), language, theme },
    {
      name: `1366-${language.toLowerCase()}-${theme}`,
      options: { viewport: { width: 1366, height: 768 } },
      language,
      theme,
    },
  ]),
);

const platform = await startPlatform({ connectVendors: true });
const browser = await launchBrowser();
const shot = (page: Page, name: string) => page.screenshot({ path: join(OUT, `${name}.png`) });

/** A new open chat of demo_member with one message, waiting in the queue. */
const newChat = async (token: string) => {
  await platform.sql(`UPDATE chats SET status = 'CLOSED' WHERE status <> 'CLOSED'`);
  const auth = { authorization: `Bearer ${token}` };
  const start = await fetch(`${platform.baseUrl}/wps/chat`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{}',
  });
  const { id } = ((await start.json()) as { value: { id: string } }).value;
  const form = new FormData();
  form.set('body', 'Hello, my withdrawal has been pending since this morning.');
  await fetch(`${platform.baseUrl}/wps/chat/${id}/messages`, { method: 'POST', headers: auth, body: form });
};

try {
  mkdirSync(OUT, { recursive: true });
  const token = await apiLogin(platform.baseUrl, 'demo_member', 'Demo#2026');
  for (const [index, variant] of VARIANTS.entries()) {
    const { page } = await openPage(browser, platform.baseUrl, variant.options);
    await signInPage(page, token, variant);
    await page.goto('/');
    await page.getByTestId('page-loader').waitFor({ state: 'detached' });
    await page.getByTestId('user-menu-trigger').click();
    await page.getByTestId('user-menu-service').click();
    await page.getByTestId('public-status').waitFor();
    await page.waitForTimeout(300);
    await shot(page, `public-modal-${variant.name}`);
    await page.getByTestId('public-help').click();
    await page.getByTestId('help-modal-content').waitFor();
    await page.waitForTimeout(300);
    await shot(page, `help-modal-${variant.name}`);
    await page.context().close();

    // Owner and admin take turns: a TOTP code works once per account and 30 s.
    const staff = index % 2 === 0 ? 'ops_admin' : 'ops_owner';
    const ops = await openPage(browser, platform.baseUrl, variant.options);
    await ops.page.context().addInitScript(
      ({ language, theme }) => {
        localStorage.setItem('ops.language', language);
        localStorage.setItem('ops.theme', theme);
      },
      { language: variant.language, theme: variant.theme },
    );
    await ops.page.goto(`${platform.baseUrl}/ops/config/support`);
    await ops.page.getByTestId('sign-in-username').fill(staff);
    await ops.page.getByTestId('sign-in-password').fill(DEMO_STAFF_PASSWORD);
    await ops.page.getByTestId('sign-in-submit').click();
    await ops.page.getByTestId('mfa-code').fill(await freshTotpCode(staff));
    await ops.page.getByTestId('mfa-submit').click();
    await ops.page.getByTestId('hours-form').waitFor();
    await ops.page.getByTestId('hours-closes').fill('09:00');
    await ops.page.getByTestId('hours-save').click();
    await ops.page.getByTestId('field-error').first().waitFor();
    await ops.page.waitForTimeout(300);
    await shot(ops.page, `ops-support-settings-${variant.name}`);

    await ops.page.goto(`${platform.baseUrl}/ops/support/canned`);
    await ops.page.getByTestId('canned-item').first().waitFor();
    await ops.page.waitForTimeout(300);
    await shot(ops.page, `ops-canned-${variant.name}`);

    await newChat(token);
    await ops.page.goto(`${platform.baseUrl}/ops/support/chats`);
    await ops.page.locator('.support__item').first().click();
    await ops.page.locator('.support__actions .button--primary').first().click();
    const transfer = ops.page.getByTestId('transfer-control');
    await transfer.locator('summary').click();
    await transfer.locator('select').selectOption({ index: 1 });
    await transfer.locator('#transfer-note').fill('VIP member: payout desk ref 4471');
    await ops.page.waitForTimeout(300);
    await shot(ops.page, `ops-transfer-${variant.name}`);
    await transfer.locator('.button--primary').click();
    await ops.page.getByTestId('chat-others').waitFor();
    await ops.page.locator('.support__line--internal').waitFor();
    await ops.page.waitForTimeout(300);
    await shot(ops.page, `ops-transferred-${variant.name}`);
    await ops.page.context().close();
    console.log(variant.name);
  }
} finally {
  await browser.close();
  await platform.stop();
}
