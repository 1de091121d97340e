/**
 * Screenshots of the lottery lobby and a game's betting view (issue 23) at a phone's and a laptop's size, in EN and TY,
 * light and dark, into docs/screenshots/lottery/ (or SHOTS_DIR). Run after `npm run build`:
 * `npx tsx e2e/lottery-screenshots.ts`. The member has a favourite (3-Minute 5D) and a bet on the 1-minute game.
 * Not a test: these are for people to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { OPS_API } from '@platform/contracts';
import { launchBrowser, openPage } from './support/browser';
import { phone } from './support/layout';
import { startPlatform } from './support/platform';
import { apiLogin } from './support/session';

const OUT = process.env.SHOTS_DIR ?? join(new URL('..', import.meta.url).pathname, 'docs/screenshots/lottery');

const PAGES = [
  ['lobby', '/lottery', '.lottery__card'],
  ['betting', '/lottery?gameCode=lott-ffc1', '.lottery__slip'],
  ['vn-lobby', '/vnLottery', '.lottery__card'],
  ['vn-betting', '/vnLottery?gameCode=vn-south', '.lottery__slip'],
] as const;

type Variant = { name: string; options: BrowserContextOptions; language: 'EN' | 'TY'; theme: 'light' | 'dark' };
const VARIANTS: Variant[] = [];
for (const language of ['EN', 'TY'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    const suffix = `${language.toLowerCase()}-${theme}`;
    VARIANTS.push({ name: `390-${suffix}`, options: phone(390, 844), language, theme });
    VARIANTS.push({ name: `1366-${suffix}`, options: { viewport: { width: 1366, height: 768 } }, language, theme });
  }
}

const platform = await startPlatform({ rgs: true, connectVendors: true });
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  const token = await apiLogin(platform.baseUrl, 'demo_member', 'Demo#2026');
  await platform.staff('POST', OPS_API.adjustments, {
    username: 'demo_member',
    direction: 'CREDIT',
    amount: '500.00',
    reason: 'lottery screenshots',
    requestId: 'lottery-screenshots-fund',
  });
  for (const variant of VARIANTS) {
    const { page } = await openPage(browser, platform.baseUrl, variant.options);
    await page.context().addInitScript(
      ({ value, language, theme }) => {
        localStorage.setItem('lang', language);
        localStorage.setItem('theme', theme);
        localStorage.setItem('lotteryFavourites:demo_member', JSON.stringify(['lott-ffc3']));
        if (!sessionStorage.getItem('token')) {
          sessionStorage.setItem('token', value);
          sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
        }
      },
      { value: token, language: variant.language, theme: variant.theme },
    );
    for (const [name, path, ready] of PAGES) {
      await page.goto(path);
      await page.getByTestId('page-loader').waitFor({ state: 'detached' });
      await page.locator(ready).first().waitFor({ timeout: 20_000 });
      if (name === 'betting') {
        await page.locator('.lottery__pick').nth(3).click();
        // One bet on the first variant, so the member's bets list has a row to show.
        if (variant === VARIANTS[0]) {
          await page.getByRole('button', { name: 'Quick pick' }).click();
          await page.getByRole('button', { name: 'Place bet' }).click();
          await page.locator('.lottery__placed, .lottery__error').first().waitFor({ timeout: 20_000 });
          await page.locator('.lottery__pick').nth(3).click();
        }
        await page.locator('.lottery__bets, .lottery__game .muted').first().waitFor({ timeout: 20_000 });
      }
      await page.waitForTimeout(400);
      const file = join(OUT, `${name}-${variant.name}.png`);
      // The betting views whole: the slip, the member's bets and the results below it.
      await page.screenshot({ path: file, fullPage: name.includes('betting') });
      console.log(file);
    }
    await page.context().close();
  }
} finally {
  await browser.close();
  await platform.stop();
}
