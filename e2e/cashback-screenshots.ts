/**
 * Screenshots of issue 20's player side (ADR 0043): the reward centre with a cashback, a birthday bonus and a claimed
 * promotion bonus, the VIP page with deposits, birthday bonuses and withdrawal limits per level, and the withdrawal
 * refused by the level's daily count, at a phone's and a laptop's size, EN and TY, light and dark, into SHOTS_DIR
 * (default: a folder in the temp directory). Run after `npm run build`: `npx tsx e2e/cashback-screenshots.ts`.
 * Not a test: the flows are in cashback.e2e.ts.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { API, OPS_API, sealPayload, type PublicKeyInfo } from '@platform/contracts';
import { launchBrowser, openPage } from './support/browser';
import { phone } from './support/layout';
import { startPlatform } from './support/platform';
import { apiLogin, signInPage } from './support/session';

const OUT = process.env.SHOTS_DIR ?? join(tmpdir(), 'cashback-screenshots');
const DESK: BrowserContextOptions = { viewport: { width: 1366, height: 768 } };
const VARIANTS = (['EN', 'TY'] as const).flatMap((language) =>
  (['light', 'dark'] as const).flatMap((theme) => [
    { name: `390-${language.toLowerCase()}-${theme}`, options: phone(390, 844), language, theme },
    { name: `1366-${language.toLowerCase()}-${theme}`, options: DESK, language, theme },
  ]),
);

const platform = await startPlatform();
const browser = await launchBrowser();
const call = async (token: string, method: string, path: string, body?: unknown, seal = false) => {
  let payload = body;
  if (seal) {
    const key = (await (await fetch(`${platform.baseUrl}${API.system.publicKey}`)).json()) as { value: PublicKeyInfo };
    payload = await sealPayload(key.value, body);
  }
  return fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(payload) }),
  });
};
try {
  mkdirSync(OUT, { recursive: true });
  // demo_member: the seeded cashback, its birthday bonus (birthday today, level 0's 2.00), the free 8.88 claimed,
  // 6,000.00 of deposits by the back office's approval (VIP levels by deposits on the page), and withdrawals limited.
  await platform.sql(
    `UPDATE vip_levels SET upgrade_basis = 'DEPOSITS', withdraw_daily_count = coalesce(withdraw_daily_count, 1)
     WHERE merchant_id = (SELECT id FROM merchants WHERE code = 'demo')`,
  );
  await platform.runJob('vip.birthday');
  const token = await apiLogin(platform.baseUrl, 'demo_member', 'Demo#2026');
  await platform.sql(
    `INSERT INTO vip_members (merchant_id, member_id, level, level_since, deposit_minor, evaluated_at)
     SELECT merchant_id, id, 0, now(), 60000, now() FROM members WHERE username = 'demo_member'
     ON CONFLICT (merchant_id, member_id) DO UPDATE SET deposit_minor = 60000`,
  );
  await call(token, 'PUT', API.member.profile, { payeeName: 'Demo Member' });
  await call(
    token,
    'PUT',
    API.member.paymentPassword,
    { loginPassword: 'Demo#2026', newPaymentPassword: '739146', confirmPaymentPassword: '739146' },
    true,
  );
  await platform.staff('POST', OPS_API.adjustments, {
    ...{ username: 'demo_member', direction: 'CREDIT', amount: '500.00', reason: 'screenshots' },
    requestId: 'shots-cashback-fund',
  });
  const bound = await call(token, 'POST', API.withdraw.accounts, {
    bankName: 'GCash',
    accountNumber: '0917 555 0101',
    holderName: 'Demo Member',
  });
  const accountId = ((await bound.json()) as { value: { id: string } }).value.id;
  // Today's one withdrawal of level 0: the page's next one is refused.
  await call(
    token,
    'POST',
    API.withdraw.orders,
    { accountId, amount: '100.00', paymentPassword: '739146', requestId: 'shots-cashback-withdraw-1' },
    true,
  );
  // After the withdrawal: a bonus being wagered would ask to forfeit it first.
  const promotions = await (await call(token, 'GET', `${API.promotions.list}?language=EN`)).json();
  const free = (promotions as { value: { list: { id: string; kind: string }[] } }).value.list.find(
    (p) => p.kind === 'FREE',
  );
  if (free !== undefined) await call(token, 'POST', API.promotions.claim.replace(':id', free.id));
  for (const variant of VARIANTS) {
    const { page } = await openPage(browser, platform.baseUrl, variant.options);
    await signInPage(page, token, variant);
    for (const [file, path, ready] of [
      ['reward-centre', '/member?page=rewardCenter', '[data-kind="CASHBACK"]'],
      ['vip', '/vip', '[data-testid="vip-current"]'],
      ['withdraw', '/member?page=withdraw', '[data-testid="withdraw-account"]'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId('page-loader').waitFor({ state: 'detached' });
      await page.locator(ready).first().waitFor({ timeout: 20_000 });
      if (file === 'withdraw') {
        await page.getByTestId('withdraw-amount').fill('100');
        await page.getByTestId('withdraw-payment-password').fill('739146');
        await page.getByTestId('withdraw-submit').click();
        await page.getByTestId('confirm-ok').click();
        await page
          .locator('.field__error, [role="alert"]')
          .first()
          .waitFor({ timeout: 10_000 })
          .catch(() => {});
        await page.getByTestId('withdraw-submit').scrollIntoViewIfNeeded();
      } else if (path.startsWith('/member')) {
        await page.evaluate(() => {
          const centre = document.querySelector('.member-centre__panel');
          if (centre && window.innerWidth < 700)
            window.scrollTo(0, centre.getBoundingClientRect().top + window.scrollY - 72);
        });
      }
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(OUT, `${file}-${variant.name}.png`) });
    }
    await page.context().close();
    console.log(variant.name);
  }
} finally {
  await browser.close();
  await platform.stop();
}
