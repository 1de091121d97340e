import { describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { API, OPS_API, sealPayload, type PublicKeyInfo } from '@platform/contracts';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { openPage } from './support/browser';
import { opsLogin } from './support/ops';
import { amountIn, byId, cardNamed, eventually, ready } from './support/page';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

/**
 * Issue 20 in the browser: a deposit bonus chosen on the deposit form and wagered on the in-house slot until it
 * converts; the warning of a withdrawal that would forfeit a bonus; an application with images approved by staff in
 * the back office. The slot reaches the platform over the seamless protocol, so every bonus figure went through it.
 */
const suite = usePlatformAndBrowser({ rgs: true });

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PASSWORD = 'Demo#2026';
const PAYMENT_PASSWORD = '739146';

let seq = 0;
/** A member who signed up just now (the demo password), with no deposit yet: a new member for the promotions. */
const newMember = async (prefix: string): Promise<{ username: string; token: string }> => {
  seq += 1;
  const username = `${prefix}${Date.now().toString(36)}${seq}`.slice(0, 16);
  await suite.platform.sql(
    `INSERT INTO members (merchant_id, username, user_type, password_hash, password_changed_at, nickname,
       register_method)
     SELECT merchant_id, $1, user_type, password_hash, now(), $1, 'SEED' FROM members WHERE username = 'demo_member'`,
    [username],
  );
  return { username, token: await apiLogin(suite.platform.baseUrl, username, PASSWORD) };
};

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
  return ((await res.json()) as { value: unknown }).value;
};

/** What a member does once before a withdrawal: real name, payment password, and a bound account. */
const readyToWithdraw = async (token: string) => {
  await memberCall(token, 'PUT', API.member.profile, { payeeName: 'Promo Member' });
  await memberCall(
    token,
    'PUT',
    API.member.paymentPassword,
    { loginPassword: PASSWORD, newPaymentPassword: PAYMENT_PASSWORD, confirmPaymentPassword: PAYMENT_PASSWORD },
    true,
  );
};

const memberTab = async (token: string, path: string) => {
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
  await ready(watched.page, path);
  return watched;
};

const bindAccount = async (page: Page) => {
  await ready(page, '/member?page=withdraw');
  await byId(page, 'withdraw-bank-name').fill('GCash');
  await byId(page, 'withdraw-account-number').fill('0917 555 0101');
  await byId(page, 'withdraw-bind-submit').click();
  await byId(page, 'withdraw-account').first().waitFor();
};

/** The in-house slot from the lobby, with a line bet of 1.00 (a total bet of 20.00, under the bonus's max bet). */
const launchSlot = async (page: Page): Promise<FrameLocator> => {
  await ready(page, '/rng?vassalage=RGS');
  await cardNamed(page, 'Lucky Lanterns').getByTestId('game-card-start').click();
  await page.waitForURL(/\/seamless\?game=/);
  const frame = page.frameLocator('[data-testid="seamless-frame"]');
  await frame.getByTestId('balance').waitFor({ timeout: 20_000 });
  await frame.getByTestId('bet-level').selectOption('1.00');
  expect(amountIn(await frame.getByTestId('total-bet').innerText())).toBe('20.00');
  return frame;
};

/** The bonus wallet as the member reads it (GET /wps/bonus/details). */
const bonusOf = async (token: string) => {
  const res = await fetch(`${suite.platform.baseUrl}${API.bonus.details}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { value: { active: { turnoverDone: string } | null; history: { status: string }[] } })
    .value;
};

describe('promotions', () => {
  it('pays the welcome bonus with the deposit, shows it being wagered on the slot, converts it, and withdraws', async () => {
    // Staff set up a first-deposit bonus: 100% up to 100.00, wagered once, at most 50.00 a bet.
    const created = await suite.platform.staff('POST', OPS_API.promotions, {
      ...{ kind: 'FIRST_DEPOSIT', title: { EN: 'E2E welcome 100%', TY: 'E2E welcome 100% (TY)' }, terms: { EN: '' } },
      ...{ audience: 'EVERYONE', startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: null },
      ...{ perMemberLimit: 1, totalLimit: null, bonus: null, percent: 100, maxBonus: '100.00', minDeposit: '50.00' },
      ...{ turnoverMultiple: 1, turnoverBase: 'BONUS', weights: {}, defaultWeight: 100, maxBet: '50.00' },
      ...{ maxConversion: null, expiryHours: 24, onWithdraw: 'FORFEIT' },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const promotionId = (created.json.value as { id: string }).id;

    const { token } = await newMember('promowel');
    await readyToWithdraw(token);
    const { page, consoleErrors } = await memberTab(token, '/member?page=depositv2');
    await byId(page, 'deposit-channel-GATEWAY').click();
    await byId(page, `deposit-bonus-${promotionId}`).click();
    await byId(page, 'deposit-amount').fill('100');
    await byId(page, 'deposit-submit').click();
    await byId(page, 'confirm-ok').click();
    await page.waitForURL(/\/demo-gateway\/pay\//);
    await byId(page, 'demo-gateway-pay').click();
    await page.waitForURL(/\/member\?page=depositv2&order=D/);
    await byId(page, 'deposit-returned-order').getByText(en.deposit.status.PAID).waitFor();

    // The bonus is in the bonus wallet: 100.00 to wager 100.00, nothing wagered yet.
    const details = (await page.context().newPage()) as Page;
    await ready(details, '/member?page=bonusDetails');
    expect(await byId(details, 'bonus-balance').innerText()).toBe('100.00');
    expect(await byId(details, 'bonus-turnover').innerText()).toContain('0.00 / 100.00');

    // Play the slot: each 20.00 spin counts toward the turnover (cash is spent first, the stake counts either way).
    const frame = await launchSlot(page);
    await frame.getByTestId('spin').click();
    await eventually(() => frame.getByTestId('round-row').count()).toBe(1);
    await ready(details, '/member?page=bonusDetails');
    expect(await byId(details, 'bonus-turnover').innerText()).toContain('20.00 / 100.00');
    await details.screenshot({ path: '/tmp/promoops20-e2e-bonus-wagering.png' });
    for (let spin = 2; spin <= 5; spin += 1) {
      await frame.getByTestId('spin').click();
      await eventually(async () => (await frame.getByTestId('round-row').count()) >= spin).toBe(true);
      // A round of free spins ends when the feature does: the next click waits for the button.
      await eventually(() => frame.getByTestId('spin').isEnabled()).toBe(true);
    }
    // Turnover met and no round open: the bonus converts to cash.
    await eventually(async () => (await bonusOf(token)).history[0]?.status, 30_000).toBe('CONVERTED');
    await ready(details, '/member?page=bonusDetails');
    await byId(details, 'bonus-row').first().waitFor();
    expect(await byId(details, 'bonus-row').first().getAttribute('data-status')).toBe('CONVERTED');
    expect(await byId(details, 'bonus-active').count()).toBe(0);

    // Withdraw: no warning, the bonus is cash now.
    await bindAccount(page);
    await byId(page, 'withdraw-amount').fill('100');
    await byId(page, 'withdraw-payment-password').fill(PAYMENT_PASSWORD);
    await byId(page, 'withdraw-submit').click();
    await byId(page, 'confirm-ok').click();
    await byId(page, 'withdraw-order').first().getByText(en.withdraw.status.PENDING).waitFor();
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('warns before a withdrawal that would forfeit the bonus being wagered, and keeps it when the member says so', async () => {
    const { username, token } = await newMember('promofree');
    await readyToWithdraw(token);
    const funded = await suite.platform.staff('POST', OPS_API.adjustments, {
      ...{ username, direction: 'CREDIT', amount: '200.00', reason: 'e2e promotions' },
      requestId: `e2e-promo-fund-${username}`,
    });
    expect(funded.status).toBe(200);
    // The demo's free 8.88 for new members, claimed with its button; the badge counts one fewer.
    const { page, consoleErrors } = await memberTab(token, '/promotions');
    const badge = byId(page, 'promotions-badge');
    await eventually(async () => Number(await badge.textContent())).toBeGreaterThan(0);
    const before = Number(await badge.textContent());
    const free = byId(page, 'promotion').filter({ hasText: 'Free 8.88' });
    await free.getByRole('button', { name: en.promotions.claim }).click();
    await eventually(() => free.getByTestId('promotion-status').innerText()).toBe(en.promotions.status.claimed);
    await eventually(async () => Number((await badge.count()) > 0 ? await badge.textContent() : 0)).toBe(before - 1);

    await bindAccount(page);
    await byId(page, 'withdraw-amount').fill('120');
    await byId(page, 'withdraw-payment-password').fill(PAYMENT_PASSWORD);
    await byId(page, 'withdraw-submit').click();
    await byId(page, 'confirm-ok').click();
    const warning = byId(page, 'confirm-dialog');
    await warning.getByText(en.withdraw.forfeitTitle).waitFor();
    expect(await warning.innerText()).toContain('8.88');
    await page.screenshot({ path: '/tmp/promoops20-e2e-forfeit-warning.png' });
    await warning.getByRole('button', { name: en.withdraw.forfeitKeep }).click();
    await warning.waitFor({ state: 'detached' });
    expect(await byId(page, 'withdraw-order').count()).toBe(0);
    expect((await bonusOf(token)).active).not.toBeNull();
    expect(consoleErrors.filter((e) => !e.includes('409'))).toEqual([]);
    await page.context().close();
  });

  it('takes an application with images, which staff see and approve in the back office, and pays its bonus', async () => {
    const { username, token } = await newMember('promoapp');
    const { page, consoleErrors } = await memberTab(token, '/promotions');
    const card = byId(page, 'promotion').filter({ hasText: 'Share your big win' });
    await card.getByTestId('promotion-apply').click();
    await card.getByTestId('promotion-apply-comment').fill('My 500x on Lucky Lanterns');
    await card.getByTestId('promotion-apply-images').setInputFiles([
      { name: 'win.png', mimeType: 'image/png', buffer: PNG },
      { name: 'balance.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await card.getByTestId('promotion-apply-submit').click();
    await eventually(() => card.getByTestId('promotion-status').innerText()).toBe(en.promotions.status.applying);

    const ops = await openPage(suite.browser, suite.platform.baseUrl);
    await opsLogin(ops.page, suite.platform.baseUrl, 'ops_content', undefined, '/promotions/applications');
    const row = ops.page.getByTestId('applications-row').filter({ hasText: username });
    await row.getByTestId('application-comment').getByText('My 500x on Lucky Lanterns').waitFor();
    const images = row.getByTestId('application-image');
    await eventually(() => images.count()).toBe(2);
    // Both shown, not only placed: each decoded to its 1×1 pixel.
    await eventually(() =>
      images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).naturalWidth)),
    ).toEqual([1, 1]);
    await ops.page.screenshot({ path: '/tmp/promoops20-e2e-ops-applications.png' });
    await row.getByTestId('application-approve').click();
    await byId(ops.page, 'application-approve-dialog').getByRole('button', { name: 'Approve and pay' }).click();
    await eventually(() => row.count()).toBe(0);

    await ready(page, '/member?page=bonusDetails');
    expect(await byId(page, 'bonus-balance').innerText()).toBe('20.00');
    await ready(page, '/promotions');
    expect(await card.getByTestId('promotion-status').innerText()).toBe(en.promotions.status.issued);
    expect(consoleErrors).toEqual([]);
    expect(ops.consoleErrors).toEqual([]);
    await page.context().close();
    await ops.page.context().close();
  });
});
