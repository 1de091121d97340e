import { describe, expect, it } from 'vitest';
import { OPS_API } from '@platform/contracts';
import type { Page } from 'playwright-core';
import { openPage } from './support/browser';
import { freshTotpCode, markTotpUsed, opsLogin, totpCode } from './support/ops';
import { usePlatformAndBrowser } from './support/suite';

const suite = usePlatformAndBrowser();

const PASSWORD = 'Ops#2026';

const signInWithPassword = async (page: Page, username: string) => {
  await page.goto(`${suite.platform.baseUrl}/ops/`);
  await page.getByTestId('sign-in-username').fill(username);
  await page.getByTestId('sign-in-password').fill(PASSWORD);
  await page.getByTestId('sign-in-submit').click();
};

const signOut = async (page: Page) => {
  await page.getByTestId('sign-out').click();
  await page.getByTestId('sign-in-form').waitFor();
  expect(await page.evaluate(() => sessionStorage.getItem('ops.token'))).toBeNull();
};

describe('back-office sign-in', () => {
  it('enrols TOTP on first sign-in, saves the recovery codes, and signs in again with a code or a recovery code once', async () => {
    const { page, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl);

    // First sign-in of ops_new: the enrolment step, with the secret to type into an authenticator app.
    await signInWithPassword(page, 'ops_new');
    await page.getByTestId('enrol-qr').locator('svg').waitFor();
    const secret = (await page.getByTestId('enrol-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByTestId('enrol-code').fill(totpCode(secret));
    markTotpUsed('ops_new');
    await page.getByTestId('enrol-submit').click();

    // The recovery codes, once; the session starts only after "I have saved them".
    // The list renders when the enrolment answer arrives, so wait for its tenth code before reading them.
    const codeItems = page.getByTestId('recovery-codes-list').locator('li');
    await codeItems.nth(9).waitFor();
    const codes = await codeItems.allInnerTexts();
    expect(codes).toHaveLength(10);
    expect(await page.getByTestId('recovery-codes-continue').isDisabled()).toBe(true);
    const download = page.waitForEvent('download');
    await page.getByTestId('recovery-codes-download').click();
    expect((await download).suggestedFilename()).toBe('recovery-codes-ops_new.txt');
    await page.getByTestId('recovery-codes-saved').check();
    await page.getByTestId('recovery-codes-continue').click();
    await page.getByTestId('header-staff').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/ops\/?$/);
    expect(await page.getByTestId('header-role').innerText()).toBe('Support');

    // Signed out, then in again with a code from the new secret.
    await signOut(page);
    await signInWithPassword(page, 'ops_new');
    await page.getByTestId('mfa-code').fill(await freshTotpCode('ops_new', secret));
    await page.getByTestId('mfa-submit').click();
    await page.getByTestId('header-staff').waitFor();
    await signOut(page);

    // A wrong code is refused with a message, and the staff member stays on the code step.
    await signInWithPassword(page, 'ops_new');
    const current = totpCode(secret);
    await page.getByTestId('mfa-code').fill(current === '000000' ? '111111' : '000000');
    await page.getByTestId('mfa-submit').click();
    expect(await page.getByTestId('mfa-error').innerText()).toContain('not correct');
    expect(await page.getByTestId('mfa-code').isVisible()).toBe(true);

    // A recovery code works...
    await page.getByTestId('mfa-toggle-recovery').click();
    await page.getByTestId('mfa-recovery-code').fill(codes[0] ?? '');
    await page.getByTestId('mfa-submit').click();
    await page.getByTestId('header-staff').waitFor();
    await signOut(page);

    // ...once.
    await signInWithPassword(page, 'ops_new');
    await page.getByTestId('mfa-toggle-recovery').click();
    await page.getByTestId('mfa-recovery-code').fill(codes[0] ?? '');
    await page.getByTestId('mfa-submit').click();
    expect(await page.getByTestId('mfa-error').innerText()).toContain('not correct');
    expect(await page.evaluate(() => sessionStorage.getItem('ops.token'))).toBeNull();

    // The enrolment and each of the three sign-ins are in the audit log (newest first), by ops_new from its address.
    // Sign-outs are audited too, but the app does not wait for its logout call, so they are not counted here.
    const audit = await suite.platform.staff('GET', `${OPS_API.audit}?staff=ops_new&action=staff.`);
    expect(audit.status).toBe(200);
    const entries = (audit.json.value as { list: Array<{ action: string; staffUsername: string; ip: string }> }).list;
    const signIns = entries.map((entry) => entry.action).filter((action) => action !== 'staff.logout');
    expect(signIns.reverse()).toEqual(['staff.mfa.enrol', 'staff.login', 'staff.login', 'staff.login']);
    expect(entries.every((entry) => entry.staffUsername === 'ops_new' && entry.ip !== '')).toBe(true);

    // Refused sign-in attempts answer 401; anything else on the console is a bug.
    expect(consoleErrors.filter((line) => !line.includes('401'))).toEqual([]);
    await page.context().close();
  });

  it('hides the Staff section from a cashier and answers its URL with the 403 page', async () => {
    const { page, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl);
    await opsLogin(page, suite.platform.baseUrl, 'ops_cashier');
    await page.getByTestId('nav-dashboard').waitFor();
    expect(await page.getByTestId('nav-staff').count()).toBe(0);
    await page.goto(`${suite.platform.baseUrl}/ops/staff`);
    await page.getByTestId('forbidden-page').waitFor();
    expect(await page.getByTestId('header-role').innerText()).toBe('Cashier');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('shows the Staff section to an owner, who sees the demo staff', async () => {
    const { page, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl);
    await opsLogin(page, suite.platform.baseUrl, 'ops_owner', undefined, '/staff');
    await page.getByTestId('staff-list').waitFor();
    expect(new URL(page.url()).pathname).toBe('/ops/staff');
    await page.getByTestId('staff-list-row').filter({ hasText: 'ops_cashier' }).waitFor();
    expect(await page.getByTestId('staff-list-row').count()).toBeGreaterThanOrEqual(8);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
