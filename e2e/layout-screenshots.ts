/**
 * Screenshots of the pages a new player meets first, at a phone's and a laptop's size (issue 16, ADR 0024), into
 * docs/screenshots/layout/. Run after `npm run build`: `npx tsx e2e/layout-screenshots.ts`. Not a test: the widths
 * are asserted by layout-width.e2e.ts; these are for people to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { phone, seedMemberActivity } from './support/layout';
import { startPlatform } from './support/platform';
import { apiLogin, signInPage } from './support/session';

const OUT = join(new URL('..', import.meta.url).pathname, 'docs/screenshots/layout');

const PAGES = [
  ['home', '/', 'lobby-hot'],
  ['live', '/live', 'game-card'],
  ['betting-record', '/member?page=personalHistoryCopy', 'bets-table'],
  ['account-record', '/member?page=transactionHistory', 'transaction-history'],
  ['withdraw', '/member?page=withdraw', 'member-centre'],
  ['security-centre', '/member?page=securityCenter', 'account-summary'],
] as const;

type Variant = { name: string; options: BrowserContextOptions; language: 'EN' | 'TY'; theme: 'light' | 'dark' };

const VARIANTS: Variant[] = [
  { name: '390-en', options: phone(390, 844), language: 'EN', theme: 'light' },
  { name: '1366-en', options: { viewport: { width: 1366, height: 768 } }, language: 'EN', theme: 'light' },
  { name: '390-ty-dark', options: phone(390, 844), language: 'TY', theme: 'dark' },
];

const platform = await startPlatform({ connectVendors: true });
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  await seedMemberActivity(platform);
  const token = await apiLogin(platform.baseUrl, 'demo_member', 'Demo#2026');
  for (const variant of VARIANTS) {
    const { page } = await openPage(browser, platform.baseUrl, variant.options);
    await signInPage(page, token, variant);
    for (const [name, path, ready] of PAGES) {
      await page.goto(path);
      await page.getByTestId('page-loader').waitFor({ state: 'detached' });
      await page.getByTestId(ready).first().waitFor({ timeout: 15_000 });
      await page.getByTestId('header-balance').filter({ hasText: /\d/ }).waitFor();
      await page.waitForTimeout(600);
      // A member-centre page from its tabs down (the banner above is the same on every page).
      if (path.startsWith('/member'))
        await page.evaluate(() => {
          const nav = document.querySelector('.member-centre');
          if (nav) window.scrollTo(0, nav.getBoundingClientRect().top + window.scrollY - 72);
        });
      await page.waitForTimeout(200);
      const file = join(OUT, `${name}-${variant.name}.png`);
      await page.screenshot({ path: file });
      console.log(file);
    }
    await page.context().close();
  }
} finally {
  await browser.close();
  await platform.stop();
}
