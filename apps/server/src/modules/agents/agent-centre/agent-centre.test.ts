import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  API,
  type DownlinePage,
  type PersonalProfit,
  type TeamBetPage,
  type TeamOverview,
  type TeamProfitPage,
  type TeamTransactionPage,
} from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, demoMerchantId } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { balanceOf, trialToken } from '../../../test/wallet-helpers';
import { agentCentreRepository, DEFAULT_AGENT_SETTINGS } from './agent-centre.repository';
import {
  deposit,
  getValue,
  playRound,
  rollUp,
  seedGames,
  seedTree,
  transferDown,
  type Tree,
} from '../../../test/agent-helpers';

describeEachDatabase('agent centre figures on a small team', (getDb) => {
  let app: FastifyInstance;
  let tree: Tree;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    tree = await seedTree(app, getDb());
    const games = await seedGames(getDb());
    // deep (under sub) loses 6.00 on LIVE; direct wins 7.00 on RNG; the agent itself loses 0.50; a play-money round,
    // a cousin's (sibling's team) and a stranger's (another tree) never count for the agent.
    await playRound(getDb(), games, tree.deep, 'live', 1000n, 400n);
    await playRound(getDb(), games, tree.direct, 'slot', 500n, 1200n);
    await playRound(getDb(), games, tree.agent, 'slot', 100n, 50n);
    await playRound(getDb(), games, tree.direct, 'slot', 900n, 0n, { play: true });
    await playRound(getDb(), games, tree.cousin, 'live', 300n, 0n);
    await playRound(getDb(), games, tree.stranger, 'live', 200n, 0n);
    await deposit(app, tree.direct.token, '100.00');
    await deposit(app, tree.cousin.token, '60.00');
    await deposit(app, tree.agent.token, '50.00');
    await transferDown(app, tree.agent, tree.direct, '20.00');
    await rollUp(getDb());
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  it("should show the team's figures for today, this week and this month, with a 30-day series", async () => {
    const overview = await getValue<TeamOverview>(app, tree.agent, API.agent.overview);
    expect(overview.teamSize).toEqual({ direct: 2, total: 3 });
    const expected = {
      activeMembers: 3,
      firstDeposits: 2,
      deposits: '150.00',
      withdrawals: '0.00',
      validBet: '16.00',
      profit: '0.50',
    };
    expect(overview.periods.today).toMatchObject(expected);
    expect(overview.periods.thisWeek).toMatchObject(expected);
    expect(overview.periods.thisMonth).toMatchObject(expected);
    expect(overview.periods.yesterday).toMatchObject({ validBet: '0.00', deposits: '0.00', activeMembers: 0 });
    expect(overview.series).toHaveLength(30);
    expect(overview.series.at(-1)).toMatchObject({ day: overview.today, ...expected });
    expect(overview.series.slice(0, -1).every((day) => day.validBet === '0.00')).toBe(true);
    // The picked period: today by default; last month has none of it; a custom range over today has it all.
    expect(overview.selected).toEqual({
      period: { period: 'TODAY', from: overview.today, to: overview.today },
      figures: overview.periods.today,
    });
    const lastMonth = await getValue<TeamOverview>(app, tree.agent, API.agent.overview, { period: 'LAST_MONTH' });
    expect(lastMonth.selected.figures).toMatchObject({ validBet: '0.00', deposits: '0.00', activeMembers: 0 });
    expect(lastMonth.selected.period.to < overview.today).toBe(true);
    const custom = await getValue<TeamOverview>(app, tree.agent, API.agent.overview, {
      ...{ period: 'CUSTOM', from: overview.series[0]!.day, to: overview.today },
    });
    expect(custom.selected.figures).toMatchObject(expected);
    const tooLong = await app.inject({
      url: `${API.agent.overview}?period=CUSTOM&from=2020-01-01&to=${overview.today}`,
      headers: bearer(tree.agent.token),
    });
    expect(tooLong.statusCode).toBe(400);
    // The sub-agent's team is itself and deep only.
    const sub = await getValue<TeamOverview>(app, tree.sub, API.agent.overview);
    expect(sub.teamSize).toEqual({ direct: 1, total: 1 });
    expect(sub.periods.today).toMatchObject({ activeMembers: 1, validBet: '10.00', profit: '-6.00', deposits: '0.00' });
  });

  it('should list the direct downline with balances, team figures and totals, and drill down with a breadcrumb', async () => {
    const page = await getValue<DownlinePage>(app, tree.agent, API.agent.downlines);
    expect(page.breadcrumb).toEqual([{ username: tree.agent.username, level: 0 }]);
    const byName = new Map(page.list.map((row) => [row.username, row]));
    expect(byName.get(tree.sub.username)).toMatchObject({
      type: 'AGENT',
      level: 1,
      directCount: 1,
      balance: '0.00',
      status: 'ACTIVE',
      figures: { validBet: '10.00', profit: '-6.00', deposits: '0.00' },
    });
    expect(byName.get(tree.direct.username)).toMatchObject({
      type: 'MEMBER',
      level: 1,
      directCount: 0,
      balance: '120.00',
      lastLogin: expect.any(String),
      figures: { validBet: '5.00', profit: '7.00', deposits: '100.00', withdrawals: '0.00' },
    });
    expect(page.list).toHaveLength(2);
    expect(page.totals).toEqual({
      count: 2,
      balance: '120.00',
      validBet: '15.00',
      profit: '1.00',
      deposits: '100.00',
      withdrawals: '0.00',
    });
    expect(page.canLock).toBe(false);

    const drilled = await getValue<DownlinePage>(app, tree.agent, API.agent.downlines, { parent: tree.sub.username });
    expect(drilled.breadcrumb).toEqual([
      { username: tree.agent.username, level: 0 },
      { username: tree.sub.username, level: 1 },
    ]);
    expect(drilled.list).toEqual([
      expect.objectContaining({
        username: tree.deep.username,
        level: 2,
        figures: expect.objectContaining({ validBet: '10.00' }),
      }),
    ]);

    // A search reaches any depth; paging splits the rows.
    const found = await getValue<DownlinePage>(app, tree.agent, API.agent.downlines, {
      username: tree.deep.username.slice(0, 8),
    });
    expect(found.list.map((row) => [row.username, row.level])).toEqual([[tree.deep.username, 2]]);
    const paged = await getValue<DownlinePage>(app, tree.agent, API.agent.downlines, { pageSize: '1', pageNo: '2' });
    expect([paged.list.length, paged.totalPages, paged.totals.count]).toEqual([1, 2, 2]);
    // Yesterday nobody played: the same rows, with zero figures.
    const yesterday = await getValue<DownlinePage>(app, tree.agent, API.agent.downlines, { period: 'YESTERDAY' });
    expect(yesterday.totals).toMatchObject({ count: 2, validBet: '0.00', deposits: '0.00', balance: '120.00' });
  });

  it("should list the team's settled rounds with totals, filtered by member and game type, never the agent's own", async () => {
    const all = await getValue<TeamBetPage>(app, tree.agent, API.agent.teamBets);
    expect(all.list.map((row) => row.username).sort()).toEqual([tree.deep.username, tree.direct.username].sort());
    expect(all.totals).toEqual({ rounds: 2, bet: '15.00', validBet: '15.00', payout: '16.00', profit: '1.00' });
    const live = await getValue<TeamBetPage>(app, tree.agent, API.agent.teamBets, { gameType: 'LIVE' });
    expect(live.list).toEqual([
      expect.objectContaining({ username: tree.deep.username, gameType: 'LIVE', bet: '10.00', profit: '-6.00' }),
    ]);
    const one = await getValue<TeamBetPage>(app, tree.agent, API.agent.teamBets, { username: tree.direct.username });
    expect(one.totals).toMatchObject({ rounds: 1, profit: '7.00' });
    const lastWeek = await getValue<TeamBetPage>(app, tree.agent, API.agent.teamBets, { period: 'LAST_WEEK' });
    expect(lastWeek.totals.rounds).toBe(0);
  });

  it('should give each downline who played its own profit and loss, and the totals', async () => {
    const page = await getValue<TeamProfitPage>(app, tree.agent, API.agent.teamProfit);
    expect(page.list).toEqual([
      expect.objectContaining({ username: tree.direct.username, type: 'MEMBER', level: 1, rounds: 1, profit: '7.00' }),
      expect.objectContaining({ username: tree.deep.username, level: 2, validBet: '10.00', profit: '-6.00' }),
    ]);
    expect(page.totals).toEqual({ rounds: 2, bet: '15.00', validBet: '15.00', payout: '16.00', profit: '1.00' });
    // The root sees the whole tree below it: the agent's own round and the cousin's too.
    const root = await getValue<TeamProfitPage>(app, tree.root, API.agent.teamProfit);
    expect(root.totals).toMatchObject({ rounds: 4, validBet: '19.00' });
  });

  it("should list the team's deposits and transfers from the ledger, by type, with totals", async () => {
    const all = await getValue<TeamTransactionPage>(app, tree.agent, API.agent.teamTransactions);
    expect(all.list).toEqual([
      expect.objectContaining({ username: tree.direct.username, type: 'TRANSFER', amount: '+20.00' }),
      expect.objectContaining({ username: tree.direct.username, type: 'DEPOSIT', code: 'DEPOSIT', amount: '+100.00' }),
    ]);
    expect(all.totals).toEqual({
      count: 2,
      deposits: '100.00',
      withdrawals: '0.00',
      transfers: '+20.00',
      bonuses: '0.00',
    });
    const deposits = await getValue<TeamTransactionPage>(app, tree.agent, API.agent.teamTransactions, {
      type: 'DEPOSIT',
    });
    expect(deposits.list.map((row) => row.amount)).toEqual(['+100.00']);
    // The root's team includes the agent: its deposit, its transfer out and the cousin's deposit.
    const root = await getValue<TeamTransactionPage>(app, tree.root, API.agent.teamTransactions);
    expect(root.totals).toMatchObject({ count: 5, deposits: '210.00', transfers: '0.00' });
  });

  it('should give a member its own profit and loss by game type, and refuse a trial member', async () => {
    const profit = await getValue<PersonalProfit>(app, tree.direct, API.member.profit, { period: 'THIS_MONTH' });
    expect(profit.list).toEqual([
      { gameType: 'RNG', rounds: 1, bet: '5.00', validBet: '5.00', payout: '12.00', profit: '7.00' },
    ]);
    expect(profit.totals).toMatchObject({ rounds: 1, profit: '7.00' });
    expect(profit.period).toMatchObject({ period: 'THIS_MONTH', to: expect.any(String) });
    const agent = await getValue<PersonalProfit>(app, tree.agent, API.member.profit);
    expect(agent.totals).toMatchObject({ rounds: 1, profit: '-0.50' });
    const trial = await app.inject({ url: API.member.profit, headers: bearer(await trialToken(app)) });
    expect([trial.statusCode, trial.json().code]).toEqual([403, 'TRIAL_FORBIDDEN']);
  });

  it('should refuse a custom period past today or longer than three months', async () => {
    const overview = await getValue<TeamOverview>(app, tree.agent, API.agent.overview);
    const future = await app.inject({
      url: `${API.agent.teamBets}?period=CUSTOM&from=${overview.today}&to=2999-01-01`,
      headers: bearer(tree.agent.token),
    });
    expect(future.statusCode).toBe(400);
    const tomorrow = new Date(`${overview.today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const past = await app.inject({
      url: `${API.member.profit}?period=CUSTOM&from=${overview.today}&to=${tomorrow.toISOString().slice(0, 10)}`,
      headers: bearer(tree.direct.token),
    });
    expect([past.statusCode, past.json().code]).toEqual([400, 'PERIOD_INVALID']);
    const long = await app.inject({
      url: `${API.agent.teamProfit}?period=CUSTOM&from=2026-01-01&to=2026-05-01`,
      headers: bearer(tree.agent.token),
    });
    expect([long.statusCode, long.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('should let an agent remark a downline, and lock one only where the merchant allows it', async () => {
    const remark = await app.inject({
      method: 'PUT',
      url: API.agent.downlineRemark.replace(':username', tree.deep.username),
      headers: bearer(tree.agent.token),
      payload: { remark: 'big player' },
    });
    expect(remark.json().value).toEqual({ username: tree.deep.username, status: 'ACTIVE', remark: 'big player' });
    const drilled = await getValue<DownlinePage>(app, tree.agent, API.agent.downlines, { parent: tree.sub.username });
    expect(drilled.list[0]?.remark).toBe('big player');
    // Each agent keeps its own remarks: the sub-agent sees none of its upline's.
    const own = await getValue<DownlinePage>(app, tree.sub, API.agent.downlines);
    expect(own.list[0]?.remark).toBeNull();

    const lockUrl = API.agent.downlineLock.replace(':username', tree.deep.username);
    const lock = (locked: boolean) =>
      app.inject({ method: 'PUT', url: lockUrl, headers: bearer(tree.agent.token), payload: { locked } });
    const refused = await lock(true);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'LOCK_NOT_ALLOWED']);
    const merchantId = await demoMerchantId(getDb());
    const own2 = agentCentreRepository(getDb());
    await own2.setSettings(merchantId, { ...DEFAULT_AGENT_SETTINGS, agentsMayLock: true }, Date.now());
    try {
      const locked = await lock(true);
      expect(locked.json().value).toMatchObject({ status: 'LOCKED', remark: 'big player' });
      // The lock logs the member out everywhere.
      const session = await app.inject({ url: API.wallet.balance, headers: bearer(tree.deep.token) });
      expect(session.statusCode).toBe(401);
      const list = await getValue<DownlinePage>(app, tree.agent, API.agent.downlines, { parent: tree.sub.username });
      expect(list).toMatchObject({ canLock: true, list: [{ status: 'LOCKED' }] });
      expect((await lock(false)).json().value).toMatchObject({ status: 'ACTIVE' });
    } finally {
      await own2.setSettings(merchantId, DEFAULT_AGENT_SETTINGS, Date.now());
    }
    expect((await balanceOf(app, tree.direct.token)).balance).toBe('120.00');
  });
});
