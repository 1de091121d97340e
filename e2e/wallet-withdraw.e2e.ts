import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API, sealPayload, type PublicKeyInfo, OPS_API } from '@platform/contracts';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { openPage } from './support/browser';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

const suite = usePlatformAndBrowser();

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const byId = (page: Page, id: string) => page.getByTestId(id);

/** A member call as the web app makes it: JSON, or sealed for the server's key where the spec says "E". */
const memberCall = async (token: string, method: 'PUT' | 'POST', path: string, body: unknown, seal = false) => {
  let payload = body;
  if (seal) {
    const key = (await (await fetch(`${suite.platform.baseUrl}${API.system.publicKey}`)).json()) as {
      value: PublicKeyInfo;
    };
    payload = await sealPayload(key.value, body);
  }
  const res = await fetch(`${suite.platform.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  expect(res.status, await res.clone().text()).toBe(200);
};

describe('withdrawal', () => {
  it('holds the amount on request, is paid by staff, and the member confirms receipt with a proof image', async () => {
    const username = 'demo_member';
    const token = await apiLogin(suite.platform.baseUrl, username, 'Demo#2026');
    // What the member does once in the security centre: real name and payment password.
    await memberCall(token, 'PUT', API.member.profile, { payeeName: 'Demo Member' });
    await memberCall(
      token,
      'PUT',
      API.member.paymentPassword,
      { loginPassword: 'Demo#2026', newPaymentPassword: '739146', confirmPaymentPassword: '739146' },
      true,
    );
    const funded = await suite.platform.staff('POST', OPS_API.adjustments, {
      username,
      direction: 'CREDIT',
      amount: '500.00',
      reason: 'e2e funding',
      requestId: 'e2e-withdraw-fund-1',
    });
    expect(funded.status).toBe(200);

    const { page, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl);
    await page.context().addInitScript(
      ({ t }) => {
        if (!sessionStorage.getItem('token')) {
          sessionStorage.setItem('token', t);
          sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
        }
      },
      { t: token },
    );
    await page.goto('/member?page=withdraw');
    await byId(page, 'withdraw-page').waitFor();
    const header = byId(page, 'header-balance');
    await expect.poll(() => header.innerText()).toMatch(/500\.00/);

    // Bind an account: the holder name comes from the real name.
    expect(await byId(page, 'withdraw-holder-name').inputValue()).toBe('Demo Member');
    await byId(page, 'withdraw-bank-name').fill('GCash');
    await byId(page, 'withdraw-account-number').fill('0917 555 0101');
    await byId(page, 'withdraw-bind-submit').click();
    await byId(page, 'withdraw-account').first().waitFor();

    await byId(page, 'withdraw-amount').fill('120.50');
    await byId(page, 'withdraw-payment-password').fill('739146');
    await byId(page, 'withdraw-submit').click();
    await byId(page, 'confirm-ok').click();
    const order = byId(page, 'withdraw-order').first();
    await order.getByText(en.withdraw.status.PENDING).waitFor();
    await expect.poll(() => header.innerText(), { timeout: 15_000 }).toMatch(/379\.50/);
    const orderNo = await order.getAttribute('data-order-no');
    expect(orderNo).toMatch(/^W/);

    const paid = await suite.platform.staff('POST', OPS_API.withdrawalApprove.replace(':orderNo', orderNo ?? ''));
    expect(paid.status).toBe(200);
    await page.reload();
    await order.getByText(en.withdraw.status.PAID).waitFor();

    await byId(page, 'withdraw-confirm-open').click();
    const dialog = byId(page, 'withdraw-confirm-dialog');
    await dialog.waitFor();
    await byId(page, 'withdraw-receipt-PARTLY_RECEIVED').check();
    await byId(page, 'withdraw-receipt-note').fill('only part arrived');
    await byId(page, 'withdraw-proof-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await byId(page, 'withdraw-proof-preview').waitFor();
    await byId(page, 'withdraw-confirm-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await byId(page, 'withdraw-order-receipt').getByText(en.withdraw.receipt.PARTLY_RECEIVED).waitFor();
    expect(await byId(page, 'withdraw-confirm-open').count()).toBe(0);
    await expect.poll(() => header.innerText()).toMatch(/379\.50/);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
