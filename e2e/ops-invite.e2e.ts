import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { totpCode } from './support/ops';
import { usePlatformAndBrowser } from './support/suite';

const suite = usePlatformAndBrowser();

describe('back-office enrolment link', () => {
  it('sets the password, enrols TOTP and signs the new owner in, from the link create-owner prints', async () => {
    // What `npm run create-owner` stores: an owner nobody can sign in as, and the SHA-256 of the link's token.
    const token = randomBytes(32).toString('base64url');
    await suite.platform.sql(
      `WITH owner AS (
         INSERT INTO staff_accounts (merchant_id, username, display_name, password_hash, role)
         SELECT id, 'e2e_owner', 'E2E Owner', 'unusable', 'owner' FROM merchants WHERE code = 'demo'
         RETURNING id, merchant_id)
       INSERT INTO staff_invitations (staff_id, merchant_id, token_hash, created_at, expires_at)
       SELECT id, merchant_id, $1, now(), now() + interval '1 hour' FROM owner`,
      [createHash('sha256').update(token).digest()],
    );
    const { page, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl);
    await page.goto(`${suite.platform.baseUrl}/ops/sign-in#invite=${token}`);
    await page.getByTestId('invite-form').waitFor();
    // The token leaves the address bar at once (history, screenshots, a shared screen).
    expect(page.url()).not.toContain(token);
    await page.getByTestId('invite-password').fill('Owner2026pass');
    await page.getByTestId('invite-confirm').fill('Owner2026pass');
    await page.getByTestId('invite-submit').click();
    await page.getByTestId('enrol-qr').locator('svg').waitFor();
    const secret = (await page.getByTestId('enrol-secret').innerText()).replace(/\s+/g, '');
    await page.getByTestId('enrol-code').fill(totpCode(secret));
    await page.getByTestId('enrol-submit').click();
    await page.getByTestId('recovery-codes-list').locator('li').nth(9).waitFor();
    await page.getByTestId('recovery-codes-saved').check();
    await page.getByTestId('recovery-codes-continue').click();
    await page.getByTestId('header-staff').waitFor();
    expect(await page.getByTestId('header-role').innerText()).toBe('Owner');

    // The link works once.
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-form').waitFor();
    // Loaded afresh, as a link from a mail or a chat is (on the sign-in page, going to it only changes the fragment).
    await page.goto(`${suite.platform.baseUrl}/ops/sign-in#invite=${token}`);
    await page.reload();
    await page.getByTestId('invite-password').fill('Another2026pass');
    await page.getByTestId('invite-confirm').fill('Another2026pass');
    await page.getByTestId('invite-submit').click();
    expect(await page.getByTestId('invite-error').innerText()).toMatch(/expired or was already used/);
    expect(consoleErrors.filter((line) => !line.includes('400'))).toEqual([]);
  });
});
