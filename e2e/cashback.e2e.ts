import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API, OPS_API, sealPayload, type PublicKeyInfo } from '@platform/contracts';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { openPage } from './support/browser';
import { byId, eventually, ready } from './support/page';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

/**
 * Issue 20's player side in the browser (ADR 0043): a member who lost yesterday finds the demo's daily cashback (5% of
 * the net loss, from 10.00, up to 100.00, paid as a bonus) in the reward centre once the cashback job has run, and
 * claims it; a withdrawal past the member's VIP level's daily count is refused with its message and leaves no order.
 */
const suite = usePlatformAndBrowser({ movableClock: true });

const PASSWORD = 'Demo#2026';
const PAYMENT_PASSWORD = '739146';
const DAY_MS = 86_400_000;

/** A member who signed up just now with the demo password (a copy of demo_member's row without its history). */
const newMember = async (prefix: string): Promise<string> => {
  const username = `${prefix}${randomInt(100_000, 999_999)}`;
  await suite.platform.sql(
    `INSERT INTO members (merchant_id, username, user_type, password_hash, password_changed_at, nickname,
       register_method)
     SELECT merchant_id, $1, user_type, password_hash, now(), $1, 'SEED' FROM members WHERE username = 'demo_member'`,
    [username],
  );
  return username;
};

/** A settled slot round of `username` that it lost (`winMinor` back of `betMinor`), taken into play statistics. */
const playSlot = async (username: string, betMinor: number, winMinor: number, settledAt: number) => {
  await suite.platform.sql(
    `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, bet_minor, win_minor,
       valid_bet_minor, status, started_at, settled_at)
     SELECT m.merchant_id, g.vendor_code, 'cb-' || $2 || '-' || m.username, m.id, g.game_code, 'USD', $3, $4, $3,
       'SETTLED', $5::timestamptz - interval '1 minute', $5::timestamptz
     FROM members m
     JOIN LATERAL (SELECT vendor_code, game_code FROM games WHERE merchant_id = m.merchant_id AND game_type = 'RNG'
                   ORDER BY vendor_code, game_code LIMIT 1) g ON true
     WHERE m.merchant_id = (SELECT id FROM merchants WHERE code = 'demo') AND m.username = $1`,
    [username, String(randomInt(1e9)), betMinor, winMinor, new Date(settledAt).toISOString()],
  );
  await suite.platform.runJob('play-stats.rollup');
};

/** A member call as the web app makes it: JSON, or sealed for the server's key. */
const memberCall = async (token: string, method: 'PUT' | 'POST', path: string, body: unknown, seal = false) => {
  let payload = body;
  if (seal) {
    const key = (await (await fetch(`${suite.platform.baseUrl}${API.system.publicKey}`)).json()) as {
      value: PublicKeyInfo;
    };
    payload = await sealPayload(key.value, body, suite.platform.clock.now());
  }
  const res = await fetch(`${suite.platform.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  expect(res.status, await res.clone().text()).toBe(200);
};

/** A browser tab signed in with `token`, at `path`. */
const memberTab = async (token: string, path: string) => {
  const tab = await openPage(suite.browser, suite.platform.baseUrl, { viewport: { width: 1366, height: 900 } });
  await tab.page.context().addInitScript(
    ({ t }) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', t);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
      }
    },
    { t: token },
  );
  await ready(tab.page, path);
  return tab;
};

// The withdrawal comes first: the cashback test moves the platform's clock a day ahead of the browser's.
describe('cashback and VIP withdrawal limits', () => {
  it('refuses a withdrawal past the VIP level’s daily count with its message, and writes no order', async () => {
    const { platform } = suite;
    await platform.sql('DELETE FROM rate_limits');
    // Level 0 (every member without a VIP level) allows one withdrawal a day on this platform.
    await platform.sql(
      `UPDATE vip_levels SET withdraw_daily_count = 1
       WHERE level = 0 AND merchant_id = (SELECT id FROM merchants WHERE code = 'demo')`,
    );
    const username = await newMember('cblimit');
    const token = await apiLogin(platform.baseUrl, username, PASSWORD);
    await memberCall(token, 'PUT', API.member.profile, { payeeName: 'Limit Member' });
    await memberCall(
      token,
      'PUT',
      API.member.paymentPassword,
      { loginPassword: PASSWORD, newPaymentPassword: PAYMENT_PASSWORD, confirmPaymentPassword: PAYMENT_PASSWORD },
      true,
    );
    const funded = await platform.staff('POST', OPS_API.adjustments, {
      ...{ username, direction: 'CREDIT', amount: '500.00', reason: 'e2e cashback limits' },
      requestId: `e2e-cb-fund-${username}`,
    });
    expect(funded.status).toBe(200);

    const { page } = await memberTab(token, '/member?page=withdraw');
    await byId(page, 'withdraw-bank-name').fill('GCash');
    await byId(page, 'withdraw-account-number').fill('0917 555 0101');
    await byId(page, 'withdraw-bind-submit').click();
    await byId(page, 'withdraw-account').first().waitFor();
    const ask = async () => {
      await byId(page, 'withdraw-amount').fill('100');
      await byId(page, 'withdraw-payment-password').fill(PAYMENT_PASSWORD);
      await byId(page, 'withdraw-submit').click();
      await byId(page, 'confirm-ok').click();
    };
    await ask();
    await byId(page, 'withdraw-order').first().getByText(en.withdraw.status.PENDING).waitFor();
    await ask();
    await page.getByText(en.errors.codes.VIP_WITHDRAW_COUNT).first().waitFor();
    await page.screenshot({ path: '/tmp/shots/promo-player/e2e-withdraw-vip-limit.png' });
    await eventually(() => byId(page, 'withdraw-order').count()).toBe(1);
    await page.reload();
    await byId(page, 'withdraw-order').first().waitFor();
    expect(await byId(page, 'withdraw-order').count()).toBe(1);
    await page.context().close();
  });

  it('offers yesterday’s cashback in the reward centre once, and the member claims it as a bonus', async () => {
    const { platform } = suite;
    await platform.sql('DELETE FROM rate_limits');
    const loser = await newMember('cbloser');
    // Yesterday: 400.00 on slots, 0 back. The day closes; 5% is 20.00, offered once however often the job runs.
    await playSlot(loser, 40_000, 0, platform.clock.now() - 60_000);
    await platform.clock.moveTo(platform.clock.now() + DAY_MS);
    await platform.runJob('cashback.offer');
    await platform.runJob('cashback.offer');

    const token = await apiLogin(platform.baseUrl, loser, PASSWORD);
    const { page, consoleErrors } = await memberTab(token, '/member?page=rewardCenter');
    const card = page.locator('[data-testid="reward"][data-kind="CASHBACK"]');
    await card.waitFor({ timeout: 30_000 });
    expect(await card.count()).toBe(1);
    expect(await card.getAttribute('data-status')).toBe('PENDING');
    expect(await card.getByTestId('reward-amount').innerText()).toBe('20.00');
    expect(await card.innerText()).toContain(en.rewards.kind.CASHBACK);
    await card.getByTestId('reward-claim').click();
    await page.getByText('20.00 bonus added. Wager it to turn it into cash.').waitFor();
    await eventually(() => card.getAttribute('data-status')).toBe('CLAIMED');
    const bonus = await fetch(`${platform.baseUrl}${API.bonus.details}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const details = (await bonus.json()) as { value: { active: { amount: string; turnoverRequired: string } } };
    expect(details.value.active).toMatchObject({ amount: '20.00', turnoverRequired: '20.00' });
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
