/**
 * Screenshots of the lottery back office (/ops/games/lottery: the games, results with a cancelled issue, profit and
 * loss, odds) and the player's results with the trend charts and VN stations (issue 23, ADR 0048), at 390x844 and
 * 1366x768, EN and TY, light and dark, into /tmp/shots/lottops (or SHOTS_DIR). Run after `npm run build`:
 * `npx tsx e2e/lottery-ops-screenshots.ts`. Not a test: these are for people to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { LOTTERY_OPS_API, OPS_API } from '@platform/contracts';
import { launchBrowser, openPage } from './support/browser';
import { phone } from './support/layout';
import { E2E_STAFF_TOKEN, startPlatform } from './support/platform';
import { apiLogin } from './support/session';

const OUT = process.env.SHOTS_DIR ?? '/tmp/shots/lottops';

type Variant = { name: string; options: BrowserContextOptions; language: 'EN' | 'TY'; theme: 'light' | 'dark' };
const VARIANTS: Variant[] = [];
for (const language of ['EN', 'TY'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    const suffix = `${language.toLowerCase()}-${theme}`;
    VARIANTS.push({ name: `390-${suffix}`, options: phone(390, 844), language, theme });
    VARIANTS.push({ name: `1366-${suffix}`, options: { viewport: { width: 1366, height: 768 } }, language, theme });
  }
}

const platform = await startPlatform({
  rgs: true,
  connectVendors: true,
  movableClock: true,
  lotteries: ['lott-ffc1', 'vn-south', 'lott-d5-daily'],
});
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  await platform.staff('POST', OPS_API.adjustments, {
    username: 'demo_member',
    direction: 'CREDIT',
    amount: '500.00',
    reason: 'lottery ops screenshots',
    requestId: 'lottery-ops-screenshots-fund',
  });
  // Forty minutes of 1-minute draws for the trend charts, then a day for a southern draw with its station.
  const start = platform.clock.now();
  for (let minutes = 10; minutes <= 40; minutes += 10) {
    await platform.clock.moveTo(start + minutes * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
  const games = await platform.staff('GET', LOTTERY_OPS_API.games);
  console.log('games', games.status);
  // Signed in after the clock moved, so the session is not forty minutes idle.
  const token = await apiLogin(platform.baseUrl, 'demo_member', 'Demo#2026');

  for (const variant of VARIANTS) {
    const { page } = await openPage(browser, platform.baseUrl, variant.options);
    await page.context().addInitScript(
      ({ value, staff, language, theme }) => {
        localStorage.setItem('lang', language);
        localStorage.setItem('theme', theme);
        localStorage.setItem('ops.language', language);
        localStorage.setItem('ops.theme', theme);
        sessionStorage.setItem('ops.token', staff);
        if (!sessionStorage.getItem('token')) {
          sessionStorage.setItem('token', value);
          sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
        }
      },
      { value: token, staff: E2E_STAFF_TOKEN, language: variant.language, theme: variant.theme },
    );
    const shot = async (name: string, fullPage = false) => {
      await page.waitForTimeout(500);
      const file = join(OUT, `${name}-${variant.name}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(file);
    };
    await page.goto('/ops/games/lottery');
    await page.getByTestId('lotteries-row').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('lottery-pick-lott-ffc1').click();
    await page.getByTestId('lottery-issues-row').first().waitFor({ timeout: 20_000 });
    await shot('ops-lottery', true);
    await page.getByTestId('lottery-tab-odds').click();
    await page.getByTestId('lottery-odds').waitFor();
    await shot('ops-odds');
    await page.getByTestId('lottery-tab-pnl').click();
    await page.waitForTimeout(800);
    await shot('ops-pnl');

    await page.goto('/lottery?gameCode=lott-ffc1');
    await page.getByTestId('page-loader').waitFor({ state: 'detached' });
    await page.getByTestId('lottery-trends').locator('svg').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1_000);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot('web-trends');
    await page.goto('/vnLottery?gameCode=vn-south');
    await page.getByTestId('page-loader').waitFor({ state: 'detached' });
    await page.locator('.lottery__slip').first().waitFor({ timeout: 20_000 });
    await shot('web-vn-south', true);
    await page.context().close();
  }
} finally {
  await browser.close();
  await platform.stop();
}
