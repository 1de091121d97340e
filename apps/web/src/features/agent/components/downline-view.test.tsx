import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API } from '@platform/contracts';
import { bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, setViewport, signIn } from '@/testing/render-app';
import { downline, downlinePage, frameRoutes, queryOf } from './agent.test-support';

const COLD = { timeout: 10_000 };
const PAGE = '/agentHome?page=downlineManagmentView';

describe('downlineManagmentView', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setViewport(true);
    signIn(1);
  });

  it('should list the direct downline with level, balance, figures, last login, status and the totals row', async () => {
    mockApi({
      ...frameRoutes,
      [`GET ${API.agent.downlines}`]: () =>
        downlinePage([
          downline(),
          downline({ username: 'player_one', type: 'MEMBER', directCount: 0, lastLogin: null }),
        ]),
    });
    await renderApp(PAGE);
    const table = within(await screen.findByTestId('downline-table', {}, COLD));
    const rows = table.getAllByTestId('downline-table-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByTestId('downline-username')).toHaveTextContent('sub_agent (Sub)');
    expect(first.getByText('Agent')).toBeVisible();
    expect(first.getByText('300.00')).toBeVisible();
    expect(first.getByText('1,000.00')).toBeVisible();
    expect(first.getByTestId('downline-status')).toHaveTextContent('Active');
    expect(within(rows[1] as HTMLElement).getByText('Never')).toBeVisible();
    expect(table.getByTestId('downline-table-totals')).toHaveTextContent('Totals · 2 members');
    expect(table.getByTestId('downline-total-deposits')).toHaveTextContent('1,000.00');
    expect(screen.getByTestId('downline-days')).toHaveTextContent('Business day 2026-11-26');
  });

  it('should drill down the tree and come back up by the breadcrumb', async () => {
    const api = mockApi({
      ...frameRoutes,
      [`GET ${API.agent.downlines}`]: (_init, url) =>
        url.searchParams.get('parent') === 'sub_agent'
          ? downlinePage([downline({ username: 'deep_player', type: 'MEMBER', level: 2, directCount: 0 })], {
              breadcrumb: [
                { username: 'demo_agent', level: 0 },
                { username: 'sub_agent', level: 1 },
              ],
            })
          : downlinePage([downline()]),
    });
    const { user } = await renderApp(PAGE);
    await user.click(await screen.findByTestId('downline-drill', {}, COLD));
    expect(await screen.findByText('deep_player')).toBeVisible();
    const crumbs = within(screen.getByTestId('downline-breadcrumb'));
    expect(crumbs.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['demo_agent', 'sub_agent']);
    expect(queryOf(callsTo(api, 'GET', API.agent.downlines).at(-1))).toMatchObject({
      parent: 'sub_agent',
      pageNo: '1',
    });
    await user.click(crumbs.getByRole('button', { name: 'demo_agent' }));
    await waitFor(() => expect(screen.queryByText('deep_player')).not.toBeInTheDocument());
    expect(screen.getByTestId('downline-username')).toHaveTextContent('sub_agent');
    // The top level is the first list again (answered from the cache, as it was asked without a parent).
    expect(within(screen.getByTestId('downline-breadcrumb')).getAllByRole('listitem')).toHaveLength(1);
    expect(callsTo(api, 'GET', API.agent.downlines).map((call) => queryOf(call).parent)).toEqual([
      undefined,
      'sub_agent',
    ]);
  });

  it('should search the team, page, and send the days of a custom period', async () => {
    const api = mockApi({
      ...frameRoutes,
      [`GET ${API.agent.downlines}`]: () => downlinePage([downline()], { totalPages: 3 }),
    });
    const { user } = await renderApp(PAGE);
    await screen.findByTestId('downline-table', {}, COLD);
    await user.click(within(screen.getByTestId('downline-pager')).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(queryOf(callsTo(api, 'GET', API.agent.downlines).at(-1))).toMatchObject({ pageNo: '2' }),
    );
    await user.type(screen.getByTestId('downline-search'), 'play');
    await user.click(screen.getByTestId('downline-search-submit'));
    await waitFor(() =>
      expect(queryOf(callsTo(api, 'GET', API.agent.downlines).at(-1))).toMatchObject({ username: 'play', pageNo: '1' }),
    );
    await user.click(screen.getByTestId('downline-period-LAST_MONTH'));
    await waitFor(() =>
      expect(queryOf(callsTo(api, 'GET', API.agent.downlines).at(-1))).toMatchObject({ period: 'LAST_MONTH' }),
    );
    await user.click(screen.getByTestId('downline-period-CUSTOM'));
    await waitFor(() => expect(queryOf(callsTo(api, 'GET', API.agent.downlines).at(-1))).toHaveProperty('from'));
    const sent = queryOf(callsTo(api, 'GET', API.agent.downlines).at(-1));
    expect(sent).toMatchObject({ period: 'CUSTOM', from: screen.getByTestId('downline-start').getAttribute('value') });
    expect(sent.to).toBe(screen.getByTestId('downline-end').getAttribute('value'));
    expect(screen.getByTestId('downline-end')).toHaveAttribute('max', sent.to);
    expect(screen.getByTestId('downline-range-hint')).toHaveTextContent('At most 3 months, up to today');
  });

  it('should save a remark and lock a downline', async () => {
    let row = downline();
    const api = mockApi({
      ...frameRoutes,
      [`GET ${API.agent.downlines}`]: () => downlinePage([row]),
      [`PUT ${API.agent.downlineRemark.replace(':username', 'sub_agent')}`]: (init) => {
        row = { ...row, remark: (bodyOf(init) as { remark: string }).remark };
        return { username: row.username, status: row.status, remark: row.remark };
      },
      [`PUT ${API.agent.downlineLock.replace(':username', 'sub_agent')}`]: (init) => {
        row = { ...row, status: (bodyOf(init) as { locked: boolean }).locked ? 'LOCKED' : 'ACTIVE' };
        return { username: row.username, status: row.status, remark: row.remark };
      },
    });
    const { user } = await renderApp(PAGE);
    await user.click(await screen.findByTestId('downline-remark', {}, COLD));
    const dialog = within(await screen.findByTestId('remark-dialog'));
    await user.type(dialog.getByTestId('remark-input'), '  VIP from the fair ');
    await user.click(dialog.getByTestId('remark-save'));
    await waitFor(() => expect(screen.getByTestId('downline-remark-text')).toHaveTextContent('VIP from the fair'));
    expect(bodyOf(callsTo(api, 'PUT', '/wps/agent/downlines/sub_agent/remark')[0]?.[1])).toEqual({
      remark: 'VIP from the fair',
    });
    await user.click(screen.getByTestId('downline-lock'));
    const confirm = within(await screen.findByTestId('lock-dialog'));
    expect(confirm.getByText('Lock sub_agent?')).toBeVisible();
    await user.click(confirm.getByTestId('lock-confirm'));
    await waitFor(() => expect(screen.getByTestId('downline-status')).toHaveTextContent('Locked'));
    expect(bodyOf(callsTo(api, 'PUT', '/wps/agent/downlines/sub_agent/lock')[0]?.[1])).toEqual({ locked: true });
    expect(screen.getByTestId('downline-lock')).toHaveTextContent('Unlock');
    expect(screen.queryByTestId('downline-transfer')).not.toBeInTheDocument();
  });

  it('should open the transfer to the chosen downline, and offer no lock where the merchant does not allow it', async () => {
    mockApi({ ...frameRoutes, [`GET ${API.agent.downlines}`]: () => downlinePage([downline()], { canLock: false }) });
    const { user } = await renderApp(PAGE);
    await user.click(await screen.findByTestId('downline-transfer', {}, COLD));
    const dialog = within(await screen.findByTestId('downline-transfer-dialog'));
    expect(dialog.getByRole('heading', { name: 'Transfer to sub_agent' })).toBeVisible();
    expect(dialog.queryByTestId('transfer-downline-username')).not.toBeInTheDocument();
    expect(dialog.getByTestId('transfer-downline-amount')).toBeVisible();
    expect(screen.queryByTestId('downline-lock')).not.toBeInTheDocument();
  });

  it('should say so when there is no downline, or nobody matches the search', async () => {
    mockApi({ ...frameRoutes, [`GET ${API.agent.downlines}`]: () => downlinePage([]) });
    const { user } = await renderApp(PAGE);
    expect(await screen.findByTestId('downline-empty', {}, COLD)).toHaveTextContent('No downline here yet');
    await user.type(screen.getByTestId('downline-search'), 'zzz');
    await user.click(screen.getByTestId('downline-search-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('downline-empty')).toHaveTextContent('Nobody in your team matches zzz'),
    );
  });
});
