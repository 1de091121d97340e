import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OpsAuditEntry } from '@platform/contracts';
import { callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const entry = (id: number, overrides: Partial<OpsAuditEntry> = {}): OpsAuditEntry => ({
  id: String(id),
  createdAt: '2026-03-10T04:00:00.000Z',
  staffUsername: 'ops_cashier',
  staffRole: 'cashier',
  ip: '203.0.113.7',
  action: 'withdrawal.approve',
  targetType: 'withdrawal',
  targetId: `W${id}`,
  before: { status: 'PENDING', amount: '100.00' },
  after: { status: 'PAID', amount: '100.00' },
  reason: null,
  ...overrides,
});

const queryOf = (input: unknown) => Object.fromEntries(new URL(String(input), 'http://x').searchParams);

describe('audit log', () => {
  it('should list entries newest first with who, role, action, target and IP', async () => {
    mockApi({
      'GET /wps/ops/audit': () => ({
        list: [entry(2), entry(1, { staffUsername: 'ops_admin', staffRole: 'admin' })],
        nextCursor: null,
      }),
    });
    renderApp('/audit', { staff: 'risk' });
    // The first render loads the page's chunk: allow a busy machine more than the default wait.
    const rows = await screen.findAllByTestId('audit-row', {}, { timeout: 15_000 });
    expect(rows.map((row) => row.getAttribute('data-key'))).toEqual(['2', '1']);
    expect(rows[1]).toHaveTextContent('ops_admin');
    expect(rows[1]).toHaveTextContent('Administrator');
    expect(rows[0]).toHaveTextContent('withdrawal.approve');
    expect(rows[0]).toHaveTextContent('withdrawal #W2');
    expect(rows[0]).toHaveTextContent('203.0.113.7');
    expect(screen.queryByTestId('audit-more')).not.toBeInTheDocument();
  });

  it('should send the filters and show older entries with the cursor', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /wps/ops/audit': (_init, url) =>
        url.searchParams.get('cursor') === '5'
          ? { list: [entry(4)], nextCursor: null }
          : { list: [entry(6), entry(5)], nextCursor: '5' },
    });
    renderApp('/audit', { staff: 'owner' });
    await screen.findAllByTestId('audit-row');
    await user.type(screen.getByTestId('audit-filter-staff'), 'ops_cashier');
    await user.type(screen.getByTestId('audit-filter-action'), 'withdrawal');
    await user.type(screen.getByTestId('audit-filter-target-id'), 'W5');
    await user.click(screen.getByTestId('audit-filters-apply'));
    await waitFor(() => expect(callsTo(api, 'GET', '/wps/ops/audit')).toHaveLength(2));
    expect(queryOf(callsTo(api, 'GET', '/wps/ops/audit')[1]?.[0])).toEqual({
      staff: 'ops_cashier',
      action: 'withdrawal',
      targetId: 'W5',
      limit: '50',
    });
    await user.click(await screen.findByTestId('audit-more'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(3));
    expect(queryOf(callsTo(api, 'GET', '/wps/ops/audit').at(-1)?.[0])).toMatchObject({
      cursor: '5',
      staff: 'ops_cashier',
    });
    expect(screen.queryByTestId('audit-more')).not.toBeInTheDocument();
  });

  it('should show a bad filter under its field and send nothing for it', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /wps/ops/audit': () => ({ list: [entry(1)], nextCursor: null }) });
    renderApp('/audit', { staff: 'owner' });
    await screen.findAllByTestId('audit-row');
    await user.type(screen.getByTestId('audit-filter-action'), 'Bad Action!');
    await user.click(screen.getByTestId('audit-filters-apply'));
    expect(await screen.findByTestId('field-error')).toHaveTextContent('must be lower case letters');
    expect(screen.getByTestId('audit-filter-action')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(api, 'GET', '/wps/ops/audit')).toHaveLength(1);
  });

  it('should open an entry in a drawer with its reason and before/after as a diff', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /wps/ops/audit': () => ({ list: [entry(9, { reason: 'Paid by bank' })], nextCursor: null }),
    });
    renderApp('/audit', { staff: 'risk' });
    await user.click(await screen.findByTestId('audit-view'));
    const drawer = await screen.findByTestId('audit-drawer');
    expect(within(drawer).getByTestId('audit-drawer-who')).toHaveTextContent('ops_cashier (Cashier)');
    expect(within(drawer).getByTestId('audit-drawer-reason')).toHaveTextContent('Paid by bank');
    expect(within(drawer).getByText('1 change')).toBeInTheDocument();
    const rows = within(drawer).getAllByTestId('audit-diff-row');
    expect(
      rows.map((row) => [
        row.getAttribute('data-kind'),
        ...within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ]),
    ).toEqual([
      ['changed', 'PENDING', 'PAID'],
      ['same', '100.00', '100.00'],
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('audit-drawer')).not.toBeInTheDocument());
  });

  it('should export the filtered log as CSV from the server', async () => {
    const user = userEvent.setup();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audit'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = mockApi({
      'GET /wps/ops/audit': () => ({ list: [entry(1)], nextCursor: null }),
      'GET /wps/ops/audit/csv': () =>
        new Response('time,staff\r\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-demo.csv"' },
        }),
    });
    renderApp('/audit?action=banner&from=2026-03-01', { staff: 'owner' });
    await screen.findAllByTestId('audit-row');
    await user.click(screen.getByTestId('audit-csv'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(queryOf(callsTo(api, 'GET', '/wps/ops/audit/csv')[0]?.[0])).toEqual({
      action: 'banner',
      from: '2026-03-01',
    });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('audit-demo.csv');
  });

  it('should show the 403 page to a role without the audit log', async () => {
    mockApi({});
    renderApp('/audit', { staff: 'finance' });
    expect(await screen.findByTestId('forbidden-page')).toBeInTheDocument();
  });
});
