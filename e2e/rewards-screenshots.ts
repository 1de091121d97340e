/**
 * Screenshots of the reward centre, the manual rebate and the VIP page with the avatar's label, at a phone's and a
 * laptop's size, EN and TY, light and dark (issue 20), into SHOTS_DIR (default: a folder in the temp directory).
 * Run after `npm run build`: `npx tsx e2e/rewards-screenshots.ts`. Not a test: the flows are in rewards.e2e.ts.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { API } from '@platform/contracts';
import { launchBrowser, openPage } from './support/browser';
import { phone } from './support/layout';
import { startPlatform } from './support/platform';
import { apiLogin, signInPage } from './support/session';

const OUT = process.env.SHOTS_DIR ?? join(tmpdir(), 'rewards-screenshots');
const DESK: BrowserContextOptions = { viewport: { width: 1366, height: 768 } };
const VARIANTS = (['EN', 'TY'] as const).flatMap((language) =>
  (['light', 'dark'] as const).flatMap((theme) => [
    { name: `390-${language.toLowerCase()}-${theme}`, options: phone(390, 844), language, theme },
    { name: `1366-${language.toLowerCase()}-${theme}`, options: DESK, language, theme },
  ]),
);

const platform = await startPlatform({ movableClock: true });
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  // demo_member: slots yesterday (a daily rebate), 1,500.00 today (VIP1, its upgrade bonus, a manual rebate to take).
  const play = async (betMinor: number, settledAt: number, tag: string) => {
    await platform.sql(
      `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, bet_minor,
         win_minor, valid_bet_minor, status, started_at, settled_at)
       SELECT m.merchant_id, g.vendor_code, $3, m.id, g.game_code, 'USD', $1, 0, $1, 'SETTLED',
         $2::timestamptz - interval '1 minute', $2::timestamptz
       FROM members m
       JOIN LATERAL (SELECT vendor_code, game_code, game_type FROM games WHERE merchant_id = m.merchant_id
                     AND game_type = ANY('{RNG,LIVE}') ORDER BY game_type DESC, game_code LIMIT 1) g ON true
       WHERE m.merchant_id = (SELECT id FROM merchants WHERE code = 'demo') AND m.username = 'demo_member'`,
      [betMinor, new Date(settledAt).toISOString(), tag],
    );
    await platform.runJob('play-stats.rollup');
  };
  await play(80_000, platform.clock.now() - 60_000, 'shot-yesterday');
  await platform.clock.moveTo(platform.clock.now() + 86_400_000);
  await platform.runJob('rebate.daily');
  await play(150_000, platform.clock.now() - 60_000, 'shot-today');
  await platform.runJob('vip.evaluate');
  const token = await apiLogin(platform.baseUrl, 'demo_member', 'Demo#2026');
  const rewards = await fetch(`${platform.baseUrl}${API.rewards.list}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { value } = (await rewards.json()) as { value: { list: { id: string; kind: string }[] } };
  const claimed = value.list.find((r) => r.kind === 'REBATE');
  if (claimed !== undefined) {
    await fetch(`${platform.baseUrl}${API.rewards.claim.replace(':id', claimed.id)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
  }
  for (const variant of VARIANTS) {
    const { page } = await openPage(browser, platform.baseUrl, variant.options);
    await signInPage(page, token, variant);
    for (const [file, path, ready] of [
      ['reward-centre', '/member?page=rewardCenter', '[data-testid="reward"]'],
      ['manual-rebate', '/member?page=manualRebate', '[data-testid="rebate-claimable"]'],
      ['vip', '/vip', '[data-testid="vip-current"]'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId('page-loader').waitFor({ state: 'detached' });
      await page.locator(ready).first().waitFor({ timeout: 20_000 });
      await page.getByTestId('header-vip-label').waitFor({ timeout: 20_000 });
      if (path.startsWith('/member')) {
        await page.evaluate(() => {
          const centre = document.querySelector('.member-centre__panel');
          if (centre && window.innerWidth < 700)
            window.scrollTo(0, centre.getBoundingClientRect().top + window.scrollY - 72);
        });
      }
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(OUT, `${file}-${variant.name}.png`) });
    }
    await page.context().close();
    console.log(variant.name);
  }
} finally {
  await browser.close();
  await platform.stop();
}
