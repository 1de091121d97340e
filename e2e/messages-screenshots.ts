/**
 * Screenshots of the internal messages page (messageV2), the customer service window and the back office's support
 * console at a phone's and a laptop's size, EN and TY, light and dark (issue 22), into docs/screenshots/messages/.
 * Run after `npm run build`: `npx tsx e2e/messages-screenshots.ts`. Not a test: the flows are in messages.e2e.ts.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { phone } from './support/layout';
import { DEMO_STAFF_PASSWORD, freshTotpCode } from './support/ops';
import { startPlatform } from './support/platform';
import { apiLogin, signInPage } from './support/session';

const OUT = join(new URL('..', import.meta.url).pathname, 'docs/screenshots/messages');

type Variant = { name: string; options: BrowserContextOptions; language: 'EN' | 'TY'; theme: 'light' | 'dark' };
const VARIANTS: Variant[] = [
  { name: '390-en-light', options: phone(390, 844), language: 'EN', theme: 'light' },
  { name: '390-ty-dark', options: phone(390, 844), language: 'TY', theme: 'dark' },
  { name: '1366-en-dark', options: { viewport: { width: 1366, height: 768 } }, language: 'EN', theme: 'dark' },
  { name: '1366-ty-light', options: { viewport: { width: 1366, height: 768 } }, language: 'TY', theme: 'light' },
];

const platform = await startPlatform({ connectVendors: true });
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  await platform.sql(
    `INSERT INTO chat_settings (merchant_id, days, opens_minute, closes_minute)
     SELECT id, '{1,2,3,4,5,6,7}', 0, 1440 FROM merchants WHERE code = 'demo' ON CONFLICT (merchant_id) DO NOTHING`,
  );
  for (const [title, content] of [
    ['Weekend reload bonus', 'Deposit this weekend and get 20% extra, up to 500.'],
    ['Security reminder', 'We never ask for your password. Contact customer service if someone does.'],
  ] as const) {
    await platform.staff('POST', '/wps/ops/messages', {
      audience: { kind: 'MEMBERS', usernames: ['demo_member'] },
      translations: [
        { language: 'EN', title, content },
        { language: 'TY', title: `${title} (TY)`, content },
      ],
    });
  }
  const token = await apiLogin(platform.baseUrl, 'demo_member', 'Demo#2026');
  for (const variant of VARIANTS) {
    const { page } = await openPage(browser, platform.baseUrl, variant.options);
    await signInPage(page, token, variant);
    await page.goto('/member?page=messageV2');
    await page.getByTestId('page-loader').waitFor({ state: 'detached' });
    await page.locator('.inbox__item').first().waitFor({ timeout: 15_000 });
    await page.evaluate(() => {
      const nav = document.querySelector('.member-centre');
      if (nav) window.scrollTo(0, nav.getBoundingClientRect().top + window.scrollY - 72);
    });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(OUT, `message-v2-${variant.name}.png`) });

    await page.goto('/service');
    await page.locator('.chat__list').waitFor();
    await page.locator('#chat-text').fill('Hello, is my deposit credited?');
    await page.locator('.chat__compose button[type=submit]').click();
    await page.locator('.chat__line--customer').first().waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(OUT, `chat-window-${variant.name}.png`) });
    await page.context().close();

    const ops = await openPage(browser, platform.baseUrl, variant.options);
    await ops.page.context().addInitScript(
      ({ language, theme }) => {
        localStorage.setItem('ops.language', language);
        localStorage.setItem('ops.theme', theme);
      },
      { language: variant.language, theme: variant.theme },
    );
    // Signed in as e2e/support/ops.ts does; on a phone the staff name is in the collapsed header, so it waits for it
    // in the page rather than on screen.
    await ops.page.goto(`${platform.baseUrl}/ops/support/chats`);
    await ops.page.getByTestId('sign-in-username').fill('ops_support');
    await ops.page.getByTestId('sign-in-password').fill(DEMO_STAFF_PASSWORD);
    await ops.page.getByTestId('sign-in-submit').click();
    await ops.page.getByTestId('mfa-code').fill(await freshTotpCode('ops_support'));
    await ops.page.getByTestId('mfa-submit').click();
    await ops.page.getByTestId('chat-console').waitFor();
    await ops.page.locator('.support__item').first().click();
    await ops.page.locator('.support__line').first().waitFor();
    await ops.page.waitForTimeout(800);
    await ops.page.screenshot({ path: join(OUT, `ops-console-${variant.name}.png`) });
    await ops.page.context().close();
    console.log(variant.name);
  }
} finally {
  await browser.close();
  await platform.stop();
}
