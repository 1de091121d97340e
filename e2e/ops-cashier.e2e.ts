import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API, sealPayload, type PublicKeyInfo, OPS_API } from '@platform/contracts';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { openPage } from './support/browser';
import { opsLogin } from './support/ops';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

const suite = usePlatformAndBrowser();

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const MEMBER = 'demo_member';
const MEMBER_PASSWORD = 'Demo#2026';

const byId = (page: Page, id: string) => page.getByTestId(id);
const row = (page: Page, list: string, key: string) => page.locator(`[data-testid="${list}-row"][data-key="${key}"]`);

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

const balanceOf = async (token: string): Promise<string> => {
  const res = await fetch(`${suite.platform.baseUrl}${API.wallet.balance}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { value: { balance: string } }).value.balance;
};

/** The audit log as an owner reads it (GET /wps/ops/audit), newest first. */
const auditOf = async (query: Record<string, string>) => {
  const answer = await suite.platform.staff('GET', `${OPS_API.audit}?${new URLSearchParams(query).toString()}`);
  expect(answer.status).toBe(200);
  return (answer.json.value as { list: { action: string; staffUsername: string; reason: string | null }[] }).list;
};

/** The member's web app, signed in with `token`, at `path`. */
const memberPage = async (token: string, path: string) => {
  const watched = await openPage(suite.browser, suite.platform.baseUrl);
  await watched.page.context().addInitScript(
    ({ t }) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', t);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
      }
    },
    { t: token },
  );
  await watched.page.goto(path);
  return watched;
};

/** A staff member's own browser (each has their own session), signed in through the back office at `path`. */
const opsPage = async (username: string, path: string) => {
  const watched = await openPage(suite.browser, suite.platform.baseUrl);
  await opsLogin(watched.page, suite.platform.baseUrl, username, undefined, path);
  return watched;
};

describe('back office cashier', () => {
  it('pays a withdrawal the member requested, the member confirms receipt, and the approval is audited', async () => {
    const token = await apiLogin(suite.platform.baseUrl, MEMBER, MEMBER_PASSWORD);
    await memberCall(token, 'PUT', API.member.profile, { payeeName: 'Demo Member' });
    await memberCall(
      token,
      'PUT',
      API.member.paymentPassword,
      { loginPassword: MEMBER_PASSWORD, newPaymentPassword: '739146', confirmPaymentPassword: '739146' },
      true,
    );
    const funded = await suite.platform.staff('POST', OPS_API.adjustments, {
      username: MEMBER,
      direction: 'CREDIT',
      amount: '500.00',
      reason: 'e2e funding',
      requestId: 'e2e-ops-cashier-fund-1',
    });
    expect(funded.status).toBe(200);

    // The member asks for a withdrawal in the web app.
    const member = await memberPage(token, '/member?page=withdraw');
    const { page } = member;
    await byId(page, 'withdraw-page').waitFor();
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
    const orderNo = (await order.getAttribute('data-order-no')) ?? '';
    expect(orderNo).toMatch(/^W/);

    // A cashier approves it in the back office, with the member's context beside it.
    const cashier = await opsPage('ops_cashier', '/cashier/withdrawals');
    const ops = cashier.page;
    await row(ops, 'withdrawals', orderNo).getByTestId('withdrawal-select').click();
    await expect.poll(() => byId(ops, 'member-context-username').innerText()).toBe(MEMBER);
    expect(await byId(ops, 'member-context-frozen').innerText()).toContain('120.50');
    expect(await byId(ops, 'member-context-withdrawals-today').innerText()).toBe('1');
    await byId(ops, 'withdrawal-approve').click();
    const dialog = byId(ops, 'withdrawal-approve-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('120.50');
    expect(await dialog.innerText()).toContain(MEMBER);
    await byId(ops, 'withdrawal-approve-dialog-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await byId(ops, 'toast').getByText(orderNo).waitFor();

    // The member sees it paid and confirms receipt with a proof.
    await page.reload();
    await order.getByText(en.withdraw.status.PAID).waitFor();
    await byId(page, 'withdraw-confirm-open').click();
    await byId(page, 'withdraw-confirm-dialog').waitFor();
    await byId(page, 'withdraw-receipt-RECEIVED').check();
    await byId(page, 'withdraw-proof-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await byId(page, 'withdraw-proof-preview').waitFor();
    await byId(page, 'withdraw-confirm-submit').click();
    await byId(page, 'withdraw-confirm-dialog').waitFor({ state: 'detached' });
    await byId(page, 'withdraw-order-receipt').getByText(en.withdraw.receipt.RECEIVED).waitFor();

    // The cashier sees the receipt and its proof on the paid order.
    await ops.goto(`/ops/cashier/withdrawals?status=PAID&orderNo=${orderNo}`);
    await row(ops, 'withdrawals', orderNo).getByTestId('withdrawal-select').click();
    await expect.poll(() => byId(ops, 'withdrawal-detail-receipt').innerText()).toContain('Received');
    const proof = ops.locator('[data-testid="proof-image"] img');
    await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    const audit = await auditOf({ action: 'withdrawal.approve', targetId: orderNo });
    expect(audit.map((entry) => [entry.action, entry.staffUsername])).toEqual([['withdrawal.approve', 'ops_cashier']]);
    expect(member.consoleErrors).toEqual([]);
    expect(cashier.consoleErrors).toEqual([]);
    await page.context().close();
    await ops.context().close();
  }, 180_000);

  it('holds an adjustment above the threshold until a second staff member approves it, once', async () => {
    const token = await apiLogin(suite.platform.baseUrl, MEMBER, MEMBER_PASSWORD);
    const before = await balanceOf(token);

    // The cashier asks for 1,500.00: above the 1,000.00 threshold, the form says it will wait.
    const cashier = await opsPage('ops_cashier', '/cashier/adjustments');
    const ops = cashier.page;
    await byId(ops, 'adjustment-username').fill(MEMBER);
    await byId(ops, 'adjustment-amount').fill('1500.00');
    await byId(ops, 'adjustment-needs-approval').waitFor();
    await byId(ops, 'adjustment-reason').fill('lost bet refund, ticket 4411');
    await byId(ops, 'adjustment-submit').click();
    await byId(ops, 'toast').getByText('waits for a second approver').waitFor();
    const pending = byId(ops, 'adjustments-row').filter({ hasText: 'lost bet refund, ticket 4411' });
    await pending.waitFor();
    const id = (await pending.getAttribute('data-key')) ?? '';
    expect(id).toMatch(/^\d+$/);
    // A cashier may ask but not approve: no decision buttons, and the money has not moved.
    expect(await byId(ops, 'adjustment-approve').count()).toBe(0);
    expect(await balanceOf(token)).toBe(before);

    // Finance approves it after a confirmation naming the amount and the member.
    const finance = await opsPage('ops_finance', '/cashier/adjustments');
    const fin = finance.page;
    await row(fin, 'adjustments', id).getByTestId('adjustment-approve').click();
    const dialog = byId(fin, 'adjustment-approve-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('1,500.00');
    expect(await dialog.innerText()).toContain(MEMBER);
    await byId(fin, 'adjustment-approve-dialog-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await byId(fin, 'toast').waitFor();
    const raised = (Number(before) + 1500).toFixed(2);
    await expect.poll(() => balanceOf(token)).toBe(raised);

    // Finance's own request above the threshold: shown as theirs, with no approve button, and refused by the API.
    await byId(fin, 'adjustment-username').fill(MEMBER);
    await byId(fin, 'adjustment-amount').fill('2000.00');
    await byId(fin, 'adjustment-reason').fill('own request must wait');
    await byId(fin, 'adjustment-submit').click();
    const own = byId(fin, 'adjustments-row').filter({ hasText: 'own request must wait' });
    await own.getByTestId('adjustment-own').waitFor();
    expect(await own.getByTestId('adjustment-approve').count()).toBe(0);
    const ownId = (await own.getAttribute('data-key')) ?? '';
    const financeToken = await fin.evaluate(() => sessionStorage.getItem('ops.token'));
    const selfApproval = await fetch(`${suite.platform.baseUrl}${OPS_API.adjustmentApprove.replace(':id', ownId)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${financeToken ?? ''}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect([selfApproval.status, ((await selfApproval.json()) as { code: string }).code]).toEqual([
      403,
      'SELF_APPROVAL_FORBIDDEN',
    ]);
    expect(await balanceOf(token)).toBe(raised);

    const audit = await auditOf({ targetType: 'adjustment', targetId: id });
    expect(audit.map((entry) => [entry.action, entry.staffUsername]).reverse()).toEqual([
      ['adjustment.request', 'ops_cashier'],
      ['adjustment.approve', 'ops_finance'],
      ['adjustment.apply', 'ops_finance'],
    ]);
    expect(cashier.consoleErrors).toEqual([]);
    expect(finance.consoleErrors).toEqual([]);
    await ops.context().close();
    await fin.context().close();
  }, 180_000);
});
