import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DASHBOARD_REFRESH_MS, type OpsDashboard } from '@platform/contracts';
import { ApiFailure, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const figures = (overrides: Partial<OpsDashboard> = {}): OpsDashboard => ({
  day: '2026-03-10',
  timezone: 'Asia/Manila',
  currency: 'USD',
  asOf: '2026-03-10T04:00:00.000Z',
  deposits: { count: 2, amount: '75.00' },
  withdrawals: { count: 1, amount: '20.00' },
  bets: '1500.00',
  wins: '1200.00',
  ggr: '300.00',
  rounds: 3,
  newMembers: 2,
  activeMembers: 3,
  pendingDeposits: 1,
  pendingWithdrawals: 4,
  ...overrides,
});

const value = (key: string) => screen.getByTestId(`dashboard-${key}-value`).textContent;

describe('dashboard', () => {
  it("should show today's figures of the merchant in cards", async () => {
    mockApi({ 'GET /wps/ops/dashboard': () => figures() });
    renderApp('/', { staff: 'support' });
    await screen.findByTestId('dashboard-cards');
    expect(value('deposits')).toBe('75.00');
    expect(within(screen.getByTestId('dashboard-deposits')).getByText('2 orders')).toBeInTheDocument();
    expect(value('withdrawals')).toBe('20.00');
    expect(value('bets')).toBe('1,500.00');
    expect(value('wins')).toBe('1,200.00');
    expect(value('ggr')).toBe('300.00');
    expect(value('newMembers')).toBe('2');
    expect(value('activeMembers')).toBe('3');
    expect(value('pendingWithdrawals')).toBe('4');
    expect(screen.getByTestId('dashboard-as-of')).toHaveTextContent('2026-03-10 (Asia/Manila)');
  });

  it('should mark a negative GGR', async () => {
    mockApi({ 'GET /wps/ops/dashboard': () => figures({ ggr: '-40.00' }) });
    renderApp('/', { staff: 'cashier' });
    await screen.findByTestId('dashboard-cards');
    expect(value('ggr')).toBe('-40.00');
    expect(screen.getByTestId('dashboard-ggr')).toHaveClass('dashboard-card--bad');
  });

  it('should refresh the figures by itself every 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const api = mockApi({
      'GET /wps/ops/dashboard': () => {
        calls += 1;
        return figures({ deposits: { count: calls, amount: `${calls}0.00` } });
      },
    });
    renderApp('/', { staff: 'owner' });
    await screen.findByTestId('dashboard-cards');
    expect(value('deposits')).toBe('10.00');
    await vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS);
    await waitFor(() => expect(value('deposits')).toBe('20.00'));
    expect(callsTo(api, 'GET', '/wps/ops/dashboard')).toHaveLength(2);
  });

  it('should refresh at once on demand', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockApi({
      'GET /wps/ops/dashboard': () => {
        calls += 1;
        return figures({ newMembers: calls * 5 });
      },
    });
    renderApp('/', { staff: 'owner' });
    await screen.findByTestId('dashboard-cards');
    expect(value('newMembers')).toBe('5');
    await user.click(screen.getByTestId('dashboard-refresh'));
    await waitFor(() => expect(value('newMembers')).toBe('10'));
  });

  it('should show a failed load with a retry that recovers', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({
      'GET /wps/ops/dashboard': () => {
        if (fail) throw new ApiFailure(503, 'SERVICE_UNAVAILABLE', 'down');
        return figures();
      },
    });
    renderApp('/', { staff: 'owner' });
    expect(await screen.findByTestId('dashboard-error')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByTestId('dashboard-error-retry'));
    expect(await screen.findByTestId('dashboard-cards')).toBeInTheDocument();
  });

  it('should list reports and the audit log in the navigation only for roles that may see them', async () => {
    mockApi({ 'GET /wps/ops/dashboard': () => figures() });
    renderApp('/', { staff: 'risk' });
    await screen.findByTestId('dashboard-cards');
    expect(screen.getByTestId('nav-reports-daily')).toBeInTheDocument();
    expect(screen.getByTestId('nav-reports-cashier')).toBeInTheDocument();
    expect(screen.getByTestId('nav-audit')).toBeInTheDocument();
  });

  it('should hide reports and the audit log from a cashier', async () => {
    mockApi({ 'GET /wps/ops/dashboard': () => figures() });
    renderApp('/', { staff: 'cashier' });
    await screen.findByTestId('dashboard-cards');
    expect(screen.queryByTestId('nav-reports-daily')).not.toBeInTheDocument();
    expect(screen.queryByTestId('nav-audit')).not.toBeInTheDocument();
  });
});
