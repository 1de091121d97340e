import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OPS_API } from '@platform/contracts';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { openPage } from './support/browser';
import { apiLogin } from './support/session';
import { amountIn, byId, eventually, headerAmount, ready } from './support/page';
import { usePlatformAndBrowser } from './support/suite';

/**
 * Issue 23 in the browser: the platform with the RGS's lottery gateway under /lgw, as `npm start` runs it. A bet on a
 * 1-minute game is a round on the seamless wallet under the vendor LOTT, so the header balance a test reads went
 * through that protocol and the ledger, at the bet and at the draw. The platform and the RGS share a clock the tests
 * move forward (a chase's first draw, the southern draw of the day); the draw engine runs the two lotteries bet on.
 */
const suite = usePlatformAndBrowser({
  rgs: true,
  connectVendors: true,
  movableClock: true,
  lotteries: ['lott-ffc1', 'vn-south'],
});

beforeAll(async () => {
  const funded = await suite.platform.staff('POST', OPS_API.adjustments, {
    username: 'demo_member',
    direction: 'CREDIT',
    amount: '1000.00',
    reason: 'e2e lottery funding',
    requestId: 'e2e-lottery-fund-1',
  });
  expect(funded.status).toBe(200);
});

/** The header balance in cents (whole numbers compare exactly). */
const balanceOf = async (page: Page) => Math.round(Number(amountIn(await headerAmount(page)).replace(/,/g, '')) * 100);

/**
 * Waits until the game's issue takes bets for at least 15 more seconds: a bet is never placed in a window's last
 * seconds, nor between a close and the next opening (the countdown then says "opens in").
 */
const awaitRoomToBet = async (page: Page) => {
  const timer = page.locator('.lottery__head').getByRole('timer');
  const secondsLeft = async () => {
    const left = /closes in (?:(\d+):)?(\d{2}):(\d{2})/.exec(await timer.innerText());
    return left === null ? 0 : Number(left[1] ?? 0) * 3600 + Number(left[2]) * 60 + Number(left[3]);
  };
  await eventually(async () => (await secondsLeft()) >= 15, 90_000).toBe(true);
};

/** Every digit in the first position of the 5D position bet: one of the ten tickets always wins. */
const pickEveryFirstDigit = async (page: Page) => {
  await page.getByRole('tab', { name: en.lottery.methods.d5_position }).click();
  const firstRow = page.locator('.lottery__row').first();
  for (let digit = 0; digit <= 9; digit += 1)
    await firstRow.getByRole('button', { name: String(digit), exact: true }).click();
  await expect.poll(() => byId(page, 'lottery-slip-summary').innerText()).toContain('10 tickets · cost 20.00');
};

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
  const page = await memberTab('/lottery');
  // The lobby lists the LOTT games with a countdown to each open issue's close (or the next one's opening).
  const card = page.locator('.lottery__card').filter({ hasText: '1-Minute 5D' });
  await card.waitFor();
  await expect.poll(() => card.getByRole('timer').innerText()).toMatch(/\d{2}:\d{2}|drawing/);
  await card.locator('.lottery__open').click();
  await expect.poll(() => new URL(page.url()).search).toContain('gameCode=lott-ffc1');
  const before = await balanceOf(page);

  // 9.75x of 2.00 at prize group 1950 for the one ticket that wins.
  await pickEveryFirstDigit(page);
  await awaitRoomToBet(page);
  const shown = /Issue (\d{12})/.exec(await page.locator('.lottery__head').getByRole('timer').innerText())![1]!;
  await page.getByRole('button', { name: en.lottery.placeBet }).click();
  // The slip answers with the bet placed on the issue the countdown showed, or says why not.
  const answer = page.locator('.lottery__placed, .lottery__error');
  await answer.waitFor({ timeout: 30_000 });
  expect(await answer.innerText()).toBe(`Bet placed on issue ${shown} for 20.00`);
  await eventually(() => balanceOf(page)).toBe(before - 2000);
  await eventually(async () => (await byId(page, 'lottery-my-bets').innerText()).includes(shown)).toBe(true);

  // The draw comes within a minute; the result shows in the history, the win in the bet list and the header.
  const row = page.locator('.lottery__results tr').filter({ hasText: shown });
  await row.waitFor({ timeout: 90_000 });
  expect(await row.locator('.lottery__ball').count()).toBe(5);
  const mine = byId(page, 'lottery-my-bets').locator('tbody tr').filter({ hasText: shown });
  await eventually(() => mine.locator('.lottery__status').innerText(), 30_000).toBe('Won 19.50');
  await page.reload();
  await eventually(() => balanceOf(page), 30_000).toBe(before - 50);
  await page.context().close();
});

it('chases five issues with stop on win: the first issue wins, the other four are refunded', async () => {
  const page = await memberTab('/lottery?gameCode=lott-ffc1');
  await pickEveryFirstDigit(page);
  await page.getByRole('spinbutton', { name: en.lottery.chaseIssues }).fill('5');
  await expect(page.getByRole('checkbox', { name: en.lottery.winStop }).isChecked()).resolves.toBe(true);
  await awaitRoomToBet(page);
  const before = await balanceOf(page);
  await page.getByRole('button', { name: 'Chase (100.00)' }).click();
  const placed = page.locator('.lottery__placed');
  await placed.waitFor({ timeout: 30_000 });
  const [, first, last] = /Chase of 5 issues placed for 100\.00 \(issues (\d{12}) to (\d{12})\)/.exec(
    await placed.innerText(),
  )!;
  expect(Number(last) - Number(first)).toBe(4);
  // Paid up front: five stakes of 20.00.
  await eventually(() => balanceOf(page)).toBe(before - 10_000);
  const chased = byId(page, 'lottery-my-bets').locator('tbody tr').filter({ hasText: en.lottery.chaseTag });
  await eventually(() => chased.count()).toBe(5);

  // The test clock goes to the first issue's draw (1-minute issues draw on the minute): it wins, the chase stops.
  const now = suite.platform.clock.now();
  await suite.platform.clock.moveTo(Math.ceil(now / 60_000) * 60_000 + 1_500);
  const won = chased.filter({ hasText: first! });
  await eventually(() => won.locator('.lottery__status').innerText(), 30_000).toBe('Won 19.50');
  await eventually(async () => (await chased.locator('.lottery__status').allInnerTexts()).sort(), 30_000).toEqual([
    'Refunded',
    'Refunded',
    'Refunded',
    'Refunded',
    'Won 19.50',
  ]);
  // 5 × 20.00 paid, 19.50 won, 4 × 20.00 back.
  await page.reload();
  await eventually(() => balanceOf(page), 30_000).toBe(before - 50);
  await page.context().close();
});

it('routes the Vietnamese and SEA vendors to their own lottery pages, which list their games', async () => {
  const page = await memberTab('/lott?vassalage=TCG_LOTTO_VN');
  // The card named exactly so: the southern draw's further stations are cards of their own ("Vietnam South · Station 2").
  await page.getByRole('article', { name: 'Vietnam South', exact: true }).getByTestId('game-card-start').click();
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

it('keeps lottery favourites per username: two members on one browser each see their own', async () => {
  const tokens = {
    member: await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026'),
    downline: await apiLogin(suite.platform.baseUrl, 'demo_downline', 'Demo#2026'),
  };
  const { page } = await openPage(suite.browser, suite.platform.baseUrl, {
    extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.232' },
  });
  /** One member logs out of the shared browser and the other logs in (the session keys only; the device keeps the rest). */
  const signIn = async (token: string) => {
    await ready(page, '/');
    await page.evaluate((t) => {
      sessionStorage.setItem('token', t);
      sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
    }, token);
    await ready(page, '/lottery');
    await page.locator('.lottery__card').first().waitFor();
  };
  const star = (name: string) => page.getByRole('button', { name: `Favourite: ${name}`, exact: true });
  const favourites = byId(page, 'lottery-favourites');

  await signIn(tokens.member);
  await star('3-Minute 5D').click();
  await expect.poll(() => star('3-Minute 5D').getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => favourites.locator('.lottery__name').allInnerTexts()).toEqual(['3-Minute 5D']);

  await signIn(tokens.downline);
  await star('Daily 5D').waitFor();
  expect(await favourites.count()).toBe(0);
  expect(await star('3-Minute 5D').getAttribute('aria-pressed')).toBe('false');
  await star('Daily 5D').click();
  await expect.poll(() => favourites.locator('.lottery__name').allInnerTexts()).toEqual(['Daily 5D']);

  await signIn(tokens.member);
  await expect.poll(() => favourites.locator('.lottery__name').allInnerTexts()).toEqual(['3-Minute 5D']);
  expect(await star('Daily 5D').getAttribute('aria-pressed')).toBe('false');
  await page.context().close();
});

type VnMenu = { value: { regions: { games: { gameCode: string; current: Record<string, string> | null }[] }[] } };

it('settles a VN lô and đề bet on the southern draw when the test clock reaches it', async () => {
  const southern = async () => {
    const response = await fetch(`${suite.platform.baseUrl}/lgw/vn/games/game_menu?prizeMode=VN&device=WEB`);
    const menu = (await response.json()) as VnMenu;
    return menu.value.regions.flatMap((r) => r.games).find((g) => g.gameCode === 'vn-south')!.current!;
  };
  // Between the close (15 minutes before the draw) and the draw no issue takes bets: the clock then goes to the next.
  let issue = await southern();
  if (Date.parse(issue.closesAt!) - suite.platform.clock.now() < 60_000) {
    await suite.platform.clock.moveTo(Date.parse(issue.drawAt!) + 2_000);
    await eventually(async () => (await southern()).issueNo !== issue.issueNo, 30_000).toBe(true);
    issue = await southern();
  }
  if (Date.parse(issue.opensAt!) > suite.platform.clock.now()) {
    await suite.platform.clock.moveTo(Date.parse(issue.opensAt!) + 2_000);
  }
  const page = await memberTab('/vnLottery?gameCode=vn-south');
  await expect.poll(() => page.locator('.lottery__head').getByRole('timer').innerText()).toContain(issue.issueNo);
  await awaitRoomToBet(page);
  const before = await balanceOf(page);
  const numbers = page.getByRole('textbox', { name: 'Numbers for row 1, separated by spaces' });

  // Đề on every two-digit number: exactly one matches the special prize (95x of 1.00).
  await page.getByRole('tab', { name: en.lottery.methods.vns_de }).click();
  await numbers.fill(Array.from({ length: 100 }, (_, i) => i).join(' '));
  await expect.poll(() => byId(page, 'lottery-slip-summary').innerText()).toContain('100 tickets · cost 100.00');
  await page.getByRole('button', { name: en.lottery.placeBet }).click();
  await expect
    .poll(() => page.locator('.lottery__placed').innerText())
    .toBe(`Bet placed on issue ${issue.issueNo} for 100.00`);
  // Lô on 27: a point costs 18 (the south's 18 prizes) and pays 95 for every prize ending in 27.
  await page.getByRole('tab', { name: en.lottery.methods.vns_lo2 }).click();
  await numbers.fill('27');
  await expect.poll(() => byId(page, 'lottery-slip-summary').innerText()).toContain('1 tickets · cost 18.00');
  await page.getByRole('button', { name: en.lottery.placeBet }).click();
  await expect
    .poll(() => page.locator('.lottery__placed').innerText())
    .toBe(`Bet placed on issue ${issue.issueNo} for 18.00`);
  await eventually(() => balanceOf(page)).toBe(before - 11_800);
  await page.context().close();

  // The test clock goes to the southern draw (16:15 in Vietnam); the member comes back and logs in again.
  await suite.platform.clock.moveTo(Date.parse(issue.drawAt!) + 2_000);
  const back = await memberTab('/vnLottery?gameCode=vn-south');
  // The day's group of the region's results (one station drawn here: the engine runs vn-south only).
  const row = back.locator('.lottery__results tbody').filter({ hasText: issue.issueNo });
  await row.waitFor({ timeout: 90_000 });
  const balls = await row.locator('.lottery__ball').allInnerTexts();
  expect(balls).toHaveLength(18);
  const hits = balls.filter((ball) => Number(ball) % 100 === 27).length;
  const mine = byId(back, 'lottery-my-bets').locator('tbody tr').filter({ hasText: issue.issueNo });
  await eventually(async () => (await mine.locator('.lottery__status').allInnerTexts()).sort(), 30_000).toEqual(
    [hits > 0 ? `Won ${(95 * hits).toFixed(2)}` : 'No win', 'Won 95.00'].sort(),
  );
  await eventually(() => balanceOf(back), 30_000).toBe(before - 11_800 + 9_500 + 9_500 * hits);
  await back.context().close();
});
