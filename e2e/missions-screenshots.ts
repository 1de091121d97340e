/**
 * Screenshots of the member centre's missions and leaderboards (missionLeaderboard, issue 21) and the back office's
 * missions and races pages, at a phone's and a laptop's size, EN and TY, light and dark, into SHOTS_DIR (default: a
 * folder in the temp directory). Run after `npm run build`: `npx tsx e2e/missions-screenshots.ts`. Not a test: the
 * flows are in missions.e2e.ts.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { phone } from './support/layout';
import { startPlatform } from './support/platform';
import { apiLogin, signInPage } from './support/session';

const OUT = process.env.SHOTS_DIR ?? join(tmpdir(), 'missions-screenshots');
const DESK: BrowserContextOptions = { viewport: { width: 1366, height: 768 } };
const VARIANTS = (['EN', 'TY'] as const).flatMap((language) =>
  (['light', 'dark'] as const).flatMap((theme) => [
    { name: `390-${language.toLowerCase()}-${theme}`, options: phone(390, 844), language, theme },
    { name: `1366-${language.toLowerCase()}-${theme}`, options: DESK, language, theme },
  ]),
);

const platform = await startPlatform({});
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  // demo_member and two more players: rounds today, so a daily mission is done and the wager race has standings.
  for (const [username, rounds, bet] of [
    ['demo_member', 6, 1_500],
    ['demo_downline', 3, 4_000],
  ] as const) {
    for (let n = 0; n < rounds; n += 1) {
      await platform.sql(
        `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, bet_minor,
           win_minor, valid_bet_minor, status, started_at, settled_at)
         SELECT m.merchant_id, 'RGS', $2, m.id, 'rgs-lucky-lanterns', 'USD', $3, $4, $3, 'SETTLED',
           now() - interval '2 minutes', now() - interval '1 minute'
         FROM members m WHERE m.merchant_id = (SELECT id FROM merchants WHERE code = 'demo') AND m.username = $1`,
        [username, `shot-${username}-${n}`, bet, n === 1 ? bet * 7 : 0],
      );
    }
  }
  await platform.runJob('play-stats.rollup');
  const token = await apiLogin(platform.baseUrl, 'demo_member', 'Demo#2026');
  for (const variant of VARIANTS) {
    const { page } = await openPage(browser, platform.baseUrl, variant.options);
    await signInPage(page, token, variant);
    for (const tab of ['missions', 'races'] as const) {
      await page.goto('/member?page=missionLeaderboard');
      await page.getByTestId('page-loader').waitFor({ state: 'detached' });
      await page.getByTestId('mission').first().waitFor({ timeout: 20_000 });
      if (tab === 'races') {
        await page.getByTestId('races-tab').click();
        await page.getByTestId('race').first().waitFor({ timeout: 20_000 });
      }
      await page.evaluate(() => {
        const centre = document.querySelector('.member-centre__panel');
        if (centre && window.innerWidth < 700)
          window.scrollTo(0, centre.getBoundingClientRect().top + window.scrollY - 72);
      });
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(OUT, `${tab}-${variant.name}.png`) });
    }
    await page.context().close();
    console.log(variant.name);
  }
} finally {
  await browser.close();
  await platform.stop();
}
