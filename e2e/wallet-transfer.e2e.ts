import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API, sealPayload, type PublicKeyInfo, OPS_API } from '@platform/contracts';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { openPage } from './support/browser';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

const suite = usePlatformAndBrowser();

const byId = (page: Page, id: string) => page.getByTestId(id);
const PAY = '739146';

/** PUT the first payment password over the API, sealed as the web app seals it. */
const setPaymentPassword = async (token: string, loginPassword: string) => {
  const key = (
    (await (await fetch(`${suite.platform.baseUrl}${API.system.publicKey}`)).json()) as { value: PublicKeyInfo }
  ).value;
  const body = await sealPayload(key, { loginPassword, newPaymentPassword: PAY, confirmPaymentPassword: PAY });
  const response = await fetch(`${suite.platform.baseUrl}${API.member.paymentPassword}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
};

/** A tab signed in with `token` (session storage, as after a login) on `path`. */
const signedInPage = async (token: string, type: number, path: string) => {
  const watched = await openPage(suite.browser, suite.platform.baseUrl);
  await watched.page.context().addInitScript(
    ({ token: t, type: kind }) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', t);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: kind }));
      }
    },
    { token, type },
  );
  await watched.page.goto(path);
  await byId(watched.page, 'page-loader').waitFor({ state: 'detached' });
  return watched;
};

/** The account record's rows as [type text, signed amount, balance after]. */
const recordRows = async (page: Page) => {
  await byId(page, 'records-table').waitFor();
  const rows = await byId(page, 'records-row').all();
  return Promise.all(
    rows.map(async (row) => [
      await row.locator('td').nth(1).innerText(),
      await byId(row as unknown as Page, 'records-amount').innerText(),
      await byId(row as unknown as Page, 'records-balance').innerText(),
    ]),
  );
};

describe('transfer to the upline and the account record', () => {
  it('sends money up in the UI, and both sides see the row with the right balance after', async () => {
    const token = await apiLogin(suite.platform.baseUrl, 'demo_downline', 'Demo#2026');
    await setPaymentPassword(token, 'Demo#2026');
    const funded = await suite.platform.staff('POST', OPS_API.adjustments, {
      username: 'demo_downline',
      direction: 'CREDIT',
      amount: '80.00',
      reason: 'e2e funding',
      requestId: 'e2e-transfer-funding-1',
    });
    expect(funded.status).toBe(200);

    const { page, consoleErrors } = await signedInPage(token, 0, '/member?page=transferUpline');
    await expect.poll(() => byId(page, 'transfer-upline-name').innerText()).toContain('demo_subagent');
    await byId(page, 'transfer-upline-amount').fill('30');
    await byId(page, 'transfer-upline-password').fill(PAY);
    await byId(page, 'transfer-upline-submit').click();
    await byId(page, 'transfer-upline-confirm').click();
    await page.getByText('30.00 sent to demo_subagent').waitFor();
    await expect.poll(() => byId(page, 'header-balance').innerText(), { timeout: 15_000 }).toMatch(/50\.00/);

    await page.goto('/member?page=transactionHistory');
    await expect
      .poll(() => recordRows(page))
      .toEqual([
        [en.records.codes.TRANSFER_UPLINE, '-30.00', '50.00'],
        [en.records.codes.CORRECTION, '+80.00', '80.00'],
      ]);
    await byId(page, 'records-type').selectOption('DEPOSIT');
    await byId(page, 'records-empty').waitFor();
    expect(consoleErrors).toEqual([]);
    await page.context().close();

    const agentToken = await apiLogin(suite.platform.baseUrl, 'demo_subagent', 'Agent#2026', 'agent');
    const agent = await signedInPage(agentToken, 2, '/member?page=transactionHistory');
    await expect.poll(() => recordRows(agent.page)).toEqual([[en.records.codes.TRANSFER_UPLINE, '+30.00', '30.00']]);
    await agent.page.context().close();
  });
});
