import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { API, MISSIONS_API, OPS_API, type MissionSummary, type RaceList } from '@platform/contracts';
import { openPage } from './support/browser';
import { asAgent } from './support/contracts';
import { amountIn, byId, cardNamed, eventually, headerAmount, ready } from './support/page';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

/**
 * Missions and leaderboards end to end (issue 21). A new member plays the in-house slot through the RGS (the seamless
 * wallet), completes the demo's daily "Spin 5 rounds", sees the missionLeaderboard badge count it, claims it from the
 * page and the badge clears; the test clock moves to tomorrow and the daily mission has reset. On the demo's running
 * wager race the member climbs past a rival by playing. Claiming another member's reward is refused with a code.
 */
const suite = usePlatformAndBrowser({ rgs: true, movableClock: true });

const PASSWORD = 'Str0ng#Pass';
const DAY_MS = 86_400_000;
const SPIN_MISSION = 'Spin 5 rounds';
const RACE = 'Weekly wager race';

let funding = 0;
const newFundedMember = async (): Promise<string> => {
  const { platform } = suite;
  const agent = asAgent(platform, await apiLogin(platform.baseUrl, 'demo_agent', 'Agent#2026', 'agent'));
  const name = `e2ems${randomInt(10_000, 99_999)}`;
  await agent.createDownline(name, PASSWORD, 'MEMBER');
  funding += 1;
  const answer = await platform.staff('POST', OPS_API.adjustments, {
    ...{ username: name, direction: 'CREDIT', amount: '500.00', reason: 'e2e missions funding' },
    requestId: `e2e-missions-fund-${funding}-${name}`,
  });
  expect(answer.status).toBe(200);
  return name;
};

const memberPage = async (username: string): Promise<{ page: Page; token: string }> => {
  const { platform } = suite;
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

const get = async <T>(token: string, path: string): Promise<T> => {
  const res = await fetch(`${suite.platform.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { value: T }).value;
};

/** Launches the in-house slot, spins `spins` times, and goes back; returns the frame's total bet of the spins. */
const spin = async (page: Page, spins: number): Promise<number> => {
  await ready(page, '/rng?vassalage=RGS');
  await cardNamed(page, 'Lucky Lanterns').getByTestId('game-card-start').click();
  await page.waitForURL(/\/seamless\?game=/);
  const frame: FrameLocator = page.frameLocator('[data-testid="seamless-frame"]');
  await frame.getByTestId('balance').waitFor({ timeout: 20_000 });
  for (let n = 1; n <= spins; n += 1) {
    await frame.getByTestId('spin').click();
    await eventually(() => frame.getByTestId('round-row').count()).toBeGreaterThanOrEqual(n);
    await eventually(() => frame.getByTestId('spin').isEnabled()).toBe(true);
  }
  const totalBet = Number(amountIn(await frame.getByTestId('total-bet').innerText()).replace(/,/g, ''));
  await byId(page, 'seamless-back').click();
  await suite.platform.runJob('play-stats.rollup');
  return totalBet;
};

const missionCard = (page: Page, name: string) => byId(page, 'mission').filter({ hasText: name });
const badgeOf = async (page: Page): Promise<string> =>
  page
    .getByRole('navigation', { name: 'Member centre pages' })
    .getByRole('link', { name: /Missions/ })
    .innerText();

/** A busy machine (2 cores shared) plays the slot slowly: each flow gets its own generous time. */
const FLOW_MS = 420_000;
/** Polls that call the rate-limited missions API: every few seconds. */
const SLOW_POLL = { timeout: 90_000, interval: 5_000 };

describe('missions and leaderboards', () => {
  it(
    'completes the daily mission by playing the slot, counts it on the badge, claims it, and resets tomorrow',
    async () => {
      const { platform } = suite;
      await platform.sql('DELETE FROM rate_limits');
      const name = await newFundedMember();
      const { page, token } = await memberPage(name);
      await ready(page, '/member?page=missionLeaderboard');
      const card = missionCard(page, SPIN_MISSION);
      await card.waitFor({ timeout: 30_000 });
      expect(await card.getAttribute('data-status')).toBe('IN_PROGRESS');
      expect(await card.getByTestId('mission-progress').innerText()).toBe('0 / 5');
      expect(await badgeOf(page)).not.toMatch(/\d/);

      await spin(page, 5);
      await ready(page, '/member?page=missionLeaderboard');
      await eventually(() => missionCard(page, SPIN_MISSION).getAttribute('data-status')).toBe('CLAIMABLE');
      const claimable = (await get<MissionSummary>(token, MISSIONS_API.summary)).claimableCount;
      expect(claimable).toBe(await byId(page, 'mission').and(page.locator('[data-status="CLAIMABLE"]')).count());
      expect(claimable).toBeGreaterThanOrEqual(1);
      await eventually(() => badgeOf(page)).toContain(String(claimable));

      const before = Number((await headerAmount(page)).replace(/,/g, ''));
      await missionCard(page, SPIN_MISSION).getByTestId('mission-claim').click();
      await page.getByText('3.00 added to your balance.').waitFor();
      await eventually(() => missionCard(page, SPIN_MISSION).getAttribute('data-status')).toBe('CLAIMED');
      await eventually(async () => Number((await headerAmount(page)).replace(/,/g, '')) - before).toBeCloseTo(3, 2);
      const left = (await get<MissionSummary>(token, MISSIONS_API.summary)).claimableCount;
      expect(left).toBe(claimable - 1);
      if (left === 0) await eventually(() => badgeOf(page)).not.toMatch(/\d/);

      await page.context().close();
    },
    FLOW_MS,
  );

  it(
    'climbs the running wager race past a rival by playing',
    async () => {
      const { platform } = suite;
      await platform.sql('DELETE FROM rate_limits');
      const [climber, rival] = [await newFundedMember(), await newFundedMember()];
      const { page, token } = await memberPage(climber);
      const perSpin = (await spin(page, 1)) / 1;
      // The rival has bet a little more than one spin and a half.
      await platform.sql(
        `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, bet_minor, win_minor,
         valid_bet_minor, status, started_at, settled_at)
       SELECT m.merchant_id, 'RGS', 'e2e-race-' || m.username, m.id, 'rgs-lucky-lanterns', 'USD', $2, 0, $2,
         'SETTLED', $3::timestamptz - interval '1 minute', $3::timestamptz
       FROM members m WHERE m.merchant_id = (SELECT id FROM merchants WHERE code = 'demo') AND m.username = $1`,
        [rival, Math.round(perSpin * 150), new Date(platform.clock.now() - 30_000).toISOString()],
      );
      await platform.runJob('play-stats.rollup');
      const rivalToken = await apiLogin(platform.baseUrl, rival, PASSWORD);
      const rankIn = async (t: string) =>
        (await get<RaceList>(t, MISSIONS_API.leaderboard)).list.find((r) => r.name === RACE)?.me?.rank ?? Infinity;
      const placeOf = async () => ({ me: await rankIn(token), rival: await rankIn(rivalToken) });
      const behind = await placeOf();
      expect(behind.me).toBeGreaterThan(behind.rival);

      await ready(page, '/member?page=missionLeaderboard');
      await byId(page, 'races-tab').click();
      const raceCard = byId(page, 'race').filter({ hasText: RACE });
      await eventually(() => raceCard.getByTestId('race-me').innerText()).toContain(`#${behind.me}`);

      await spin(page, 1);
      // The round reaches play statistics with the next take-in (the job also runs each minute).
      await expect
        .poll(async () => {
          await platform.runJob('play-stats.rollup');
          const place = await placeOf();
          return place.me < place.rival;
        }, SLOW_POLL)
        .toBe(true);
      const ahead = await placeOf();
      await ready(page, '/member?page=missionLeaderboard');
      await byId(page, 'races-tab').click();
      await eventually(() => byId(page, 'race').filter({ hasText: RACE }).getByTestId('race-me').innerText()).toContain(
        `#${ahead.me}`,
      );
      expect(
        await byId(page, 'race').filter({ hasText: RACE }).locator('.missions__row--me').count(),
      ).toBeLessThanOrEqual(1);
      await page.context().close();
    },
    FLOW_MS,
  );

  it(
    'refuses another member’s claim of a mission reward with a code, writing nothing',
    async () => {
      const { platform } = suite;
      await platform.sql('DELETE FROM rate_limits');
      const [owner, other] = [await newFundedMember(), await newFundedMember()];
      const { page, token } = await memberPage(owner);
      await spin(page, 5);
      await page.context().close();
      const rewardIdOf = async () => {
        await platform.runJob('play-stats.rollup');
        const summary = await get<MissionSummary>(token, MISSIONS_API.summary);
        return summary.list.find((m) => m.name === SPIN_MISSION)?.rewardId ?? null;
      };
      await expect.poll(rewardIdOf, SLOW_POLL).not.toBeNull();
      const rewardId = (await rewardIdOf())!;
      const otherToken = await apiLogin(platform.baseUrl, other, PASSWORD);
      const balance = async (t: string) => (await get<{ balance: string }>(t, API.wallet.balance)).balance;
      const otherBefore = await balance(otherToken);
      const res = await fetch(`${platform.baseUrl}${API.rewards.claim.replace(':id', rewardId)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${otherToken}` },
      });
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([404, 'REWARD_NOT_FOUND']);
      expect(await balance(otherToken)).toBe(otherBefore);
      const after = await get<MissionSummary>(token, MISSIONS_API.summary);
      expect(after.list.find((m) => m.name === SPIN_MISSION)!.status).toBe('CLAIMABLE');
    },
    FLOW_MS,
  );

  // Last: it moves the platform's clock to tomorrow, after which the other flows' rounds would land on another day.
  it(
    'resets the daily mission at the merchant’s midnight',
    async () => {
      const { platform } = suite;
      await platform.sql('DELETE FROM rate_limits');
      const name = await newFundedMember();
      const { page } = await memberPage(name);
      await spin(page, 5);
      await ready(page, '/member?page=missionLeaderboard');
      await eventually(() => missionCard(page, SPIN_MISSION).getAttribute('data-status')).toBe('CLAIMABLE');
      await page.context().close();
      // Tomorrow in the merchant's time zone the daily mission starts again from nothing.
      await platform.clock.moveTo(platform.clock.now() + DAY_MS);
      const fresh = await memberPage(name);
      await ready(fresh.page, '/member?page=missionLeaderboard');
      const reset = missionCard(fresh.page, SPIN_MISSION);
      await eventually(() => reset.getAttribute('data-status')).toBe('IN_PROGRESS');
      expect(await reset.getByTestId('mission-progress').innerText()).toBe('0 / 5');
      await fresh.page.context().close();
    },
    FLOW_MS,
  );
});
