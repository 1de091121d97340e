import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';

/** The demo staff (apps/server/src/db/seed-staff.ts): every account but ops_new is enrolled with this secret. */
export const DEMO_STAFF_PASSWORD = 'Ops#2026';
export const DEMO_STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const PERIOD_S = 30;

/** The TOTP code of a base32 secret at `ms` (SHA-1, 6 digits, 30 s), as an authenticator app shows it. */
export const totpCode = (secret: string, ms = Date.now()): string =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD_S }).generate({
    timestamp: ms,
  });

/** Which 30-s step each account last used: the server accepts a code once, so a second sign-in waits a step. */
const lastStep = new Map<string, number>();

/**
 * A fresh code for `username` (replay protection: a code works once per account and step). Waits for the next step
 * when this one was already used, or when it ends within 2 s (the code could expire in flight).
 */
export const freshTotpCode = async (
  username: string,
  secret = DEMO_STAFF_TOTP_SECRET,
  clock: () => number = Date.now,
): Promise<string> => {
  for (;;) {
    const now = clock();
    const step = Math.floor(now / 1000 / PERIOD_S);
    const left = (step + 1) * PERIOD_S * 1000 - now;
    if (lastStep.get(username.toLowerCase()) !== step && left > 2000) {
      lastStep.set(username.toLowerCase(), step);
      return totpCode(secret, now);
    }
    await new Promise((resolve) => setTimeout(resolve, left + 100));
  }
};

/** Marks a step as used by a sign-in made outside opsLogin (e.g. a test typing the code itself). */
export const markTotpUsed = (username: string, ms = Date.now()) =>
  lastStep.set(username.toLowerCase(), Math.floor(ms / 1000 / PERIOD_S));

/**
 * Signs a demo staff member into the back office through the UI (username, password, then a TOTP code of the demo
 * secret) and waits for the signed-in shell. Lands on the dashboard unless `path` (under /ops, e.g. '/staff') is
 * given: the sign-in page returns to it. For enrolled accounts only (not ops_new). `clock`: the platform's, when a
 * test moved it (the server checks the code at its own time).
 */
export const opsLogin = async (
  page: Page,
  baseUrl: string,
  username: string,
  password = DEMO_STAFF_PASSWORD,
  path = '/',
  clock: () => number = Date.now,
): Promise<void> => {
  await page.goto(`${baseUrl}/ops${path === '/' ? '/' : path}`);
  await page.getByTestId('sign-in-username').fill(username);
  await page.getByTestId('sign-in-password').fill(password);
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId('mfa-code').fill(await freshTotpCode(username, DEMO_STAFF_TOTP_SECRET, clock));
  await page.getByTestId('mfa-submit').click();
  await page.getByTestId('header-staff').waitFor();
};
