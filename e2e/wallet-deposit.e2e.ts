import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { API } from '@platform/contracts';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { openPage } from './support/browser';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

const suite = usePlatformAndBrowser();

const byId = (page: Page, id: string) => page.getByTestId(id);

/** Every tab of the context starts signed in (the token lives in each tab's session storage, as after a login). */
const signIn = async (context: BrowserContext, token: string) => {
  await context.addInitScript(
    ({ token: t }) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', t);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
      }
    },
    { token },
  );
};

const ready = async (page: Page, path: string) => {
  await page.goto(path);
  await byId(page, 'page-loader').waitFor({ state: 'detached' });
};

describe('deposit through the demo gateway', () => {
  it('credits the wallet after paying on the gateway page, and the other tab’s header updates without reload', async () => {
    const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
    const { page: tabA, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl);
    await signIn(tabA.context(), token);
    await ready(tabA, '/');
    const balanceA = byId(tabA, 'header-balance');
    await expect.poll(() => balanceA.innerText()).toMatch(/0\.00/);
    const before = await balanceA.innerText();
    // A reload would lose this mark: the new balance must arrive over the realtime socket.
    await tabA.evaluate(() => Object.assign(window, { depositE2eMark: true }));

    const tabB = await tabA.context().newPage();
    await ready(tabB, '/member?page=depositv2');
    await byId(tabB, 'deposit-channel-GATEWAY').click();
    await byId(tabB, 'deposit-amount').fill('100');
    await byId(tabB, 'deposit-submit').click();
    await byId(tabB, 'confirm-ok').click();

    // The gateway's own page, outside the app.
    await tabB.waitForURL(/\/demo-gateway\/pay\//);
    expect(await byId(tabB, 'demo-gateway-amount').innerText()).toContain('100.00');
    await byId(tabB, 'demo-gateway-pay').click();

    // Back in the member centre, on the order just paid.
    await tabB.waitForURL(/\/member\?page=depositv2&order=D/);
    const returned = byId(tabB, 'deposit-returned-order');
    await returned.getByText(en.deposit.status.PAID).waitFor();
    await byId(tabB, 'deposit-orders').getByText(en.deposit.status.PAID).first().waitFor();

    await expect.poll(() => balanceA.innerText(), { timeout: 15_000 }).toMatch(/100\.00/);
    expect(await balanceA.innerText()).not.toBe(before);
    expect(await tabA.evaluate(() => 'depositE2eMark' in window)).toBe(true);
    expect(consoleErrors).toEqual([]);
    await tabA.context().close();
  });

  it('refuses a trial member a deposit, with the translated message', async () => {
    const { page } = await openPage(suite.browser, suite.platform.baseUrl, {
      extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.77' },
    });
    await ready(page, '/login');
    await byId(page, 'login-dialog').waitFor();
    await byId(page, 'login-freeplay').click();
    await byId(page, 'user-menu-trigger').waitFor();

    await page.goto('/member?page=depositv2');
    const dialog = byId(page, 'trial-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(en.trial.message);
    expect(await byId(page, 'deposit-form').count()).toBe(0);

    // The server refuses as well, whatever the page shows.
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const channels = await fetch(`${suite.platform.baseUrl}${API.deposit.channels}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const channelId = ((await channels.json()) as { value: { list: { id: string }[] } }).value.list[0]?.id;
    const res = await fetch(`${suite.platform.baseUrl}${API.deposit.orders}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ channelId, amount: '100', requestId: 'e2e-trial-deposit-1' }),
    });
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([403, 'TRIAL_FORBIDDEN']);
    await page.context().close();
  });
});
