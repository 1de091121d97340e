import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentTreeNode, AgentTreePage, OpsAgentReport, TeamFigures } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const TREE = '/wps/ops/agent-tree';

const node = (overrides: Partial<AgentTreeNode> = {}): AgentTreeNode => ({
  id: '10',
  username: 'agent_anna',
  kind: 'AGENT',
  userType: 1,
  status: 'ACTIVE',
  direct: 2,
  total: 5,
  createdAt: '2026-01-02T03:04:05.000Z',
  ...overrides,
});

const treePage = (overrides: Partial<AgentTreePage> = {}): AgentTreePage => ({
  parent: null,
  path: [],
  list: [node()],
  pageNo: 1,
  total: 1,
  totalPages: 1,
  ...overrides,
});

const figures = (overrides: Partial<TeamFigures> = {}): TeamFigures => ({
  activeMembers: 3,
  newMembers: 4,
  firstDeposits: 1,
  deposits: '120.00',
  withdrawals: '40.00',
  validBet: '35.00',
  profit: '-6.00',
  ...overrides,
});

const report = (overrides: Partial<OpsAgentReport> = {}): OpsAgentReport => ({
  agent: { id: '10', username: 'agent_anna', kind: 'AGENT' },
  period: { period: 'TODAY', from: '2026-11-27', to: '2026-11-27' },
  timeZone: 'Asia/Manila',
  teamSize: { direct: 2, total: 5 },
  figures: figures(),
  downlines: {
    list: [
      {
        id: '11',
        username: 'agent_ben',
        kind: 'AGENT',
        teamSize: { direct: 1, total: 1 },
        figures: figures({ validBet: '25.00', profit: '0.00' }),
      },
      { id: '12', username: 'member_mo', kind: 'MEMBER', teamSize: { direct: 0, total: 0 }, figures: figures() },
    ],
    pageNo: 1,
    total: 2,
    totalPages: 1,
  },
  ...overrides,
});

const params = (api: ReturnType<typeof mockApi>, path: string) =>
  callsTo(api, 'GET', path).map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams),
  );

describe('agent screens', () => {
  beforeAll(async () => {
    await Promise.all([import('./agent-tree-page'), import('./agent-limits-page'), import('./agent-report-page')]);
  });

  it('should show the agent tree only to roles with agents.view, in the nav and at its URL', async () => {
    mockApi({ [`GET ${TREE}`]: () => treePage() });
    renderApp('/agents/tree', { staff: 'content' });
    expect(await screen.findByTestId('forbidden-page', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Agent tree' })).not.toBeInTheDocument();
  });

  it('should list top-level agents with their team sizes and drill down along the path', async () => {
    const api = mockApi({
      [`GET ${TREE}`]: (_init, url) =>
        url.searchParams.get('parentId') === '10'
          ? treePage({
              parent: node(),
              path: [{ id: '10', username: 'agent_anna' }],
              list: [
                node({ id: '11', username: 'agent_ben', direct: 1, total: 1 }),
                node({ id: '12', username: 'member_mo', kind: 'MEMBER', userType: 0, direct: 0, total: 0 }),
              ],
              total: 2,
            })
          : treePage(),
    });
    const user = userEvent.setup();
    renderApp('/agents/tree', { staff: 'risk' });
    const rows = await screen.findAllByTestId('agent-tree-row', {}, { timeout: 15_000 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('agent_anna');
    expect(rows[0]).toHaveTextContent('Agent');
    expect(rows[0]).toHaveTextContent('5');
    // risk reads the tree but may not move anyone.
    expect(within(rows[0]!).queryByTestId('tree-move')).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByTestId('tree-open'));
    await waitFor(() => expect(screen.getAllByTestId('agent-tree-row')).toHaveLength(2));
    expect(params(api, TREE).at(-1)).toMatchObject({ parentId: '10' });
    expect(screen.getByTestId('tree-path')).toHaveTextContent('agent_anna');
    expect(screen.getByTestId('tree-parent')).toHaveTextContent('agent_anna: 2 direct, 5 in the whole team');
    const [ben, mo] = screen.getAllByTestId('agent-tree-row');
    expect(within(ben!).getByTestId('tree-report')).toHaveAttribute('href', '/agents/11/report');
    expect(mo).toHaveTextContent('Member');
    expect(within(mo!).queryByTestId('tree-limits')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('tree-top'));
    await waitFor(() => expect(screen.getAllByTestId('agent-tree-row')).toHaveLength(1));
  });

  it('should move a member under an agent named by username, with a reason, and show a refusal', async () => {
    const moves: unknown[] = [];
    let refuse = true;
    const api = mockApi({
      [`GET ${TREE}`]: () => treePage({ list: [node({ id: '11', username: 'agent_ben', direct: 1, total: 1 })] }),
      'GET /wps/ops/members': (_init, url) => ({
        list:
          url.searchParams.get('username') === 'agent_cy'
            ? [
                {
                  ...{ id: '13', username: 'agent_cy', nickname: null, realName: null, userType: 1 },
                  ...{ status: 'ACTIVE', countryDialingCode: null, mobileNum: null, upline: null },
                  ...{ registeredAt: '2026-01-02T03:04:05.000Z', lastLoginAt: null },
                },
              ]
            : [],
        pageNo: 1,
        totalPages: 1,
      }),
      'POST /wps/ops/members/11/upline': (init) => {
        moves.push(bodyOf(init));
        if (refuse) {
          refuse = false;
          throw new ApiFailure(409, 'MOVE_REFUSED', 'agent_cy is in agent_ben’s own team: the move would make a cycle');
        }
        return {
          id: '11',
          username: 'agent_ben',
          from: { id: '10', username: 'agent_anna' },
          to: { id: '13', username: 'agent_cy' },
          moved: 2,
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/agents/tree', { staff: 'owner' });
    const [row] = await screen.findAllByTestId('agent-tree-row', {}, { timeout: 15_000 });
    await user.click(within(row!).getByTestId('tree-move'));
    const dialog = await screen.findByTestId('move-dialog');
    expect(dialog).toHaveTextContent('whole team (2 accounts)');

    // Nothing is sent without an upline and a reason.
    await user.click(within(dialog).getByTestId('move-confirm'));
    expect(await within(dialog).findByText('Enter the username of the new upline agent.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('move-upline'), 'nobody');
    await user.type(within(dialog).getByTestId('move-reason'), 'Team handed over');
    await user.click(within(dialog).getByTestId('move-confirm'));
    expect(await within(dialog).findByText('No agent has this username.')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/wps/ops/members/11/upline')).toHaveLength(0);

    await user.clear(within(dialog).getByTestId('move-upline'));
    await user.type(within(dialog).getByTestId('move-upline'), 'agent_cy');
    await user.click(within(dialog).getByTestId('move-confirm'));
    expect(await within(dialog).findByTestId('move-error')).toHaveTextContent('would make a cycle');
    await user.click(within(dialog).getByTestId('move-confirm'));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'agent_ben and its team (2 accounts) moved under agent_cy',
    );
    expect(moves).toEqual([
      { parentId: '13', reason: 'Team handed over' },
      { parentId: '13', reason: 'Team handed over' },
    ]);
    await waitFor(() => expect(screen.queryByTestId('move-dialog')).not.toBeInTheDocument());
  });

  it('should move a member to the top without naming an upline', async () => {
    const moves: unknown[] = [];
    mockApi({
      [`GET ${TREE}`]: () => treePage({ list: [node({ id: '11', username: 'agent_ben', direct: 0, total: 0 })] }),
      'POST /wps/ops/members/11/upline': (init) => {
        moves.push(bodyOf(init));
        return { id: '11', username: 'agent_ben', from: { id: '10', username: 'agent_anna' }, to: null, moved: 1 };
      },
    });
    const user = userEvent.setup();
    renderApp('/agents/tree', { staff: 'admin' });
    const [row] = await screen.findAllByTestId('agent-tree-row', {}, { timeout: 15_000 });
    await user.click(within(row!).getByTestId('tree-move'));
    const dialog = await screen.findByTestId('move-dialog');
    await user.selectOptions(within(dialog).getByTestId('move-target'), 'TOP');
    expect(within(dialog).queryByTestId('move-upline')).not.toBeInTheDocument();
    await user.type(within(dialog).getByTestId('move-reason'), 'Independent now');
    await user.click(within(dialog).getByTestId('move-confirm'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('agent_ben moved to the top');
    expect(moves).toEqual([{ parentId: null, reason: 'Independent now' }]);
  });

  it('should read an agent’s limits and save new ones; without agents.limits the form is read-only', async () => {
    const saved: unknown[] = [];
    mockApi({
      'GET /wps/ops/agents/10/limits': () => ({ mayCreateAgents: true, maxAccounts: null, created: 4 }),
      'PUT /wps/ops/agents/10/limits': (init) => {
        saved.push(bodyOf(init));
        return { ...(bodyOf(init) as object), created: 4 };
      },
    });
    const user = userEvent.setup();
    const { unmount } = renderApp('/agents/10/limits', { staff: 'owner' });
    expect(await screen.findByTestId('limits-created', {}, { timeout: 15_000 })).toHaveTextContent(
      '4 accounts in its direct downline now.',
    );
    expect(screen.getByTestId('limits-may-create-agents')).toBeChecked();
    expect(screen.getByTestId('limits-max-accounts')).toHaveValue(null);
    await user.click(screen.getByTestId('limits-may-create-agents'));
    await user.type(screen.getByTestId('limits-max-accounts'), '25');
    await user.click(screen.getByTestId('limits-save'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Limits saved');
    expect(saved).toEqual([{ mayCreateAgents: false, maxAccounts: 25 }]);
    unmount();

    renderApp('/agents/10/limits', { staff: 'risk' });
    expect(await screen.findByTestId('limits-max-accounts')).toBeDisabled();
    expect(screen.queryByTestId('limits-save')).not.toBeInTheDocument();
  });

  it('should show the rules for all agents above the tree and save them; without agents.limits they are read-only', async () => {
    const saved: unknown[] = [];
    mockApi({
      [`GET ${TREE}`]: () => treePage(),
      'GET /wps/ops/agent-settings': () => ({
        agentsMayLock: false,
        defaultMayCreateAgents: true,
        defaultMaxAccounts: 50,
      }),
      'PUT /wps/ops/agent-settings': (init) => {
        saved.push(bodyOf(init));
        return bodyOf(init);
      },
    });
    const user = userEvent.setup();
    const { unmount } = renderApp('/agents/tree', { staff: 'admin' });
    const panel = await screen.findByTestId('agent-settings', {}, { timeout: 15_000 });
    await user.click(within(panel).getByText('Rules for all agents'));
    expect(await within(panel).findByTestId('settings-max-accounts')).toHaveValue(50);
    expect(within(panel).getByTestId('settings-may-lock')).not.toBeChecked();
    await user.click(within(panel).getByTestId('settings-may-lock'));
    await user.clear(within(panel).getByTestId('settings-max-accounts'));
    await user.click(within(panel).getByTestId('settings-save'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Agent rules saved');
    expect(saved).toEqual([{ agentsMayLock: true, defaultMayCreateAgents: true, defaultMaxAccounts: null }]);
    unmount();

    renderApp('/agents/tree', { staff: 'risk' });
    expect(await screen.findByTestId('settings-may-lock', {}, { timeout: 15_000 })).toBeDisabled();
    expect(screen.queryByTestId('settings-save')).not.toBeInTheDocument();
  });

  it('should show an agent’s team figures and its direct downline for the chosen period', async () => {
    const api = mockApi({ 'GET /wps/ops/agents/10/report': () => report() });
    const user = userEvent.setup();
    renderApp('/agents/10/report', { staff: 'finance' });
    expect(await screen.findByTestId('report-validBet', {}, { timeout: 15_000 })).toHaveTextContent('35.00');
    expect(screen.getByTestId('report-profit')).toHaveTextContent('-6.00');
    expect(screen.getByTestId('report-activeMembers')).toHaveTextContent('3');
    expect(screen.getByTestId('report-period-days')).toHaveTextContent('2026-11-27 to 2026-11-27 (Asia/Manila)');
    const rows = screen.getAllByTestId('agent-report-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('agent_ben');
    expect(rows[0]).toHaveTextContent('25.00');
    expect(within(rows[0]!).getByTestId('report-downline-link')).toHaveAttribute('href', '/agents/11/report');
    expect(params(api, '/wps/ops/agents/10/report')).toEqual([{ period: 'TODAY', pageNo: '1' }]);

    await user.selectOptions(screen.getByTestId('report-period'), 'LAST_MONTH');
    await user.click(screen.getByTestId('report-filters-apply'));
    await waitFor(() =>
      expect(params(api, '/wps/ops/agents/10/report').at(-1)).toEqual({ period: 'LAST_MONTH', pageNo: '1' }),
    );

    // A custom range longer than three months is refused in place and not sent.
    const before = callsTo(api, 'GET', '/wps/ops/agents/10/report').length;
    await user.selectOptions(screen.getByTestId('report-period'), 'CUSTOM');
    await user.type(screen.getByTestId('report-from'), '2026-01-01');
    await user.type(screen.getByTestId('report-to'), '2026-06-01');
    await user.click(screen.getByTestId('report-filters-apply'));
    expect(
      await screen.findByText('The start must not be after the end, and at most 3 months before it.'),
    ).toBeInTheDocument();
    expect(callsTo(api, 'GET', '/wps/ops/agents/10/report')).toHaveLength(before);
  });
});
