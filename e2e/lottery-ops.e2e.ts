import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OPS_API } from '@platform/contracts';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { openPage } from './support/browser';
import { opsLogin } from './support/ops';
import { amountIn, byId, eventually, headerAmount, ready } from './support/page';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

/**
 * The lottery back office in the browser (issue 23, ADR 0048): staff in /ops suspend a game and the member's betting
 * view says it is closed; staff cancel the issue the member bet on and the stake comes back to the header balance
 * through the RGS's refund (a seamless rollback); the issue's profit and loss shows the stake and its refund. The
 * daily 5D game is used: its window is open all day but for the 15 minutes before 13:30 UTC.
 */
const GAME = 'lott-d5-daily';
const suite = usePlatformAndBrowser({ rgs: true, connectVendors: true, lotteries: [GAME] });

beforeAll(async () => {
  const funded = await suite.platform.staff('POST', OPS_API.adjustments, {
    username: 'demo_member',
    direction: 'CREDIT',
    amount: '500.00',
    reason: 'e2e lottery ops funding',
    requestId: 'e2e-lottery-ops-fund-1',
  });
  expect(funded.status).toBe(200);
});

const balanceOf = async (page: Page) => Math.round(Number(amountIn(await headerAmount(page)).replace(/,/g, '')) * 100);

const memberTab = async (path: string) => {
  const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
  const opened = await openPage(suite.browser, suite.platform.baseUrl, {
    extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.232' },
  });
  await opened.page.context().addInitScript((t) => {
    if (!sessionStorage.getItem('token')) {
      sessionStorage.setItem('token', t);
      sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
    }
  }, token);
  await ready(opened.page, path);
  return opened.page;
};

const staffTab = async () => {
  const opened = await openPage(suite.browser, suite.platform.baseUrl);
  await opsLogin(opened.page, suite.platform.baseUrl, 'ops_admin', undefined, '/games/lottery');
  await opened.page.getByTestId('lotteries-row').first().waitFor();
  return opened.page;
};

it('suspends a game for players, cancels an issue with its bet refunded, and shows the issue’s profit and loss', async () => {
  const ops = await staffTab();
  await ops.getByTestId(`lottery-suspend-${GAME}`).click();
  await ops.getByTestId('lottery-suspend-dialog-reason').fill('Results feed check');
  await ops.getByTestId('lottery-suspend-dialog-confirm').click();
  await eventually(() => ops.getByTestId(`lottery-state-${GAME}`).innerText()).toContain('Suspended');

  // The member sees the game closed: a notice, and no bet can be placed.
  const member = await memberTab(`/lottery?gameCode=${GAME}`);
  await byId(member, 'lottery-suspended').waitFor();
  expect(await byId(member, 'lottery-suspended').innerText()).toBe(en.lottery.suspended);

  await ops.getByTestId(`lottery-resume-${GAME}`).click();
  await eventually(() => ops.getByTestId(`lottery-state-${GAME}`).innerText()).toContain('Taking bets');

  // The member bets (every first digit of the 5D position bet: 10 tickets of 2.00).
  await member.reload();
  await member.locator('.lottery__head').getByRole('timer').waitFor();
  expect(await byId(member, 'lottery-suspended').count()).toBe(0);
  const before = await balanceOf(member);
  await member.getByRole('tab', { name: en.lottery.methods.d5_position }).click();
  const firstRow = member.locator('.lottery__row').first();
  for (let digit = 0; digit <= 9; digit += 1) {
    await firstRow.getByRole('button', { name: String(digit), exact: true }).click();
  }
  await member.getByRole('button', { name: en.lottery.placeBet }).click();
  const placed = member.locator('.lottery__placed');
  await placed.waitFor({ timeout: 30_000 });
  const issueNo = /issue (\d{11,12})/.exec(await placed.innerText())![1]!;
  await eventually(() => balanceOf(member)).toBe(before - 2000);

  // Staff cancel that issue from the results history.
  await ops.getByTestId(`lottery-pick-${GAME}`).click();
  await ops.getByTestId('lottery-tab-results').click();
  const cancel = ops.getByTestId(`lottery-cancel-${issueNo}`);
  await cancel.waitFor();
  await cancel.click();
  await ops.getByTestId('lottery-cancel-dialog-reason').fill('Draw machine fault');
  await ops.getByTestId('lottery-cancel-dialog-confirm').click();
  await eventually(() => ops.getByTestId(`lottery-issue-state-${issueNo}`).innerText()).toContain('Cancelled');

  // The refund reaches the member's header balance.
  await member.reload();
  await eventually(() => balanceOf(member), 30_000).toBe(before);

  // Profit and loss: the stake, no payout, the refund, and nothing left for the house.
  await ops.getByTestId('lottery-tab-pnl').click();
  const net = ops.getByTestId(`lottery-pnl-net-${issueNo}`);
  await net.waitFor();
  const row = ops.getByTestId('lottery-pnl-row').filter({ hasText: issueNo });
  expect(await row.innerText()).toMatch(/20\.00[\s\S]*0\.00[\s\S]*20\.00/);
  expect(await net.innerText()).toBe('0.00');

  // Each staff action is in the audit log.
  const audit = await suite.platform.staff('GET', `${OPS_API.audit}?action=lottery`);
  const actions = JSON.stringify(audit.json.value);
  for (const action of ['lottery.suspend', 'lottery.resume', 'lottery.issue.cancel']) expect(actions).toContain(action);
  await member.context().close();
  await ops.context().close();
});
