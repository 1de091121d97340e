import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  AGENT_CONTRACT_API,
  AGENT_CONTRACT_OPS_API,
  type ContractTier,
  type SettlementPage,
} from '@platform/contracts';
import { byId, eventually } from './support/page';
import { asAgent, MINUTE_MS, play, setPolicy, signedInPage, type AgentApi } from './support/contracts';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

/**
 * Agent contracts end to end (issue 19). The merchant offers daily, real-time and dividend contracts; demo_agent takes
 * them and, in team management, offers a tiered daily salary to a new downline agent (first above its own rate,
 * refused with a clear message), who accepts it from the overview's banner. Its members play; on a clock moved
 * forward the settlement pays each agent its differential: five-minute real-time windows, the next day's daily salary
 * in both agents' agentDailyWages2 and agentRevenueReport, and a semimonthly dividend whose negative first period is
 * carried into the second. The menus show only the merchant's enabled types.
 */
const suite = usePlatformAndBrowser({ movableClock: true });

const PASSWORD = 'Str0ng#Pass';
const TOP = { username: 'demo_agent', password: 'Agent#2026' };
/** The settlement jobs (counting, then paying): real-time, hourly, and daily salary with dividends. */
const SETTLE_JOBS = ['agent-contract.realtime', 'agent-contract.hourly', 'agent-contract.daily'];

const tier = (minValidBet: string, minActiveMembers: number, rate: string): ContractTier => ({
  minValidBet,
  minActiveMembers,
  rate,
});

const agentPage = async (page: Page, key: string) => {
  await page.goto(`/agentHome?page=${key}`);
  await byId(page, 'agent-page-title').waitFor();
};

/** The platform's clock moved to `ms`; the settlement job run there as its timer would. */
const settleAt = async (ms: number) => {
  await suite.platform.clock.moveTo(ms);
  for (const job of SETTLE_JOBS) await suite.platform.runJob(job);
};

/** Each row's text of a record page's table, under the period tab `period`. */
const recordRows = async (page: Page, prefix: string, period: string): Promise<string[]> => {
  await byId(page, `${prefix}-period-${period}`).click();
  await page
    .getByTestId(`${prefix}-table`)
    .or(byId(page, `${prefix}-empty`))
    .first()
    .waitFor();
  return byId(page, `${prefix}-table-row`).allInnerTexts();
};

const settlementsOf = (agent: AgentApi, type: string, period: string) =>
  agent.value<SettlementPage>(
    'GET',
    `${AGENT_CONTRACT_API.settlements}?${new URLSearchParams({ type, period, pageNo: '1', pageSize: '20' }).toString()}`,
  );

describe('agent contracts', () => {
  it('upline offers, downline accepts, members play, and each agent is paid its differential per window', async () => {
    const { platform, browser } = suite;
    await platform.sql('DELETE FROM rate_limits');
    // 1. The merchant's policy: daily, real-time and semimonthly dividend contracts on, hourly salary off.
    await setPolicy(platform, { type: 'DAILY_SALARY' });
    await setPolicy(platform, { type: 'REALTIME_SALARY' });
    await setPolicy(platform, { type: 'HOURLY_SALARY', enabled: false });
    await setPolicy(platform, {
      type: 'DIVIDEND',
      period: 'SEMIMONTHLY',
      deductions: { bonuses: false, rebates: false, salaries: false, feeRate: '0' },
      carryForward: 'CARRY',
    });
    // 2. demo_agent (top level) takes its contracts from the site; a new downline agent gets three members.
    const contractsBySite: [string, ContractTier[]][] = [
      ['DAILY_SALARY', [tier('0', 0, '1.00'), tier('100', 2, '2.00')]],
      ['REALTIME_SALARY', [tier('0', 0, '1.00')]],
      ['DIVIDEND', [tier('0', 0, '30')]],
    ];
    for (const [type, tiers] of contractsBySite) {
      const offered = await platform.staff('POST', AGENT_CONTRACT_OPS_API.agentContracts, {
        ...{ username: TOP.username, type, tiers },
      });
      expect(offered.status).toBe(200);
    }
    const top = asAgent(platform, await apiLogin(platform.baseUrl, TOP.username, TOP.password, 'agent'));
    expect(await top.acceptAll()).toBe(3);
    const sub = `e2eca${randomInt(10_000, 99_999)}`;
    await top.createDownline(sub, PASSWORD, 'AGENT');
    const downline = asAgent(platform, await apiLogin(platform.baseUrl, sub, PASSWORD, 'agent'));
    const members = [1, 2, 3].map((n) => `${sub}m${n}`);
    for (const member of members) await downline.createDownline(member, PASSWORD, 'MEMBER');

    // 3. In team management demo_agent offers its downline a tiered daily salary: above its own rate first.
    const topPage = await signedInPage(platform, browser, TOP.username, TOP.password);
    await agentPage(topPage, 'downlineManagmentView');
    await byId(topPage, 'downline-search').fill(sub);
    await byId(topPage, 'downline-search-submit').click();
    await byId(topPage, 'downline-table-row').filter({ hasText: sub }).getByTestId('downline-contracts').click();
    const dialog = byId(topPage, 'downline-contracts-dialog');
    await dialog.getByTestId('downline-contracts-empty').waitFor();
    await dialog.getByTestId('offer-type').selectOption('DAILY_SALARY');
    await dialog.getByTestId('offer-tier-0-bet').fill('0');
    await dialog.getByTestId('offer-tier-0-rate').fill('1.5');
    await dialog.getByTestId('offer-submit').click();
    await dialog.getByText('Tier 1: 1.5% is above your own rate at that tier (1%).').waitFor();
    // The server refuses it too, whatever a client sends.
    const refused = await top.offer(sub, 'DAILY_SALARY', [tier('0', 0, '1.5')]);
    expect([refused.status, refused.body.code]).toEqual([409, 'CONTRACT_RATE_ABOVE_UPLINE']);
    await dialog.getByTestId('offer-tier-0-rate').fill('0.4');
    await dialog.getByTestId('offer-add-tier').click();
    await dialog.getByTestId('offer-tier-1-bet').fill('100');
    await dialog.getByTestId('offer-tier-1-members').fill('2');
    await dialog.getByTestId('offer-tier-1-rate').fill('0.6');
    await dialog.getByTestId('offer-submit').click();
    await topPage.getByText(`Offer sent to ${sub}`).waitFor();
    await eventually(() => dialog.getByTestId('downline-contract-status').allInnerTexts()).toEqual(['Offered']);

    // 4. The downline agent finds the offer on its overview, reads the tiers and accepts; its menus follow the site.
    const subPage = await signedInPage(platform, browser, sub, PASSWORD);
    await agentPage(subPage, 'agentTeamOverview');
    await byId(subPage, 'contract-banner-review').click();
    const modal = byId(subPage, 'contract-modal');
    expect(await modal.getByTestId('contract-modal-tiers-row').allInnerTexts()).toEqual([
      expect.stringMatching(/1\s+0(\.00)?\s+0\s+0\.4%/),
      expect.stringMatching(/2\s+100(\.00)?\s+2\s+0\.6%/),
    ]);
    await byId(subPage, 'contract-accept').click();
    await subPage.getByText('You accepted the Daily salary contract').waitFor();
    const nav = await byId(subPage, 'agent-nav').innerText();
    for (const entry of ['My income', 'Dividend', 'Daily salary', 'Real-time salary']) expect(nav).toContain(entry);
    expect(nav).not.toContain('Hourly salary');
    // Real-time salary and the dividend through the API (the same offer and acceptance).
    expect((await top.offer(sub, 'REALTIME_SALARY', [tier('0', 0, '0.5')])).status).toBe(200);
    expect((await top.offer(sub, 'DIVIDEND', [tier('0', 0, '20')])).status).toBe(200);
    expect(await downline.acceptAll()).toBe(2);

    // 5. Real-time salary: the members play in the next five-minute window, which pays a minute after it ends.
    const realtime = (await downline.details('REALTIME_SALARY')).window;
    const slot = Date.parse(realtime.end);
    await platform.clock.moveTo(slot + MINUTE_MS);
    await play(platform, members, { betMinor: 40_00, winMinor: 40_00, settledAt: slot + 30_000, tag: 'rt' });
    await settleAt(slot + 6 * MINUTE_MS + 5_000);
    await agentPage(subPage, 'agentRealtimeSalary');
    const realtimeRows = await recordRows(subPage, 'realtime-records', 'TODAY');
    // Team valid bet 120.00 at 0.5%: 0.60, all the downline agent's own.
    expect(realtimeRows.join('\n')).toMatch(/120\.00[\s\S]*0\.60[\s\S]*Paid/);
    const topRealtime = await settlementsOf(top, 'REALTIME_SALARY', 'TODAY');
    expect(topRealtime.totals).toMatchObject({ gross: '1.20', downlineShare: '0.60', net: '0.60' });

    // 6. Daily salary: they play tomorrow (profit and loss even); the day pays the day after.
    const tomorrow = (await downline.details('DAILY_SALARY')).window.end;
    const dayStart = Date.parse(tomorrow);
    await platform.clock.moveTo(dayStart + 60 * MINUTE_MS);
    await play(platform, members, {
      betMinor: 60_00,
      winMinor: 60_00,
      settledAt: dayStart + 30 * MINUTE_MS,
      tag: 'd1',
    });
    await settleAt(dayStart + 24 * 60 * MINUTE_MS + 71 * MINUTE_MS);
    // Team valid bet 180.00 with 3 active members: tier 2 for both. Downline 0.6% = 1.08; demo_agent 2% = 3.60, of
    // which 1.08 is its downline's: 2.52 its own.
    const subDaily = await signedInPage(platform, browser, sub, PASSWORD);
    await agentPage(subDaily, 'agentDailyWages2');
    const subRows = await recordRows(subDaily, 'daily-records', 'YESTERDAY');
    expect(subRows).toHaveLength(1);
    expect(subRows[0]).toMatch(/180\.00[\s\S]*2 · 0\.6%[\s\S]*3[\s\S]*1\.08[\s\S]*0\.00[\s\S]*1\.08[\s\S]*Paid/);
    await agentPage(subDaily, 'agentRevenueReport');
    await byId(subDaily, 'revenue-period-YESTERDAY').click();
    await eventually(() => byId(subDaily, 'revenue-net-DAILY_SALARY').innerText()).toBe('1.08');
    const topDaily = await signedInPage(platform, browser, TOP.username, TOP.password);
    await agentPage(topDaily, 'agentDailyWages2');
    const topRows = await recordRows(topDaily, 'daily-records', 'YESTERDAY');
    expect(topRows[0]).toMatch(/180\.00[\s\S]*2 · 2%[\s\S]*3\.60[\s\S]*1\.08[\s\S]*2\.52[\s\S]*Paid/);
    await agentPage(topDaily, 'agentRevenueReport');
    await byId(topDaily, 'revenue-period-YESTERDAY').click();
    await eventually(() => byId(topDaily, 'revenue-gross-DAILY_SALARY').innerText()).toBe('3.60');
    expect(await byId(topDaily, 'revenue-downlines-DAILY_SALARY').innerText()).toBe('1.08');
    expect(await byId(topDaily, 'revenue-net-DAILY_SALARY').innerText()).toBe('2.52');
    await topDaily.context().close();

    // 7. Semimonthly dividend: the members win in the first half-month (a negative base, carried forward), then lose
    //    900.00 in the next: the base is 900 − 300 = 600, so 20% = 120.00 for the downline, 30% = 180.00 for
    //    demo_agent of which 60.00 is its own.
    // Every clock move ends the sessions (30 idle minutes): each step signs in again.
    const signIn = async (who: { username: string; password: string }) =>
      asAgent(platform, await apiLogin(platform.baseUrl, who.username, who.password, 'agent'));
    const subAccount = { username: sub, password: PASSWORD };
    const firstStart = Date.parse((await (await signIn(TOP)).details('DIVIDEND')).window.end);
    await platform.clock.moveTo(Math.max(platform.clock.now(), firstStart + 2 * 60 * MINUTE_MS));
    const firstEnd = Date.parse((await (await signIn(subAccount)).details('DIVIDEND')).window.end);
    const p1 = { betMinor: 50_00, winMinor: 150_00, settledAt: platform.clock.now() - MINUTE_MS, tag: 'p1' };
    await play(platform, members, p1);
    await settleAt(firstEnd + 71 * MINUTE_MS);
    const secondEnd = Date.parse((await (await signIn(subAccount)).details('DIVIDEND')).window.end);
    const p2 = { betMinor: 300_00, winMinor: 0, settledAt: platform.clock.now() - MINUTE_MS, tag: 'p2' };
    await play(platform, members, p2);
    await settleAt(secondEnd + 71 * MINUTE_MS);
    const relogged = await signIn(subAccount);
    const windows = [
      ...(await settlementsOf(relogged, 'DIVIDEND', 'LAST_MONTH')).list,
      ...(await settlementsOf(relogged, 'DIVIDEND', 'THIS_MONTH')).list,
    ].sort((a, b) => a.window.start.localeCompare(b.window.start));
    expect(windows.map((row) => [row.status, row.teamBase, row.carriedIn, row.net])).toEqual([
      ['CARRIED', '-300.00', '0.00', '0.00'],
      ['PAID', '600.00', '-300.00', '120.00'],
    ]);
    const subDividend = await signedInPage(platform, browser, sub, PASSWORD);
    await agentPage(subDividend, 'agentDividendRecordCopy2');
    const second = windows[1]?.window.firstDay ?? '';
    const rows = await recordRows(
      subDividend,
      'dividend-records',
      second.endsWith('-01') ? 'THIS_MONTH' : 'LAST_MONTH',
    );
    expect(rows.join('\n')).toMatch(/600\.00[\s\S]*120\.00[\s\S]*Paid/);
    const topDividend = await signIn(TOP);
    const topPaid = [
      ...(await settlementsOf(topDividend, 'DIVIDEND', 'LAST_MONTH')).list,
      ...(await settlementsOf(topDividend, 'DIVIDEND', 'THIS_MONTH')).list,
    ].filter((row) => row.status === 'PAID');
    expect(topPaid.map((row) => [row.gross, row.downlineShare, row.net])).toEqual([['180.00', '120.00', '60.00']]);
  });
});
