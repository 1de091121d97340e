import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { API, REFERRAL_API } from '@platform/contracts';
import { openPage } from './support/browser';
import { asAgent } from './support/contracts';
import { byId, eventually } from './support/page';
import type { Platform } from './support/platform';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

/**
 * Invite friends end to end (issue 21): a member opens its referral page and copies its link; a friend opens the link
 * and registers; the friend deposits and plays until both thresholds are met; the qualification job offers the
 * referrer its reward, the member-centre badge counts it, the referrer claims it once; a stranger's claim is refused.
 * Demo settings (seed-referral.ts): 50.00 deposited and 100.00 valid bet within 30 days, 20.00 per friend.
 */
const suite = usePlatformAndBrowser({ movableClock: true });
const PASSWORD = 'Str0ng#Pass';
type Envelope = { success: boolean; code?: string; value?: unknown };

const newMember = async (platform: Platform): Promise<string> => {
  const agent = asAgent(platform, await apiLogin(platform.baseUrl, 'demo_agent', 'Agent#2026', 'agent'));
  const name = `e2eref${randomInt(10_000, 99_999)}`;
  await agent.createDownline(name, PASSWORD, 'MEMBER');
  return name;
};

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

const sendSmsCode = async (platform: Platform, send: Locator, to: string): Promise<string> => {
  const before = (await platform.outbox(to)).length;
  await send.click();
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const messages = await platform.outbox(to);
    const code = messages.length > before ? messages[0]?.body.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no new SMS code reached ${to}`);
};

/** Credited deposit and settled slot round of the friend, as the gateway webhook and the vendor would leave them. */
const depositAndPlay = async (platform: Platform, username: string, depositMinor: number, betMinor: number) => {
  await platform.sql(
    `INSERT INTO deposit_orders (merchant_id, order_no, member_id, channel_id, request_id, amount_minor, currency,
       status, created_at, expires_at)
     SELECT m.merchant_id, 'DREF' || $2, m.id, c.id, 'req-ref-' || $2, $3, 'USD', 'PAID', $4::timestamptz,
       $4::timestamptz + interval '30 minutes'
     FROM members m JOIN LATERAL (SELECT id FROM deposit_channels WHERE merchant_id = m.merchant_id LIMIT 1) c ON true
     WHERE m.merchant_id = (SELECT id FROM merchants WHERE code = 'demo') AND m.username = $1`,
    [username, String(randomInt(1e9)), depositMinor, new Date(platform.clock.now() - 60_000).toISOString()],
  );
  await platform.sql(
    `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, bet_minor, win_minor,
       valid_bet_minor, status, started_at, settled_at)
     SELECT m.merchant_id, g.vendor_code, 'ref-' || $2, m.id, g.game_code, 'USD', $3, 0, $3,
       'SETTLED', $4::timestamptz - interval '1 minute', $4::timestamptz
     FROM members m
     JOIN LATERAL (SELECT vendor_code, game_code FROM games WHERE merchant_id = m.merchant_id AND game_type = 'RNG'
                   ORDER BY vendor_code, game_code LIMIT 1) g ON true
     WHERE m.merchant_id = (SELECT id FROM merchants WHERE code = 'demo') AND m.username = $1`,
    [username, String(randomInt(1e9)), betMinor, new Date(platform.clock.now() - 60_000).toISOString()],
  );
  await platform.runJob('play-stats.rollup');
};

describe('invite friends', () => {
  it('registers a friend through the link who qualifies by depositing and playing, and pays the referrer once', async () => {
    const { platform } = suite;
    await platform.sql('DELETE FROM rate_limits');
    const referrerName = await newMember(platform);
    const referrer = await memberPage(platform, referrerName);
    await referrer.page.goto('/member?page=referral');
    await eventually(() => byId(referrer.page, 'referral-link').inputValue(), 30_000).toMatch(
      /\/register\?referralCode=[A-Z0-9]{8}$/,
    );
    const url = await byId(referrer.page, 'referral-link').inputValue();
    expect(await referrer.page.getByRole('img', { name: 'QR code of your invite link' }).count()).toBe(1);
    expect(await byId(referrer.page, 'referral-empty').count()).toBe(1);

    // The friend opens the link in a fresh browser and registers.
    const friendName = `e2efr${randomInt(100_000, 999_999)}`;
    const mobile = `9${String(randomInt(100_000_000, 999_999_999))}`;
    const { page: friend } = await openPage(suite.browser, platform.baseUrl, {
      extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${randomInt(2, 250)}` },
    });
    await friend.goto(new URL(url).pathname + new URL(url).search);
    await byId(friend, 'page-loader').waitFor({ state: 'detached' });
    await byId(friend, 'register-dialog').waitFor({ timeout: 30_000 });
    await byId(friend, 'register-tab-username').click();
    await byId(friend, 'register-field-username').fill(friendName);
    await byId(friend, 'register-field-password').fill(PASSWORD);
    await byId(friend, 'register-field-confirmPassword').fill(PASSWORD);
    await byId(friend, 'register-field-mobileNum').fill(mobile);
    await byId(friend, 'register-field-verificationCode').fill(
      await sendSmsCode(platform, byId(friend, 'register-sms-send'), `+63${mobile}`),
    );
    await byId(friend, 'register-field-captcha').fill(platform.lastCaptcha());
    await byId(friend, 'register-terms').check();
    await byId(friend, 'register-submit').click();
    await byId(friend, 'user-nickname').waitFor({ timeout: 30_000 });
    await friend.context().close();

    await referrer.page.reload();
    await eventually(() => byId(referrer.page, 'referral-friend').getAttribute('data-qualified')).toBe('false');

    // 30.00 deposited and 150.00 played: the deposit is short of 50.00, so the job qualifies nobody.
    await depositAndPlay(platform, friendName, 3_000, 15_000);
    await platform.runJob('referral.qualify');
    await referrer.page.reload();
    await eventually(() => byId(referrer.page, 'referral-friend').getAttribute('data-qualified')).toBe('false');

    // Another 30.00: both thresholds met; the reward waits, and the referral entry's badge counts it.
    await depositAndPlay(platform, friendName, 3_000, 0);
    await platform.runJob('referral.qualify');
    await platform.runJob('referral.qualify');
    await referrer.page.reload();
    await eventually(() => byId(referrer.page, 'referral-friend').getAttribute('data-qualified')).toBe('true');
    const nav = referrer.page.getByRole('navigation', { name: 'Member centre pages' });
    await eventually(() => nav.getByRole('link', { name: /Invite friends/ }).innerText()).toContain('1');
    await byId(referrer.page, 'referral-claim').click();
    await referrer.page.getByText('20.00 added to your balance').waitFor();
    await eventually(() => byId(referrer.page, 'referral-claim').count()).toBe(0);
    await eventually(async () => (await nav.getByRole('link', { name: /Invite friends/ }).innerText()).trim()).toBe(
      'Invite friends',
    );

    // The reward claimed twice pays once; a stranger's claim is refused with a code.
    const state = await fetch(`${platform.baseUrl}${REFERRAL_API.state}`, {
      headers: { authorization: `Bearer ${referrer.token}` },
    });
    const rewardId = ((await state.json()) as { value: { friends: { reward: { id: string } }[] } }).value.friends[0]!
      .reward.id;
    const claim = async (token: string) => {
      const res = await fetch(`${platform.baseUrl}${API.rewards.claim.replace(':id', rewardId)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      return [res.status, ((await res.json()) as Envelope).code];
    };
    expect(await claim(referrer.token)).toEqual([409, 'REWARD_CLAIMED']);
    const stranger = await apiLogin(platform.baseUrl, await newMember(platform), PASSWORD);
    expect(await claim(stranger)).toEqual([404, 'REWARD_NOT_FOUND']);
    const after = await fetch(`${platform.baseUrl}${REFERRAL_API.state}`, {
      headers: { authorization: `Bearer ${referrer.token}` },
    });
    const value = (
      (await after.json()) as { value: { pendingCount: number; friends: { reward: { status: string } }[] } }
    ).value;
    expect([value.pendingCount, value.friends[0]!.reward.status]).toEqual([0, 'CLAIMED']);
    await referrer.page.context().close();
  });
});
