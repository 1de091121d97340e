/**
 * Screenshots of issues 20 and 21's pages on the demo data: the back office's VIP levels, rebate rates, bonus forfeits,
 * promotion costs, points mall items and redemptions, missions and races; the member's points mall, missions and
 * leaderboards, invite friends and raffles. At a phone's and a laptop's size, EN and TY, light and dark, into SHOTS_DIR
 * (default: a folder in the temp directory). Run after `npm run build`: `npx tsx e2e/engagement-screenshots.ts`.
 * Not a test: the flows are in the *.e2e.ts files of each feature.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { phone } from './support/layout';
import { E2E_STAFF_TOKEN, startPlatform } from './support/platform';
import { apiLogin } from './support/session';

const OUT = process.env.SHOTS_DIR ?? join(tmpdir(), 'engagement-screenshots');
const DESK: BrowserContextOptions = { viewport: { width: 1366, height: 768 } };
const VARIANTS = (['EN', 'TY'] as const).flatMap((language) =>
  (['light', 'dark'] as const).flatMap((theme) => [
    { name: `390-${language.toLowerCase()}-${theme}`, options: phone(390, 844), language, theme },
    { name: `1366-${language.toLowerCase()}-${theme}`, options: DESK, language, theme },
  ]),
);
const ALL_PAGES = [
  ['ops-vip-levels', '/ops/promotions/vip-levels'],
  ['ops-rebate-rates', '/ops/promotions/rebate-rates'],
  ['ops-forfeits', '/ops/promotions/forfeits'],
  ['ops-promotion-costs', '/ops/promotions/costs'],
  ['ops-mall-items', '/ops/points/items'],
  ['ops-redemptions', '/ops/points/redemptions'],
  ['ops-missions', '/ops/missions'],
  ['ops-races', '/ops/missions/races'],
  ['ops-referral', '/ops/promotions/referral'],
  ['ops-raffles', '/ops/promotions/raffles'],
  ['ops-engagement-cost', '/ops/reports/engagement-cost'],
  ['point-mall', '/pointMall'],
  ['missions', '/member?page=missionLeaderboard'],
  ['referral', '/member?page=referral'],
  ['raffles', '/raffles'],
] as const;
/** PAGES=ops-raffles,raffles: only those. */
const wanted = process.env.PAGES?.split(',');
const PAGES = ALL_PAGES.filter(([file]) => wanted === undefined || wanted.includes(file));

const platform = await startPlatform();
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  const token = await apiLogin(platform.baseUrl, 'demo_member', 'Demo#2026');
  const only = process.env.ONLY?.split(',');
  for (const variant of VARIANTS.filter((v) => only === undefined || only.includes(v.name))) {
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
    for (const [file, path] of PAGES) {
      await page.goto(path);
      await page
        .getByTestId('page-loader')
        .waitFor({ state: 'detached', timeout: 20_000 })
        .catch(() => {});
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.waitForTimeout(600);
      await page.screenshot({ path: join(OUT, `${file}-${variant.name}.png`) });
    }
    await page.context().close();
    console.log(variant.name);
  }
} finally {
  await browser.close();
  await platform.stop();
}
