import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OpsCashierReport, OpsDailyReport } from '@platform/contracts';
import { callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const daily = (vendor: string | null): OpsDailyReport => {
  const rows = [
    {
      day: '2026-03-09',
      vendorCode: 'PG',
      vendorName: 'PG Soft',
      rounds: 1,
      bets: '7.00',
      wins: '0.00',
      ggr: '7.00',
      players: 1,
    },
    {
      day: '2026-03-10',
      vendorCode: 'JL',
      vendorName: 'Jili',
      rounds: 1,
      bets: '5.00',
      wins: '9.00',
      ggr: '-4.00',
      players: 1,
    },
  ].filter((row) => vendor === null || row.vendorCode === vendor);
  return {
    from: '2026-03-09',
    to: '2026-03-10',
    currency: 'USD',
    rows,
    totals:
      vendor === 'JL'
        ? { rounds: 1, bets: '5.00', wins: '9.00', ggr: '-4.00', players: 1 }
        : { rounds: 2, bets: '12.00', wins: '9.00', ggr: '3.00', players: 2 },
  };
};

const zero = { count: 0, amount: '0.00' };
const figures = (approved: number) => ({
  deposits: { approved: { count: approved, amount: `${approved}00.00` }, pending: zero, rejected: zero },
  withdrawals: { approved: zero, pending: { count: 1, amount: '16.00' }, rejected: zero },
  adjustments: { credit: zero, debit: { count: 1, amount: '3.00' }, pending: zero },
});
const cashier: OpsCashierReport = {
  from: '2026-03-09',
  to: '2026-03-10',
  currency: 'USD',
  rows: [
    { day: '2026-03-09', ...figures(1) },
    { day: '2026-03-10', ...figures(2) },
  ],
  totals: figures(3),
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('daily summary per vendor', () => {
  it('should show per day and vendor figures with a totals row for the period in the URL', async () => {
    const api = mockApi({ 'GET /wps/ops/reports/daily': (_init, url) => daily(url.searchParams.get('vendor')) });
    renderApp('/reports/daily?from=2026-03-09&to=2026-03-10', { staff: 'finance' });
    await screen.findByTestId('daily-report');
    const rows = screen.getAllByTestId('daily-report-row');
    expect(rows.map(cells)).toEqual([
      ['2026-03-09', 'PG Soft', '1', '7.00', '0.00', '7.00', '1'],
      ['2026-03-10', 'Jili', '1', '5.00', '9.00', '-4.00', '1'],
      ['Total', '', '2', '12.00', '9.00', '3.00', '2'],
    ]);
    const url = new URL(String(callsTo(api, 'GET', '/wps/ops/reports/daily')[0]?.[0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ from: '2026-03-09', to: '2026-03-10' });
  });

  it('should filter by a vendor of the period and ask the server for that vendor', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /wps/ops/reports/daily': (_init, url) => daily(url.searchParams.get('vendor')) });
    renderApp('/reports/daily?from=2026-03-09&to=2026-03-10', { staff: 'owner' });
    await screen.findByTestId('daily-report');
    await user.selectOptions(screen.getByTestId('daily-report-vendor'), 'JL');
    await waitFor(() => expect(screen.getAllByTestId('daily-report-row')).toHaveLength(2));
    expect(cells(screen.getAllByTestId('daily-report-row')[0] as HTMLElement)[1]).toBe('Jili');
    const vendors = callsTo(api, 'GET', '/wps/ops/reports/daily').map(([input]) =>
      new URL(String(input), 'http://x').searchParams.get('vendor'),
    );
    expect(vendors).toContain('JL');
    // The choices still list every vendor of the period.
    expect(within(screen.getByTestId('daily-report-vendor')).getAllByRole('option')).toHaveLength(3);
  });

  it('should refuse a period longer than 93 days in place and send nothing', async () => {
    const api = mockApi({ 'GET /wps/ops/reports/daily': () => daily(null) });
    renderApp('/reports/daily?from=2026-01-01&to=2026-04-04', { staff: 'owner' });
    expect(await screen.findByTestId('field-error')).toHaveTextContent('must be at most 93 days after the start date');
    expect(screen.getByTestId('daily-report-csv')).toBeDisabled();
    expect(callsTo(api, 'GET', '/wps/ops/reports/daily')).toHaveLength(0);
  });

  it('should download the CSV of the same period and vendor from the server', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = mockApi({
      'GET /wps/ops/reports/daily': (_init, url) => daily(url.searchParams.get('vendor')),
      'GET /wps/ops/reports/daily/csv': () =>
        new Response('day,vendor_code\r\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="daily-demo.csv"' },
        }),
    });
    renderApp('/reports/daily?from=2026-03-09&to=2026-03-10&vendor=JL', { staff: 'owner' });
    await screen.findByTestId('daily-report');
    await user.click(screen.getByTestId('daily-report-csv'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    const [input] = callsTo(api, 'GET', '/wps/ops/reports/daily/csv')[0] ?? [];
    expect(Object.fromEntries(new URL(String(input), 'http://x').searchParams)).toEqual({
      from: '2026-03-09',
      to: '2026-03-10',
      vendor: 'JL',
    });
  });

  it('should show the empty state for a period without rounds', async () => {
    mockApi({
      'GET /wps/ops/reports/daily': () => ({
        ...daily('none'),
        totals: { rounds: 0, bets: '0.00', wins: '0.00', ggr: '0.00', players: 0 },
      }),
    });
    renderApp('/reports/daily?from=2026-01-01&to=2026-01-31', { staff: 'owner' });
    expect(await screen.findByTestId('daily-report-empty')).toBeInTheDocument();
  });

  it('should show the 403 page to a role without reports', async () => {
    mockApi({});
    renderApp('/reports/daily', { staff: 'cashier' });
    expect(await screen.findByTestId('forbidden-page')).toBeInTheDocument();
  });
});

describe('cashier report', () => {
  it('should show each day with counts and amounts and a totals row', async () => {
    const api = mockApi({ 'GET /wps/ops/reports/cashier': () => cashier });
    renderApp('/reports/cashier?from=2026-03-09&to=2026-03-10', { staff: 'finance' });
    await screen.findByTestId('cashier-report');
    const rows = screen.getAllByTestId('cashier-report-row');
    expect(rows).toHaveLength(3);
    expect(cells(rows[1] as HTMLElement).slice(0, 5)).toEqual([
      '2026-03-10',
      '2 · 200.00',
      '0 · 0.00',
      '0 · 0.00',
      '0 · 0.00',
    ]);
    expect(cells(rows[1] as HTMLElement)[5]).toBe('1 · 16.00');
    expect(cells(rows[2] as HTMLElement)[0]).toBe('Total');
    expect(cells(rows[2] as HTMLElement)[1]).toBe('3 · 300.00');
    expect(callsTo(api, 'GET', '/wps/ops/reports/cashier')).toHaveLength(1);
  });

  it('should reload for a new period chosen with a preset', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /wps/ops/reports/cashier': () => cashier });
    renderApp('/reports/cashier?from=2026-03-09&to=2026-03-10', { staff: 'finance' });
    await screen.findByTestId('cashier-report');
    await user.click(within(screen.getByTestId('cashier-report-filters-range')).getByText('Last 30 days'));
    await waitFor(() => expect(callsTo(api, 'GET', '/wps/ops/reports/cashier')).toHaveLength(2));
    const [input] = callsTo(api, 'GET', '/wps/ops/reports/cashier')[1] ?? [];
    const query = new URL(String(input), 'http://x').searchParams;
    const days = (Date.parse(String(query.get('to'))) - Date.parse(String(query.get('from')))) / 86_400_000 + 1;
    expect(days).toBe(30);
  });
});
