import { expect, it } from 'vitest';
import { OPS_API } from '@platform/contracts';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { openPage } from './support/browser';
import { apiLogin } from './support/session';
import { amountIn, byId, eventually, headerAmount, ready } from './support/page';
import { usePlatformAndBrowser } from './support/suite';

/**
 * Issue 23 in the browser: the platform with the RGS's lottery gateway under /lgw, as `npm start` runs it. A bet on a
 * 1-minute game is a round on the seamless wallet under the vendor LOTT, so the header balance a test reads went
 * through that protocol and the ledger, at the bet and at the draw.
 */
const suite = usePlatformAndBrowser({ rgs: true, connectVendors: true });

const memberTab = async (path: string) => {
  const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
  const watched = await openPage(suite.browser, suite.platform.baseUrl, {
    extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.231' },
  });
  await watched.page.context().addInitScript((t) => {
    if (!sessionStorage.getItem('token')) {
      sessionStorage.setItem('token', t);
      sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
    }
  }, token);
  await ready(watched.page, path);
  return watched.page;
};

it('bets on a 1-minute game, counts down to the draw, and pays the win into the header balance', async () => {
  const funded = await suite.platform.staff('POST', OPS_API.adjustments, {
    username: 'demo_member',
    direction: 'CREDIT',
    amount: '500.00',
    reason: 'e2e lottery funding',
    requestId: 'e2e-lottery-fund-1',
  });
  expect(funded.status).toBe(200);
  const page = await memberTab('/lottery');
  // The lobby lists the LOTT games with a countdown to each open issue's close.
  const card = page.locator('.lottery__card').filter({ hasText: '1-Minute 5D' });
  await card.waitFor();
  await expect.poll(() => card.getByRole('timer').innerText()).toMatch(/\d{2}:\d{2}|drawing/);
  await card.getByRole('button').click();
  await expect.poll(() => new URL(page.url()).search).toContain('gameCode=lott-ffc1');
  const before = Number((await headerAmount(page)).replace(/,/g, ''));

  // Every digit in the first position: one of the ten tickets always wins (9.75x of 2.00 at prize group 1950).
  await page.getByRole('tab', { name: en.lottery.methods.d5_position }).click();
  const firstRow = page.locator('.lottery__row').first();
  for (let digit = 0; digit <= 9; digit += 1)
    await firstRow.getByRole('button', { name: String(digit), exact: true }).click();
  await expect.poll(() => byId(page, 'lottery-slip-summary').innerText()).toContain('10 tickets · cost 20.00');
  // Not in the last seconds of a window: a bet then would be refused (the test waits for the next issue instead).
  const timer = page.locator('.lottery__head').getByRole('timer');
  await eventually(
    async () => /closes in 00:(1[5-9]|[2-5]\d)|closes in 0[1-9]:/.test(await timer.innerText()),
    70_000,
  ).toBe(true);
  await page.getByRole('button', { name: en.lottery.placeBet }).click();
  // The slip answers with the bet placed, or says why not.
  const answer = page.locator('.lottery__placed, .lottery__error');
  await answer.waitFor({ timeout: 30_000 });
  expect(await answer.innerText()).toMatch(/Bet placed on issue \d{12}/);
  const issue = /issue (\d{12})/.exec(await page.locator('.lottery__placed').innerText())![1]!;
  await eventually(async () => Number(amountIn(await headerAmount(page)).replace(/,/g, ''))).toBe(before - 20);

  // The draw comes within a minute; the result shows in the history and the win in the header.
  const row = page.locator('.lottery__results tr').filter({ hasText: issue });
  await row.waitFor({ timeout: 90_000 });
  expect(await row.locator('.lottery__ball').count()).toBe(5);
  await page.reload();
  await eventually(async () => Number(amountIn(await headerAmount(page)).replace(/,/g, '')), 30_000).toBe(before - 0.5);
  await page.context().close();
});

it('routes the Vietnamese and SEA vendors to their own lottery pages, which list their games', async () => {
  const page = await memberTab('/lott?vassalage=TCG_LOTTO_VN');
  await byId(page, 'game-card').filter({ hasText: 'Vietnam South' }).getByTestId('game-card-start').click();
  await expect
    .poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`)
    .toBe('/vnLottery?gameCode=vn-south');
  await ready(page, '/lott?vassalage=TCG_SEA');
  await byId(page, 'game-card').filter({ hasText: '4D' }).getByTestId('game-card-start').click();
  await expect
    .poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`)
    .toBe('/seaLottery?gameCode=sea-4d');
  await ready(page, '/vnLottery');
  await page.locator('.lottery__card').filter({ hasText: 'Vietnam North' }).waitFor();
  await page.context().close();
});
