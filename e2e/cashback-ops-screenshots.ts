/**
 * Screenshots of a cashback promotion in the back office (ADR 0043): the promotions list with the demo's daily cashback
 * and a weekly cash one, and the promotion form with CASHBACK chosen (its top, its reward fields paid as a bonus, and
 * paid as cash), at a phone's and a laptop's size, EN light and TY dark, into the directory given as the first
 * argument (default /tmp/shots-cashback). Run after `npm run build`: `npx tsx e2e/cashback-ops-screenshots.ts <dir>`.
 * Not a test: the form's behaviour is in apps/ops promotions.test.tsx.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { OPS_API } from '@platform/contracts';
import { launchBrowser, openPage } from './support/browser';
import { phone } from './support/layout';
import { DEMO_STAFF_PASSWORD, freshTotpCode } from './support/ops';
import { startPlatform } from './support/platform';

const OUT = process.argv[2] ?? '/tmp/shots-cashback';
const DESK: BrowserContextOptions = { viewport: { width: 1366, height: 768 } };
const VARIANTS = [
  { name: '1366-en-light', options: DESK, language: 'EN', theme: 'light' },
  { name: '1366-ty-dark', options: DESK, language: 'TY', theme: 'dark' },
  { name: '390-en-light', options: phone(390, 844), language: 'EN', theme: 'light' },
  { name: '390-ty-dark', options: phone(390, 844), language: 'TY', theme: 'dark' },
] as const;

const platform = await startPlatform();
const browser = await launchBrowser();
const settle = (page: Page) => page.waitForTimeout(500);
/** Scrolls the dialog so that the element's top sits near the dialog's top. */
const scrollTo = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => el.scrollIntoView({ block: 'start' }));
try {
  mkdirSync(OUT, { recursive: true });
  // A weekly cashback paid as cash beside the demo's daily one: the list shows both rates and windows.
  const created = await platform.staff('POST', OPS_API.promotions, {
    ...{ kind: 'CASHBACK', title: { EN: 'Weekly cashback 7.5%', TY: 'Lingguhang cashback 7.5%' } },
    ...{ terms: { EN: '7.5% of last week’s net loss, from 25.00, up to 50.00, paid as cash.' }, audience: 'EVERYONE' },
    ...{ startsAt: new Date(Date.now() - 3_600_000).toISOString(), endsAt: null, perMemberLimit: 1, totalLimit: null },
    ...{ bonus: null, percent: 7.5, maxBonus: '50.00', minDeposit: null, turnoverMultiple: 0, turnoverBase: 'BONUS' },
    ...{ weights: {}, defaultWeight: 100, maxBet: null, maxConversion: null, expiryHours: 168, onWithdraw: 'FORFEIT' },
    ...{ cashbackWindow: 'WEEKLY', cashbackPayAs: 'CASH', cashbackMinLoss: '25.00' },
  });
  if (created.status !== 200) throw new Error(`cashback not created: ${JSON.stringify(created.json)}`);

  for (const variant of VARIANTS) {
    const { page } = await openPage(browser, platform.baseUrl, variant.options);
    await page.context().addInitScript(
      ({ language, theme }) => {
        localStorage.setItem('ops.language', language);
        localStorage.setItem('ops.theme', theme);
      },
      { language: variant.language, theme: variant.theme },
    );
    await page.goto(`${platform.baseUrl}/ops/promotions`);
    await page.getByTestId('sign-in-username').fill('ops_content');
    await page.getByTestId('sign-in-password').fill(DEMO_STAFF_PASSWORD);
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('mfa-code').fill(await freshTotpCode('ops_content'));
    await page.getByTestId('mfa-submit').click();
    await page.getByTestId('promotions-row').first().waitFor();
    await settle(page);
    await page.screenshot({ path: join(OUT, `ops-promotions-${variant.name}.png`) });

    await page.getByTestId('promotion-create').click();
    const dialog = page.getByTestId('promotion-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('promotion-kind').selectOption('CASHBACK');
    await dialog.getByTestId('promotion-title-EN').fill('Daily cashback 10%');
    await settle(page);
    await page.screenshot({ path: join(OUT, `ops-cashback-form-top-${variant.name}.png`) });
    // The reward fields, paid as a bonus (with its turnover), then as cash (none).
    await dialog.getByTestId('promotion-percent').fill('10');
    await dialog.getByTestId('promotion-maxBonus').fill('100.00');
    await dialog.getByTestId('promotion-cashbackMinLoss').fill('10.00');
    await scrollTo(page, '[data-testid="promotion-dialog"] fieldset');
    await settle(page);
    await page.screenshot({ path: join(OUT, `ops-cashback-form-bonus-${variant.name}.png`) });
    await dialog.getByTestId('promotion-cashbackPayAs').selectOption('CASH');
    await dialog.getByTestId('promotion-percent').fill('150');
    await dialog.getByTestId('promotion-submit').click();
    await dialog.getByTestId('field-error').first().waitFor();
    await scrollTo(page, '[data-testid="promotion-dialog"] fieldset');
    await settle(page);
    await page.screenshot({ path: join(OUT, `ops-cashback-form-cash-${variant.name}.png`) });
    await page.context().close();
    console.log(variant.name);
  }
} finally {
  await browser.close();
  await platform.stop();
}
