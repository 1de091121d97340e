import { describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { API, OPS_API } from '@platform/contracts';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { openPage, type WatchedPage } from './support/browser';
import { apiLogin } from './support/session';
import { amountIn, byId, cardNamed, eventually, headerAmount, ready, shot } from './support/page';
import { usePlatformAndBrowser } from './support/suite';

/**
 * What a new player meets in the first minutes (issue 16): a game's free trial never touches real money, a page a game
 * opens in a new tab keeps the player logged in, and a cashier's decision reaches an open deposit page without reload.
 */
const suite = usePlatformAndBrowser({ rgs: true });
let clientNumber = 120;
/**
 * A tab logged in as `username`: the token is written into this tab's session storage only (as a login does), not into
 * every tab of the browser, so a tab opened later starts with whatever the app hands it.
 */
const memberTab = async (
  username: string,
  password: string,
  path: string,
): Promise<WatchedPage & { token: string }> => {
  const token = await apiLogin(suite.platform.baseUrl, username, password);
  clientNumber += 1;
  const watched = await openPage(suite.browser, suite.platform.baseUrl, {
    extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${clientNumber}` },
  });
  await ready(watched.page, '/');
  await watched.page.evaluate((t) => {
    sessionStorage.setItem('token', t);
    sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
  }, token);
  await ready(watched.page, path);
  await byId(watched.page, 'user-menu-trigger').waitFor();
  return { ...watched, token };
};

let funding = 0;
const fund = async (username: string, amount: string) => {
  funding += 1;
  const answer = await suite.platform.staff('POST', OPS_API.adjustments, {
    ...{ username, direction: 'CREDIT', amount, reason: 'e2e player flows' },
    requestId: `e2e-flows-fund-${funding}`,
  });
  expect(answer.status).toBe(200);
};

const apiBalance = async (token: string): Promise<string> => {
  const res = await fetch(`${suite.platform.baseUrl}${API.wallet.balance}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { value: { balance: string } }).value.balance;
};

const gameFrame = async (page: Page): Promise<FrameLocator> => {
  const frame = page.frameLocator('[data-testid="seamless-frame"]');
  await frame.getByTestId('balance').waitFor({ timeout: 20_000 });
  return frame;
};

describe('a game card’s free trial', () => {
  it('free trial as a member leaves the real balance as it was', async () => {
    await fund('demo_member', '250.00');
    const { page, token, consoleErrors } = await memberTab('demo_member', 'Demo#2026', '/rng?vassalage=RGS');
    const realBefore = await apiBalance(token);
    const headerBefore = await headerAmount(page);
    expect(headerBefore).toBe(amountIn(realBefore.replace(/\B(?=(\d{3})+(?!\d))/g, ',')));

    await cardNamed(page, 'Lucky Lanterns').getByTestId('game-card-trial').click();
    await page.waitForURL(/\/seamless\?game=\d+&demo=1/);
    await byId(page, 'seamless-demo').waitFor();
    const frame = await gameFrame(page);
    // The demo mode: the game says it plays with play money, from a balance that is not the member's cash.
    await frame.getByTestId('play-money').waitFor();
    const playBefore = amountIn(await frame.getByTestId('balance').innerText());
    await frame.getByTestId('spin').click();
    await eventually(() => frame.getByTestId('round-row').count()).toBe(1);
    const totalBet = amountIn(await frame.getByTestId('total-bet').innerText());
    expect(totalBet).not.toBe('0.00');
    await page.screenshot({ path: shot('free-trial-member.png') });

    await byId(page, 'seamless-back').click();
    await page.waitForURL((url) => url.pathname === '/rng');
    // The round was played (on play money), and the cash did not move: by the API and in the header.
    expect(playBefore).not.toBe(headerBefore);
    expect(await apiBalance(token)).toBe(realBefore);
    await page.reload();
    expect(await headerAmount(page)).toBe(headerBefore);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('offers a guest free play before anything else', async () => {
    clientNumber += 1;
    const { page } = await openPage(suite.browser, suite.platform.baseUrl, {
      extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${clientNumber}` },
    });
    await ready(page, '/rng?vassalage=RGS');
    await cardNamed(page, 'Lucky Lanterns').getByTestId('game-card-trial').click();
    const offer = byId(page, 'login-freeplay-offer');
    await offer.waitFor();
    expect(await offer.innerText()).toContain(en.auth.freePlayOffer);
    await offer.getByTestId('login-freeplay').click();
    await byId(page, 'user-menu-trigger').waitFor();
    await page.context().close();
  });
});

describe('tabs the app opens', () => {
  it('the verify link opens logged in', async () => {
    const { page } = await memberTab('demo_member', 'Demo#2026', '/rng?vassalage=RGS');
    await cardNamed(page, 'Lucky Lanterns').getByTestId('game-card-start').click();
    const frame = await gameFrame(page);
    await frame.getByTestId('spin').click();
    await eventually(() => frame.getByTestId('round-row').count()).toBeGreaterThan(0);
    await frame.getByTestId('rotate-seed').click();
    const link = frame.getByTestId('round-row').first().getByTestId('verify-link');
    await link.waitFor();

    const opened = page.context().waitForEvent('page');
    await link.click();
    const verifyTab = await opened;
    await verifyTab.waitForURL(/\/verify\?/);
    await byId(verifyTab, 'verify-result').waitFor({ timeout: 20_000 });
    await byId(verifyTab, 'user-menu-trigger').waitFor();
    // The handoff key left the address as soon as it was read.
    expect(new URL(verifyTab.url()).hash).toBe('');
    expect(await verifyTab.evaluate(() => sessionStorage.getItem('token'))).toBe(
      await page.evaluate(() => sessionStorage.getItem('token')),
    );
    await verifyTab.screenshot({ path: shot('verify-tab-logged-in.png') });

    // A tab the player opens by hand is not one the app opened: it starts logged out (the spec's session storage).
    const byHand = await page.context().newPage();
    await ready(byHand, '/verify');
    await byId(byHand, 'header-login').waitFor();
    expect(await byHand.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });
});

describe('cashier decisions', () => {
  it("a cashier approval changes the player's open deposit page without reload", async () => {
    const { page, token, consoleErrors } = await memberTab('demo_downline', 'Demo#2026', '/member?page=depositv2');
    const channels = await fetch(`${suite.platform.baseUrl}${API.deposit.channels}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const list = ((await channels.json()) as { value: { list: { id: string; kind: string }[] } }).value.list;
    const manual = list.find((channel) => channel.kind === 'MANUAL_BANK');
    const created = await fetch(`${suite.platform.baseUrl}${API.deposit.orders}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ channelId: manual?.id, amount: '150.00', requestId: 'e2e-flows-deposit-1' }),
    });
    const orderNo = ((await created.json()) as { value: { orderNo: string } }).value.orderNo;
    await page.reload();
    const row = byId(page, `deposit-order-${orderNo}`);
    await row.getByText(en.deposit.status.PENDING).waitFor();
    const headerBefore = await headerAmount(page);
    await page.evaluate(() => Object.assign(window, { flowsE2eMark: true }));

    const approved = await suite.platform.staff('POST', OPS_API.depositApprove.replace(':orderNo', orderNo));
    expect(approved.status).toBe(200);

    await row.getByText(en.deposit.status.APPROVED).waitFor({ timeout: 15_000 });
    const toast = byId(page, 'toast').filter({ hasText: orderNo });
    await toast.waitFor();
    expect(await toast.innerText()).toContain(en.deposit.notify.APPROVED.replace('{{orderNo}}', orderNo));
    await eventually(() => headerAmount(page)).not.toBe(headerBefore);
    expect(await page.evaluate(() => 'flowsE2eMark' in window)).toBe(true);
    await page.screenshot({ path: shot('deposit-approved-live.png') });
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
