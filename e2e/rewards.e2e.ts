import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API } from '@platform/contracts';
import { openPage } from './support/browser';
import { asAgent } from './support/contracts';
import { byId, eventually, headerAmount } from './support/page';
import type { Platform } from './support/platform';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

/**
 * The reward centre, rebates and VIP end to end (issue 20). Members of demo_agent play slots: the daily rebate job
 * pays yesterday's rebate into the reward centre and the member claims it into cash; the manual rebate of today is
 * claimed once and refused the second time; valid bet crossing the first VIP threshold puts VIP1 on the avatar.
 * Demo rates (seed-data/demo-vip.ts): level 0 slots 0.4%; VIP1 at 1,000.00 valid bet over 30 days.
 */
const suite = usePlatformAndBrowser({ movableClock: true });

const PASSWORD = 'Str0ng#Pass';
const DAY_MS = 86_400_000;
type Envelope = { success: boolean; code?: string; value?: unknown };

/** New members under demo_agent. */
const newMembers = async (platform: Platform, count: number): Promise<string[]> => {
  const agent = asAgent(platform, await apiLogin(platform.baseUrl, 'demo_agent', 'Agent#2026', 'agent'));
  const prefix = `e2erw${randomInt(10_000, 99_999)}`;
  const names = Array.from({ length: count }, (_, n) => `${prefix}m${n}`);
  for (const name of names) await agent.createDownline(name, PASSWORD, 'MEMBER');
  return names;
};

/** A settled slot round of `username` (valid bet = bet), taken into play statistics as its job would. */
const playSlot = async (platform: Platform, username: string, betMinor: number, settledAt: number) => {
  await platform.sql(
    `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, bet_minor, win_minor,
       valid_bet_minor, status, started_at, settled_at)
     SELECT m.merchant_id, g.vendor_code, 'rw-' || $2 || '-' || m.username, m.id, g.game_code, 'USD', $3, 0, $3,
       'SETTLED', $4::timestamptz - interval '1 minute', $4::timestamptz
     FROM members m
     JOIN LATERAL (SELECT vendor_code, game_code FROM games WHERE merchant_id = m.merchant_id AND game_type = 'RNG'
                   ORDER BY vendor_code, game_code LIMIT 1) g ON true
     WHERE m.merchant_id = (SELECT id FROM merchants WHERE code = 'demo') AND m.username = $1`,
    [username, String(randomInt(1e9)), betMinor, new Date(settledAt).toISOString()],
  );
  await platform.runJob('play-stats.rollup');
};

/** A browser page signed in as the member (a fresh login: a moved clock ends sessions). */
const memberPage = async (platform: Platform, username: string): Promise<{ page: Page; token: string }> => {
  const token = await apiLogin(platform.baseUrl, username, PASSWORD);
  const { page } = await openPage(suite.browser, platform.baseUrl, { viewport: { width: 1366, height: 900 } });
  await page.context().addInitScript(
    ({ value }) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', value);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
      }
    },
    { value: token },
  );
  return { page, token };
};

const post = async (platform: Platform, token: string, path: string): Promise<[number, string | undefined]> => {
  const res = await fetch(`${platform.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  return [res.status, ((await res.json()) as Envelope).code];
};

describe('reward centre, rebate and VIP', () => {
  it('pays the daily rebate into the reward centre, claims the manual rebate once, and shows VIP1 on the avatar', async () => {
    const { platform } = suite;
    await platform.sql('DELETE FROM rate_limits');
    const [daily, manual, climber] = (await newMembers(platform, 3)) as [string, string, string];

    // 1. Yesterday: 200.00 on slots. The day closes; the rebate job offers 0.4% of it, once however often it runs.
    await playSlot(platform, daily, 20_000, platform.clock.now() - 60_000);
    await platform.clock.moveTo(platform.clock.now() + DAY_MS);
    await platform.runJob('rebate.daily');
    await platform.runJob('rebate.daily');
    const one = await memberPage(platform, daily);
    await one.page.goto('/member?page=rewardCenter');
    const card = byId(one.page, 'reward');
    // The first page of a cold platform can take a while on a busy machine.
    await card.waitFor({ timeout: 30_000 });
    expect(await card.count()).toBe(1);
    expect(await card.getAttribute('data-status')).toBe('PENDING');
    expect(await card.getByTestId('reward-amount').innerText()).toBe('0.80');
    expect(
      await one.page
        .getByRole('navigation', { name: 'Member centre pages' })
        .getByRole('link', { name: /Reward centre/ })
        .innerText(),
    ).toContain('1');
    const before = Number(await headerAmount(one.page));
    await card.getByTestId('reward-claim').click();
    await one.page.getByText('0.80 added to your balance.').waitFor();
    await eventually(() => card.getAttribute('data-status')).toBe('CLAIMED');
    await eventually(async () => Number(await headerAmount(one.page)) - before).toBeCloseTo(0.8, 2);
    await one.page.context().close();

    // 2. Today: 500.00 on slots; the manual rebate pays 2.00 now, and a second claim in the same day is refused.
    await playSlot(platform, manual, 50_000, platform.clock.now() - 60_000);
    const two = await memberPage(platform, manual);
    await two.page.goto('/member?page=manualRebate');
    await eventually(() => byId(two.page, 'rebate-claimable').innerText()).toBe('2.00');
    await two.page.getByRole('button', { name: 'Claim rebate' }).click();
    await two.page.getByText('2.00 rebate added to your balance.').waitFor();
    await eventually(() => byId(two.page, 'rebate-state').innerText()).toBe('Claimed today: 2.00');
    expect(await two.page.getByRole('button', { name: 'Claim rebate' }).isDisabled()).toBe(true);
    expect(await post(platform, two.token, API.rebate.manualClaim)).toEqual([409, 'REBATE_CLAIMED']);
    await two.page.reload();
    await eventually(() => byId(two.page, 'rebate-state').innerText()).toBe('Claimed today: 2.00');
    await two.page.goto('/member?page=rewardCenter');
    await eventually(() => two.page.locator('[data-testid="reward"][data-kind="MANUAL_REBATE"]').count()).toBe(1);
    await two.page.context().close();

    // 3. No label yet; 1,500.00 of valid bet crosses VIP1's 1,000.00 and the evaluation job puts VIP1 on the avatar.
    const three = await memberPage(platform, climber);
    await three.page.goto('/vip');
    await eventually(() => byId(three.page, 'vip-label').innerText()).toBe('No VIP level yet');
    expect(await byId(three.page, 'header-vip-label').count()).toBe(0);
    await playSlot(platform, climber, 150_000, platform.clock.now() - 60_000);
    await platform.runJob('vip.evaluate');
    await three.page.reload();
    await eventually(() => byId(three.page, 'header-vip-label').innerText()).toBe('VIP1');
    await eventually(() => byId(three.page, 'vip-label').innerText()).toBe('VIP1');
    expect(await byId(three.page, 'vip-valid-bet').innerText()).toBe('1,500.00');
    await three.page.goto('/member?page=rewardCenter');
    await eventually(() => three.page.locator('[data-testid="reward"][data-kind="VIP_UPGRADE"]').count()).toBe(1);
    await three.page.context().close();
  });

  it('refuses a second claim and another member’s claim of a reward with a code, writing nothing', async () => {
    const { platform } = suite;
    await platform.sql('DELETE FROM rate_limits');
    const [owner, other] = (await newMembers(platform, 2)) as [string, string];
    await playSlot(platform, owner, 10_000, platform.clock.now() - 60_000);
    await platform.clock.moveTo(platform.clock.now() + DAY_MS);
    await platform.runJob('rebate.daily');
    const ownerToken = await apiLogin(platform.baseUrl, owner, PASSWORD);
    const otherToken = await apiLogin(platform.baseUrl, other, PASSWORD);
    const list = await fetch(`${platform.baseUrl}${API.rewards.list}`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const { value } = (await list.json()) as { value: { list: { id: string; amount: string }[] } };
    const reward = value.list[0]!;
    expect(reward.amount).toBe('0.40');
    const claimPath = API.rewards.claim.replace(':id', reward.id);
    expect(await post(platform, otherToken, claimPath)).toEqual([404, 'REWARD_NOT_FOUND']);
    expect((await post(platform, ownerToken, claimPath))[0]).toBe(200);
    expect(await post(platform, ownerToken, claimPath)).toEqual([409, 'REWARD_CLAIMED']);
  });
});
