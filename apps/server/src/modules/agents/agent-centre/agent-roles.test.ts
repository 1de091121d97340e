import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  AGENT_ROUTES,
  API,
  type DownlinePage,
  type InviteLink,
  type InviteLinkList,
  type TeamBetPage,
  type TeamOverview,
  type TeamProfitPage,
  type TeamTransactionPage,
} from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, demoMerchantId } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { trialToken } from '../../../test/wallet-helpers';
import { agentCentreRepository, DEFAULT_AGENT_SETTINGS } from './agent-centre.repository';
import {
  deposit,
  getValue,
  playRound,
  rollUp,
  seedGames,
  seedTree,
  type Caller,
  type Tree,
} from '../../../test/agent-helpers';

/**
 * Who sees what (issue 18 role tests): an agent reaches its own subtree at any depth and nothing else. Around the
 * agent under test: its upline (root), a sibling agent, its own sub-agent reaching up or sideways, an agent of
 * another tree, a member and a trial member. Refusals are 403 AGENT_ONLY for non-agents, and for an agent 404
 * DOWNLINE_NOT_FOUND / LINK_NOT_FOUND (the same answer as a name that does not exist) or an empty page.
 */
describeEachDatabase('agent centre roles', (getDb) => {
  let app: FastifyInstance;
  let tree: Tree;
  let link: InviteLink;
  let merchantId: number;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    merchantId = await demoMerchantId(getDb());
    tree = await seedTree(app, getDb());
    const games = await seedGames(getDb());
    await playRound(getDb(), games, tree.deep, 'live', 1000n, 0n);
    await playRound(getDb(), games, tree.direct, 'slot', 500n, 0n);
    await deposit(app, tree.direct.token, '100.00');
    await rollUp(getDb());
    const res = await app.inject({
      method: 'POST',
      url: API.agent.links,
      headers: bearer(tree.agent.token),
      payload: { type: 'MEMBER' },
    });
    link = res.json().value as InviteLink;
    // Locking is allowed on this merchant, so a refusal below is about the tree, not the setting.
    await agentCentreRepository(getDb()).setSettings(
      merchantId,
      { ...DEFAULT_AGENT_SETTINGS, agentsMayLock: true },
      Date.now(),
    );
  });
  afterAll(async () => {
    await agentCentreRepository(getDb()).setSettings(merchantId, DEFAULT_AGENT_SETTINGS, Date.now());
    await app.close();
  });
  beforeEach(() => clearRateLimits(getDb()));

  const send = (caller: { token: string } | null, options: InjectOptions & { url: string }) =>
    app.inject({ ...options, headers: caller === null ? {} : bearer(caller.token) });
  const expectCode = async (
    response: Promise<{ statusCode: number; json: () => { code?: string; value?: unknown } }>,
    status: number,
    code: string,
  ) => {
    const res = await response;
    expect([res.statusCode, res.json().code], JSON.stringify(res.json())).toEqual([status, code]);
    expect(res.json().value ?? null).toBeNull();
  };
  const remark = (caller: Caller, username: string) =>
    send(caller, {
      method: 'PUT',
      url: API.agent.downlineRemark.replace(':username', username),
      payload: { remark: 'mine now' },
    });
  const lock = (caller: Caller, username: string) =>
    send(caller, {
      method: 'PUT',
      url: API.agent.downlineLock.replace(':username', username),
      payload: { locked: true },
    });
  const disable = (caller: Caller, id: string) =>
    send(caller, { method: 'DELETE', url: API.agent.link.replace(':id', id) });

  /** A call of every agent route with valid input. */
  const callOf = (route: (typeof AGENT_ROUTES)[number]): InjectOptions & { url: string } => {
    const url = route.path.replace(':username', tree.direct.username).replace(':id', link.id);
    const payloads: Record<string, unknown> = {
      [`PUT ${API.agent.downlineRemark}`]: { remark: 'x' },
      [`PUT ${API.agent.downlineLock}`]: { locked: true },
      [`POST ${API.agent.links}`]: { type: 'MEMBER' },
      [`POST ${API.agent.downlines}`]: { username: 'nobody1', password: 'Str0ng#Pass', type: 'MEMBER' },
    };
    return {
      method: route.method,
      url,
      payload: payloads[`${route.method} ${route.path}`] as InjectOptions['payload'],
    };
  };

  it('should refuse every agent call to a member, a trial member and a guest', async () => {
    const trial = { token: await trialToken(app) };
    const agentRoutes = AGENT_ROUTES.filter((route) => route.auth === 'agent');
    expect(agentRoutes.length).toBe(AGENT_ROUTES.length - 1);
    for (const route of agentRoutes) {
      await expectCode(send(tree.direct, callOf(route)), 403, 'AGENT_ONLY');
      await expectCode(send(trial, callOf(route)), 403, 'AGENT_ONLY');
      await expectCode(send(null, callOf(route)), 401, 'AUTH_REQUIRED');
    }
    await expectCode(send(trial, { url: API.member.profit }), 403, 'TRIAL_FORBIDDEN');
    await expectCode(send(null, { url: API.member.profit }), 401, 'AUTH_REQUIRED');
    // Nothing changed for the member's downline.
    const page = await getValue<DownlinePage>(app, tree.agent, API.agent.downlines);
    expect(page.list.find((row) => row.username === tree.direct.username)).toMatchObject({
      status: 'ACTIVE',
      remark: null,
    });
    const links = await getValue<InviteLinkList>(app, tree.agent, API.agent.links);
    expect(links.list).toEqual([expect.objectContaining({ id: link.id, disabled: false })]);
  });

  it("should show a sibling, an outsider and a sub-agent nothing of the agent's team in their own pages", async () => {
    for (const other of [tree.sibling, tree.outsider]) {
      const overview = await getValue<TeamOverview>(app, other, API.agent.overview);
      expect(overview.periods.today).toMatchObject({ validBet: '0.00', deposits: '0.00', activeMembers: 0 });
      const bets = await getValue<TeamBetPage>(app, other, API.agent.teamBets, { username: tree.direct.username });
      expect([bets.list, bets.totals.rounds]).toEqual([[], 0]);
      const profit = await getValue<TeamProfitPage>(app, other, API.agent.teamProfit, {
        username: tree.direct.username,
      });
      expect([profit.list, profit.totals.rounds]).toEqual([[], 0]);
      const money = await getValue<TeamTransactionPage>(app, other, API.agent.teamTransactions, {
        username: tree.direct.username,
      });
      expect([money.list, money.totals.count]).toEqual([[], 0]);
      const search = await getValue<DownlinePage>(app, other, API.agent.downlines, { username: tree.direct.username });
      expect([search.list, search.totals.count]).toEqual([[], 0]);
      const links = await getValue<InviteLinkList>(app, other, API.agent.links);
      expect(links.list).toEqual([]);
    }
    // The sub-agent's team is itself and deep: never its upline's other member.
    const sub = await getValue<TeamTransactionPage>(app, tree.sub, API.agent.teamTransactions, {
      username: tree.direct.username,
    });
    expect(sub.totals.count).toBe(0);
    const subBets = await getValue<TeamBetPage>(app, tree.sub, API.agent.teamBets);
    expect(subBets.list.map((row) => row.username)).toEqual([tree.deep.username]);
  });

  it("should refuse drilling, remarking and locking outside the caller's subtree, upwards included", async () => {
    const drill = (caller: Caller, parent: string) =>
      send(caller, { url: `${API.agent.downlines}?parent=${encodeURIComponent(parent)}` });
    // Sideways and into another tree.
    for (const other of [tree.sibling, tree.outsider]) {
      await expectCode(drill(other, tree.agent.username), 404, 'DOWNLINE_NOT_FOUND');
      await expectCode(drill(other, tree.sub.username), 404, 'DOWNLINE_NOT_FOUND');
      await expectCode(remark(other, tree.deep.username), 404, 'DOWNLINE_NOT_FOUND');
      await expectCode(lock(other, tree.direct.username), 404, 'DOWNLINE_NOT_FOUND');
    }
    // Upwards: the agent towards its upline, the sub-agent towards its upline and its upline's other member.
    await expectCode(drill(tree.agent, tree.root.username), 404, 'DOWNLINE_NOT_FOUND');
    await expectCode(drill(tree.agent, tree.sibling.username), 404, 'DOWNLINE_NOT_FOUND');
    await expectCode(remark(tree.agent, tree.root.username), 404, 'DOWNLINE_NOT_FOUND');
    await expectCode(lock(tree.agent, tree.cousin.username), 404, 'DOWNLINE_NOT_FOUND');
    await expectCode(drill(tree.sub, tree.agent.username), 404, 'DOWNLINE_NOT_FOUND');
    await expectCode(remark(tree.sub, tree.direct.username), 404, 'DOWNLINE_NOT_FOUND');
    await expectCode(lock(tree.sub, tree.agent.username), 404, 'DOWNLINE_NOT_FOUND');
    // Itself is no downline, and a name that does not exist answers the same.
    await expectCode(lock(tree.agent, tree.agent.username), 404, 'DOWNLINE_NOT_FOUND');
    await expectCode(remark(tree.agent, 'nosuchname'), 404, 'DOWNLINE_NOT_FOUND');
    await expectCode(drill(tree.agent, 'nosuchname'), 404, 'DOWNLINE_NOT_FOUND');

    // None of it left a trace: everyone is still active, and the agent has no remarks.
    const page = await getValue<DownlinePage>(app, tree.agent, API.agent.downlines);
    expect(page.list.map((row) => [row.status, row.remark])).toEqual([
      ['ACTIVE', null],
      ['ACTIVE', null],
    ]);
    const deep = await getValue<DownlinePage>(app, tree.agent, API.agent.downlines, { parent: tree.sub.username });
    expect(deep.list).toEqual([
      expect.objectContaining({ username: tree.deep.username, status: 'ACTIVE', remark: null }),
    ]);
  });

  it("should let the upline reach its downline's downline with its own remarks, but not the agent's links", async () => {
    const drilled = await getValue<DownlinePage>(app, tree.root, API.agent.downlines, { parent: tree.sub.username });
    expect(drilled.breadcrumb.map((entry) => entry.username)).toEqual([
      tree.root.username,
      tree.agent.username,
      tree.sub.username,
    ]);
    expect(drilled.list).toEqual([expect.objectContaining({ username: tree.deep.username, level: 3 })]);
    const upRemark = await remark(tree.root, tree.deep.username);
    expect(upRemark.json().value).toMatchObject({ username: tree.deep.username, remark: 'mine now' });
    // The upline's remark is its own: the agent still sees none.
    const agentView = await getValue<DownlinePage>(app, tree.agent, API.agent.downlines, { parent: tree.sub.username });
    expect(agentView.list[0]?.remark).toBeNull();
    // Links belong to the agent that made them: nobody else can disable one, the upline included.
    for (const other of [tree.root, tree.sibling, tree.sub, tree.outsider]) {
      await expectCode(disable(other, link.id), 404, 'LINK_NOT_FOUND');
    }
    await expectCode(disable(tree.agent, '999999999'), 404, 'LINK_NOT_FOUND');
    const links = await getValue<InviteLinkList>(app, tree.agent, API.agent.links);
    expect(links.list).toEqual([expect.objectContaining({ id: link.id, disabled: false })]);
    const rootLinks = await getValue<InviteLinkList>(app, tree.root, API.agent.links);
    expect(rootLinks.list).toEqual([]);
  });
});
