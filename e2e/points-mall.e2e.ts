import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API, POINTS_OPS_API, sealPayload, type PublicKeyInfo } from '@platform/contracts';
import { openPage } from './support/browser';
import { opsLogin } from './support/ops';
import { byId, eventually, headerAmount } from './support/page';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

/**
 * The points mall end to end (issue 21): a member plays slots, the day closes and the `points.earn` job credits points
 * at the demo rate (level 0, slots: 2 points per 100.00 of valid bet; seed-data/demo-points.ts); the member redeems a
 * bonus item and a physical item with the payment password in the /pointMall page, staff fulfil the physical item in
 * the back office, and the member converts points to cash (100 points = 1.00).
 */
const suite = usePlatformAndBrowser({ movableClock: true });

const PASSWORD = 'Demo#2026';
const PAY = '739146';
const DAY_MS = 86_400_000;

const newMember = async (): Promise<{ username: string }> => {
  const username = `e2epm${randomInt(10_000, 99_999)}${Date.now().toString(36)}`.slice(0, 16);
  await suite.platform.sql(
    `INSERT INTO members (merchant_id, username, user_type, password_hash, password_changed_at, nickname,
       register_method)
     SELECT merchant_id, $1, user_type, password_hash, now(), $1, 'SEED' FROM members WHERE username = 'demo_member'`,
    [username],
  );
  const token = await apiLogin(suite.platform.baseUrl, username, PASSWORD);
  const key = (await (await fetch(`${suite.platform.baseUrl}${API.system.publicKey}`)).json()) as {
    value: PublicKeyInfo;
  };
  const res = await fetch(`${suite.platform.baseUrl}${API.member.paymentPassword}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(
      await sealPayload(key.value, { loginPassword: PASSWORD, newPaymentPassword: PAY, confirmPaymentPassword: PAY }),
    ),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { username };
};

/** A settled round on the in-house slot (valid bet = bet), taken into play statistics as its job would. */
const playSlot = async (username: string, betMinor: number, settledAt: number) => {
  await suite.platform.sql(
    `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, bet_minor, win_minor,
       valid_bet_minor, status, started_at, settled_at)
     SELECT m.merchant_id, 'RGS', 'pm-' || $2 || '-' || m.username, m.id, 'rgs-lucky-lanterns', 'USD', $3, 0, $3,
       'SETTLED', $4::timestamptz - interval '1 minute', $4::timestamptz
     FROM members m WHERE m.merchant_id = (SELECT id FROM merchants WHERE code = 'demo') AND m.username = $1`,
    [username, String(randomInt(1e9)), betMinor, new Date(settledAt).toISOString()],
  );
  await suite.platform.runJob('play-stats.rollup');
};

const memberPage = async (token: string): Promise<Page> => {
  const { page } = await openPage(suite.browser, suite.platform.baseUrl, { viewport: { width: 1366, height: 900 } });
  await page.context().addInitScript(
    ({ value }) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', value);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
      }
    },
    { value: token },
  );
  return page;
};

const redeem = async (page: Page, name: string, address?: { name: string; phone: string; address: string }) => {
  await page.getByTestId('mall-item').filter({ hasText: name }).getByRole('button', { name: 'Redeem' }).click();
  const dialog = byId(page, 'redeem-dialog');
  if (address) {
    await dialog.getByTestId('redeem-name').fill(address.name);
    await dialog.getByTestId('redeem-phone').fill(address.phone);
    await dialog.getByTestId('redeem-address').fill(address.address);
  }
  await dialog.getByTestId('redeem-password').fill(PAY);
  await dialog.getByTestId('redeem-confirm').click();
  await dialog.waitFor({ state: 'hidden' });
};

describe('points mall', () => {
  it('earns points by playing, redeems a bonus and a hoodie that staff fulfil, and converts points to cash', async () => {
    const { platform } = suite;
    await platform.sql('DELETE FROM rate_limits');
    const { username } = await newMember();

    // 1. Yesterday: 2,000.00 and 1,100.00 on the slot; the day closes and the job credits 62 points, once.
    await playSlot(username, 200_000, platform.clock.now() - 60_000);
    await playSlot(username, 110_000, platform.clock.now() - 30_000);
    await platform.clock.moveTo(platform.clock.now() + DAY_MS);
    await platform.runJob('points.earn');
    await platform.runJob('points.earn');
    const freshToken = await apiLogin(platform.baseUrl, username, PASSWORD);
    const page = await memberPage(freshToken);
    await page.goto('/pointMall');
    await eventually(() => byId(page, 'points-balance').innerText(), 30_000).toBe('62');

    // Top the member up through a reward paid in points, so it can afford the catalogue (the reward centre's port).
    await platform.sql(
      `INSERT INTO rewards (merchant_id, member_id, kind, reward_key, amount_minor, pay_as, period, expires_at,
         created_at)
       SELECT merchant_id, id, 'PROMOTION', 'e2e-points:' || id, 3000, 'POINTS', 'e2e', now() + interval '30 days', now()
       FROM members WHERE username = $1`,
      [username],
    );
    await page.goto('/member?page=rewardCenter');
    await byId(page, 'reward-claim').click();
    await page.goto('/pointMall');
    await eventually(() => byId(page, 'points-balance').innerText()).toBe('3,062');

    // 2. A bonus item (800) is approved at once; the hoodie (1,200) waits in process with its address.
    await redeem(page, 'Bonus 50');
    await eventually(() => byId(page, 'points-balance').innerText()).toBe('2,262');
    await redeem(page, 'Lucky Star hoodie', {
      name: 'E2E Member',
      phone: '+63 917 555 0101',
      address: '7 Ayala Ave, Makati',
    });
    await eventually(() => byId(page, 'points-balance').innerText()).toBe('1,062');
    await byId(page, 'mall-tab-redemptions').click();
    await eventually(() => page.getByTestId('redemption').first().getAttribute('data-status')).toBe('IN_PROCESS');
    expect(await page.getByTestId('redemption').nth(1).getAttribute('data-status')).toBe('APPROVED');

    // 3. Staff fulfil the hoodie in the back office.
    const ops = await openPage(suite.browser, platform.baseUrl);
    await opsLogin(ops.page, platform.baseUrl, 'ops_content', undefined, '/points/redemptions', platform.clock.now);
    const row = ops.page.getByTestId('redemptions-row').filter({ hasText: username });
    await row.getByTestId('redemption-approve').click();
    await byId(ops.page, 'redemption-approve-dialog').getByRole('button', { name: 'Fulfil' }).click();
    await eventually(() => row.count()).toBe(0);
    expect(ops.consoleErrors).toEqual([]);
    await ops.page.context().close();
    await page.reload();
    await byId(page, 'mall-tab-redemptions').click();
    await eventually(() => page.getByTestId('redemption').first().getAttribute('data-status')).toBe('APPROVED');

    // 4. Convert 1,000 points into 10.00 cash.
    const before = Number(await headerAmount(page));
    await byId(page, 'mall-tab-convert').click();
    await byId(page, 'convert-points').fill('1000');
    await byId(page, 'convert-password').fill(PAY);
    await byId(page, 'convert-submit').click();
    await byId(page, 'convert-confirm').click();
    await eventually(() => byId(page, 'points-balance').innerText()).toBe('62');
    await eventually(async () => Number(await headerAmount(page)) - before).toBeCloseTo(10, 2);
    await byId(page, 'mall-tab-history').click();
    await eventually(() => page.getByTestId('points-entry').count()).toBe(5);
    await page.context().close();

    // The back office lists the hoodie with one of its three taken.
    const items = await platform.staff('GET', POINTS_OPS_API.items);
    const list = (items.json.value as { list: { name: string; stock: number | null }[] }).list;
    expect(list.find((i) => i.name === 'Lucky Star hoodie')?.stock).toBe(2);
  });
});
