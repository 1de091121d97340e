import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API } from '@platform/contracts';
import { ApiFailure, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, setViewport, signIn } from '@/testing/render-app';
import { figures, frameRoutes, overview, queryOf } from './agent.test-support';

// The centre is a lazy chunk: its first import in a cold run, on a busy machine, takes seconds.
const COLD = { timeout: 10_000 };

describe('agentTeamOverview', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setViewport(true);
    signIn(1);
  });

  it('should show the team size and each figure for today, yesterday, this week and this month', async () => {
    mockApi({ ...frameRoutes, [`GET ${API.agent.overview}`]: () => overview() });
    await renderApp('/agentHome?page=agentTeamOverview');
    const page = within(await screen.findByTestId('team-overview', {}, COLD));
    expect(await page.findByTestId('team-size-total', {}, COLD)).toHaveTextContent('5');
    expect(page.getByTestId('team-size-direct')).toHaveTextContent('2');
    expect(page.getByTestId('team-today-activeMembers')).toHaveTextContent('3');
    expect(page.getByTestId('team-today-deposits')).toHaveTextContent('1,500.00');
    expect(page.getByTestId('team-today-profit')).toHaveTextContent('-120.50');
    expect(page.getByTestId('team-today-profit')).toHaveAttribute('data-tone', 'down');
    expect(page.getByTestId('team-yesterday-profit')).toHaveAttribute('data-tone', 'up');
    expect(page.getByTestId('team-thisWeek-firstDeposits')).toHaveTextContent('1');
    expect(page.getByTestId('team-thisMonth-validBet')).toHaveTextContent('5,020.00');
    expect(page.getByTestId('team-thisMonth-newMembers')).toHaveTextContent('5');
    const headings = within(page.getByTestId('team-figures'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual(['Figure', 'Today', 'Yesterday', 'This week', 'This month']);
  });

  it('should chart the chosen figure over the last 30 days, negative days below the zero line', async () => {
    mockApi({ ...frameRoutes, [`GET ${API.agent.overview}`]: () => overview() });
    const { user } = await renderApp('/agentHome');
    const chart = await screen.findByTestId('team-chart');
    expect(within(chart).getByRole('img', { name: 'Valid bet over the last 30 days' })).toBeInTheDocument();
    const bars = within(chart).getAllByTestId('team-chart-bar');
    expect(bars).toHaveLength(30);
    expect(bars[29]).toHaveTextContent('2026-10-30: 290.00');
    // The tallest valid bet is the last day's.
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(Math.max(...heights)).toBe(heights[29]);
    await user.selectOptions(screen.getByTestId('team-chart-metric'), 'profit');
    const profitBars = within(screen.getByTestId('team-chart')).getAllByTestId('team-chart-bar');
    expect(profitBars[0]).toHaveClass('agent-chart__bar--down');
    expect(profitBars[1]).not.toHaveClass('agent-chart__bar--down');
    expect(profitBars[0]).toHaveTextContent('2026-10-01: -5.00');
  });

  it("should show the team's figures for the period the agent picks", async () => {
    const api = mockApi({
      ...frameRoutes,
      [`GET ${API.agent.overview}`]: (_init, url) =>
        url.searchParams.get('period') === 'LAST_MONTH'
          ? overview({
              selected: {
                period: { period: 'LAST_MONTH', from: '2026-10-01', to: '2026-10-31' },
                figures: figures({ activeMembers: 7, validBet: '9100.00', profit: '350.25' }),
              },
            })
          : overview(),
    });
    const { user } = await renderApp('/agentHome');
    expect(await screen.findByTestId('team-selected-validBet', {}, COLD)).toHaveTextContent('820.00');
    await user.click(screen.getByTestId('team-overview-period-LAST_MONTH'));
    await waitFor(() => expect(screen.getByTestId('team-selected-validBet')).toHaveTextContent('9,100.00'));
    expect(screen.getByTestId('team-selected-activeMembers')).toHaveTextContent('7');
    expect(screen.getByTestId('team-selected-profit')).toHaveAttribute('data-tone', 'up');
    expect(screen.getByTestId('team-selected-days')).toHaveTextContent('2026-10-01');
    expect(queryOf(callsTo(api, 'GET', API.agent.overview).at(-1))).toMatchObject({ period: 'LAST_MONTH' });
    // The four fixed periods stay as they were.
    expect(screen.getByTestId('team-today-validBet')).toHaveTextContent('820.00');
  });

  it('should say so when the agent has no team yet', async () => {
    mockApi({
      ...frameRoutes,
      [`GET ${API.agent.overview}`]: () => overview({ teamSize: { direct: 0, total: 0 } }),
    });
    await renderApp('/agentHome');
    expect(await screen.findByTestId('team-overview-empty')).toHaveTextContent('No team figures yet');
  });

  it('should show a failure with a retry that loads the figures', async () => {
    let calls = 0;
    mockApi({
      ...frameRoutes,
      [`GET ${API.agent.overview}`]: () => {
        calls += 1;
        // The first try and the client's one retry fail.
        if (calls <= 2) throw new ApiFailure(503, 'INTERNAL', 'down');
        return overview();
      },
    });
    const { user } = await renderApp('/agentHome');
    const error = await screen.findByTestId('team-overview-error', {}, { timeout: 6000 });
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('team-size-total')).toHaveTextContent('5');
  });
});

describe('agentAnnouncement', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setViewport(true);
    signIn(1);
  });

  const announcement = (id: number) => ({
    id: String(id),
    type: 'B' as const,
    title: `Commission news ${id}`,
    content: `Line one\nLine two of ${id}`,
    publishedAt: '2026-11-20T08:00:00.000Z',
    endsAt: null,
  });

  it('should list the announcements for agents in the language in use, and page through them', async () => {
    const api = mockApi({
      ...frameRoutes,
      [`GET ${API.agentContent.announcements}`]: (_init, url) => {
        const pageNo = Number(url.searchParams.get('pageNo'));
        return {
          list: pageNo === 1 ? [announcement(1), announcement(2)] : [announcement(3)],
          pageNo,
          pageSize: 10,
          total: 12,
          totalPages: 2,
        };
      },
    });
    const { user } = await renderApp('/agentHome?page=agentAnnouncement');
    const page = within(await screen.findByTestId('agent-announcements'));
    expect(
      (await page.findAllByTestId('agent-announcement')).map((item) => item.querySelector('h3')?.textContent),
    ).toEqual(['Commission news 1', 'Commission news 2']);
    expect(page.getByTestId('agent-announcements-total')).toHaveTextContent('12 announcements');
    expect(queryOf(callsTo(api, 'GET', API.agentContent.announcements)[0])).toMatchObject({
      pageNo: '1',
      language: 'EN',
    });
    await user.click(within(page.getByTestId('agent-announcements-pager')).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(page.getAllByTestId('agent-announcement')).toHaveLength(1));
    expect(page.getByText('Commission news 3')).toBeVisible();
  });

  it('should say so when there are none', async () => {
    mockApi({
      ...frameRoutes,
      [`GET ${API.agentContent.announcements}`]: () => ({ list: [], pageNo: 1, pageSize: 10, total: 0, totalPages: 0 }),
    });
    await renderApp('/agentHome?page=agentAnnouncement');
    expect(await screen.findByTestId('agent-announcements-empty')).toHaveTextContent('No announcements for agents');
  });
});
