/**
 * Screenshots of the VN betting view with two stations chosen (ADR 0050): the day's southern provinces as checkboxes,
 * the slip's tickets and cost for both, the member's bets naming their station and the results of a day's stations,
 * and the VN lobby with a card per station, at 390x844 and 1366x768, EN light and TY dark, into /tmp/shots-vn (or
 * SHOTS_DIR). Run after `npm run build`:
 * `npx tsx e2e/vn-stations-screenshots.ts`. Not a test: these are for people to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { OPS_API } from '@platform/contracts';
import { launchBrowser, openPage } from './support/browser';
import { phone } from './support/layout';
import { startPlatform } from './support/platform';
import { apiLogin, signInPage } from './support/session';

const OUT = process.env.SHOTS_DIR ?? '/tmp/shots-vn';
const SOUTH = ['vn-south', 'vn-south-2', 'vn-south-3', 'vn-south-4'];

type Variant = { name: string; options: BrowserContextOptions; language: 'EN' | 'TY'; theme: 'light' | 'dark' };
const VARIANTS: Variant[] = [];
for (const [language, theme] of [
  ['EN', 'light'],
  ['TY', 'dark'],
] as const) {
  const suffix = `${language.toLowerCase()}-${theme}`;
  VARIANTS.push({ name: `390-${suffix}`, options: phone(390, 844), language, theme });
  VARIANTS.push({ name: `1366-${suffix}`, options: { viewport: { width: 1366, height: 768 } }, language, theme });
}

type Issue = { issueNo: string; drawAt: string };
type Menu = { value: { regions: { games: { gameCode: string; current: Issue | null; latest: Issue | null }[] }[] } };

const platform = await startPlatform({ rgs: true, connectVendors: true, movableClock: true, lotteries: SOUTH });
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  await platform.staff('POST', OPS_API.adjustments, {
    username: 'demo_member',
    direction: 'CREDIT',
    amount: '500.00',
    reason: 'vn stations screenshots',
    requestId: 'vn-stations-screenshots-fund',
  });
  // The day's southern draw, so the results show each station of a day with its own numbers.
  const south = async () => {
    const menu = (await (await fetch(`${platform.baseUrl}/lgw/vn/games/game_menu?prizeMode=VN`)).json()) as Menu;
    return menu.value.regions.flatMap((r) => r.games).find((g) => g.gameCode === 'vn-south')!;
  };
  const first = await south();
  await platform.clock.moveTo(Date.parse(first.current!.drawAt) + 2_000);
  for (let i = 0; i < 60 && (await south()).latest === null; i += 1) await new Promise((r) => setTimeout(r, 1_000));
  const token = await apiLogin(platform.baseUrl, 'demo_member', 'Demo#2026');

  /** The betting view with the Lô tab, two numbers and the second station chosen. */
  const fillSlip = async (page: Page) => {
    await page.goto('/vnLottery?gameCode=vn-south');
    await page.getByTestId('page-loader').waitFor({ state: 'detached' });
    await page.getByTestId('lottery-stations').waitFor({ timeout: 20_000 });
    await page.locator('.lottery__method').first().click();
    await page.locator('.lottery__row input').fill('27 68');
    await page.locator('.lottery__station input').nth(1).check();
  };

  for (const variant of VARIANTS) {
    const { page } = await openPage(browser, platform.baseUrl, variant.options);
    await signInPage(page, token, variant);
    await fillSlip(page);
    // Two bets on the first variant, so the member's bets list a row per station.
    if (variant === VARIANTS[0]) {
      await page.locator('.lottery__slip .button--primary').click();
      await page.locator('.lottery__placed, .lottery__error').first().waitFor({ timeout: 20_000 });
      console.log(await page.locator('.lottery__placed, .lottery__error').first().innerText());
      await fillSlip(page);
    }
    await page.locator('.lottery__results .lottery__ball').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(600);
    const file = join(OUT, `vn-stations-${variant.name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    // The VN lobby: every station of the day a card of its own, named with its province.
    await page.goto('/vnLottery');
    await page.locator('.lottery__card').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(400);
    const lobby = join(OUT, `vn-lobby-${variant.name}.png`);
    await page.screenshot({ path: lobby, fullPage: true });
    console.log(lobby);
    await page.context().close();
  }
} finally {
  await browser.close();
  await platform.stop();
}
