import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Adjustment, OpsMemberContext, OpsWithdrawalQueueRow } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, staffProfile } from '@/testing/render';

const member: OpsMemberContext = {
  id: '7',
  username: 'juan',
  userType: 0,
  status: 'ACTIVE',
  registeredAt: '2026-01-05T02:00:00.000Z',
  balance: '749.50',
  frozen: '250.50',
  depositTotal: '3000.00',
  withdrawalTotal: '1200.00',
  depositsToday: 1,
  withdrawalsToday: 2,
};

const withdrawal = (orderNo: string, overrides: Partial<OpsWithdrawalQueueRow> = {}): OpsWithdrawalQueueRow => ({
  orderNo,
  amount: '250.50',
  status: 'PENDING',
  bankName: 'GCash',
  accountNumber: '0917 555 0101',
  holderName: 'Juan Dela Cruz',
  createdAt: '2026-03-10T04:00:00.000Z',
  decidedAt: null,
  rejectReason: null,
  receiptState: 'NONE',
  receiptAt: null,
  receiptNote: null,
  proofIds: [],
  canConfirm: false,
  username: 'juan',
  decidedBy: null,
  member,
  ...overrides,
});

const adjustment = (id: string, overrides: Partial<Adjustment> = {}): Adjustment => ({
  id,
  requestId: `adj-${id}`,
  username: 'juan',
  direction: 'CREDIT',
  amount: '2500.00',
  reason: 'bonus dispute',
  status: 'PENDING',
  requestedBy: 'ops_cashier',
  requestedAt: '2026-03-10T04:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  transferId: null,
  ...overrides,
});

const queryOf = (input: unknown) => Object.fromEntries(new URL(String(input), 'http://x').searchParams);
const page = (list: unknown[]) => ({ list, page: 1, pageSize: 10, total: list.length });

describe('withdrawal queue', () => {
  it('should show the selected order with its member context and pay it after a confirmation naming amount and member', async () => {
    const user = userEvent.setup();
    let status: 'PENDING' | 'PAID' = 'PENDING';
    const api = mockApi({
      'GET /wps/ops/withdrawals': () => page([withdrawal('W20260310AAAA0001', { status })]),
      'POST /wps/ops/withdrawals/W20260310AAAA0001/approve': () => {
        status = 'PAID';
        return { ...withdrawal('W20260310AAAA0001', { status: 'PAID' }), replayed: false };
      },
    });
    renderApp('/cashier/withdrawals', { staff: 'cashier' });
    // The first render loads the page's chunk: a cold, busy machine needs longer than the default wait.
    await user.click(await screen.findByTestId('withdrawal-select', {}, { timeout: 45_000 }));
    expect(queryOf(callsTo(api, 'GET', '/wps/ops/withdrawals')[0]?.[0])).toEqual({ status: 'PENDING', page: '1' });
    const context = screen.getByTestId('member-context');
    expect(within(context).getByTestId('member-context-username')).toHaveTextContent('juan');
    expect(within(context).getByTestId('member-context-balance')).toHaveTextContent('749.50');
    expect(within(context).getByTestId('member-context-deposit-total')).toHaveTextContent('3,000.00');
    expect(within(context).getByTestId('member-context-withdrawals-today')).toHaveTextContent('2');

    await user.click(screen.getByTestId('withdrawal-approve'));
    const dialog = await screen.findByTestId('withdrawal-approve-dialog');
    expect(dialog).toHaveTextContent('250.50');
    expect(dialog).toHaveTextContent('juan');
    expect(callsTo(api, 'POST', '/wps/ops/withdrawals/W20260310AAAA0001/approve')).toHaveLength(0);
    await user.click(within(dialog).getByTestId('withdrawal-approve-dialog-confirm'));
    await waitFor(() => expect(callsTo(api, 'POST', '/wps/ops/withdrawals/W20260310AAAA0001/approve')).toHaveLength(1));
    expect(await screen.findByTestId('toast')).toHaveTextContent('W20260310AAAA0001');
  }, 90_000);

  it('should require a reason to reject and send it', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /wps/ops/withdrawals': () => page([withdrawal('W20260310AAAA0002')]),
      'POST /wps/ops/withdrawals/W20260310AAAA0002/reject': () => ({
        ...withdrawal('W20260310AAAA0002', { status: 'REJECTED', rejectReason: 'name does not match' }),
        replayed: false,
      }),
    });
    renderApp('/cashier/withdrawals', { staff: 'cashier' });
    await user.click(await screen.findByTestId('withdrawal-select', {}, { timeout: 15_000 }));
    await user.click(screen.getByTestId('withdrawal-reject'));
    const dialog = await screen.findByTestId('withdrawal-reject-dialog');
    await user.click(within(dialog).getByTestId('withdrawal-reject-dialog-confirm'));
    expect(await within(dialog).findByTestId('field-error')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/wps/ops/withdrawals/W20260310AAAA0002/reject')).toHaveLength(0);
    await user.type(within(dialog).getByTestId('withdrawal-reject-dialog-reason'), 'name does not match');
    await user.click(within(dialog).getByTestId('withdrawal-reject-dialog-confirm'));
    await waitFor(() => expect(callsTo(api, 'POST', '/wps/ops/withdrawals/W20260310AAAA0002/reject')).toHaveLength(1));
    const [, init] = callsTo(api, 'POST', '/wps/ops/withdrawals/W20260310AAAA0002/reject')[0] ?? [];
    expect(bodyOf(init)).toEqual({ reason: 'name does not match' });
  });

  it('should show a bad filter under its field without asking the server, and hide decisions from a risk officer', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /wps/ops/withdrawals': () => page([withdrawal('W20260310AAAA0003')]) });
    renderApp('/cashier/withdrawals', { staff: 'risk' });
    await user.click(await screen.findByTestId('withdrawal-select', {}, { timeout: 15_000 }));
    expect(screen.getByTestId('member-context')).toBeInTheDocument();
    expect(screen.queryByTestId('withdrawal-approve')).not.toBeInTheDocument();
    await user.type(screen.getByTestId('filter-min-amount'), '50');
    await user.type(screen.getByTestId('filter-max-amount'), '10');
    await user.click(screen.getByTestId('withdrawal-filters-apply'));
    const filters = screen.getByTestId('withdrawal-filters');
    expect(await within(filters).findByTestId('field-error')).toHaveTextContent('must not be below the minimum');
    expect(callsTo(api, 'GET', '/wps/ops/withdrawals')).toHaveLength(1);
  });

  it('should show the member’s proof images of a paid order', async () => {
    const user = userEvent.setup();
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
      (c) => c.charCodeAt(0),
    );
    const api = mockApi({
      'GET /wps/ops/withdrawals': () =>
        page([withdrawal('W20260310AAAA0004', { status: 'PAID', receiptState: 'PARTLY_RECEIVED', proofIds: ['11'] })]),
      'GET /wps/ops/withdrawals/W20260310AAAA0004/proofs/11': () =>
        new Response(png, { status: 200, headers: { 'Content-Type': 'image/png' } }),
    });
    renderApp('/cashier/withdrawals?status=PAID', { staff: 'cashier' });
    await user.click(await screen.findByTestId('withdrawal-select', {}, { timeout: 15_000 }));
    expect(screen.getByTestId('withdrawal-detail-receipt')).toHaveTextContent('Partly received');
    const image = within(await screen.findByTestId('proof-image')).getByRole('img');
    // A data: URL: the back office's Content-Security-Policy refuses blob: images.
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(callsTo(api, 'GET', '/wps/ops/withdrawals/W20260310AAAA0004/proofs/11')).toHaveLength(1);
  });
});

describe('adjustments', () => {
  const list = (rows: Adjustment[]) => ({ list: rows, pageNo: 1, pageSize: 20, totalPages: 1, threshold: '1000.00' });

  it('should say an amount above the threshold waits for a second approver, and put server field errors under fields', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /wps/ops/adjustments': () => list([]),
      'POST /wps/ops/adjustments': (init) => {
        const body = bodyOf(init) as { username: string };
        if (body.username === 'ghost') {
          throw new ApiFailure(404, 'ACCOUNT_NOT_FOUND', 'No such member', {
            fields: [{ path: 'username', message: 'No such member' }],
          });
        }
        return { ...adjustment('9'), balanceAfter: null, replayed: false, needsApproval: true };
      },
    });
    renderApp('/cashier/adjustments', { staff: 'cashier' });
    const form = await screen.findByTestId('adjustment-form', {}, { timeout: 15_000 });
    await user.click(within(form).getByTestId('adjustment-submit'));
    expect(await within(form).findAllByTestId('field-error')).toHaveLength(3);
    expect(callsTo(api, 'POST', '/wps/ops/adjustments')).toHaveLength(0);

    await user.type(within(form).getByTestId('adjustment-username'), 'ghost');
    await user.type(within(form).getByTestId('adjustment-amount'), '1000.00');
    await user.type(within(form).getByTestId('adjustment-reason'), 'bonus dispute');
    await waitFor(() => expect(screen.queryAllByTestId('field-error')).toHaveLength(0));
    expect(within(form).queryByTestId('adjustment-needs-approval')).not.toBeInTheDocument();
    await user.clear(within(form).getByTestId('adjustment-amount'));
    await user.type(within(form).getByTestId('adjustment-amount'), '1000.01');
    expect(await within(form).findByTestId('adjustment-needs-approval')).toHaveTextContent('1,000.00');
    await user.click(within(form).getByTestId('adjustment-submit'));
    expect(await within(form).findByTestId('field-error')).toHaveTextContent('No such member');

    await user.clear(within(form).getByTestId('adjustment-username'));
    await user.type(within(form).getByTestId('adjustment-username'), 'juan');
    await user.click(within(form).getByTestId('adjustment-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('waits for a second approver');
    const sent = callsTo(api, 'POST', '/wps/ops/adjustments').map(([, init]) => bodyOf(init) as Record<string, string>);
    expect(sent.at(-1)).toMatchObject({ username: 'juan', direction: 'CREDIT', amount: '1000.01' });
    expect(sent.at(-1)?.requestId).toMatch(/^adj-/);
  });

  it('should let an approver approve another’s request after a confirmation, but not their own', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /wps/ops/adjustments': () =>
        list([adjustment('1'), adjustment('2', { requestedBy: 'ops_finance', username: 'maria' })]),
      'POST /wps/ops/adjustments/1/approve': () => ({
        ...adjustment('1', { status: 'APPLIED', decidedBy: 'ops_finance' }),
        balanceAfter: '2500.00',
        replayed: false,
        needsApproval: true,
      }),
    });
    renderApp('/cashier/adjustments', { staff: staffProfile({ role: 'finance', username: 'ops_finance' }) });
    const rows = await screen.findAllByTestId('adjustments-row', {}, { timeout: 15_000 });
    expect(queryOf(callsTo(api, 'GET', '/wps/ops/adjustments')[0]?.[0])).toEqual({ status: 'PENDING', pageNo: '1' });
    expect(within(rows[1] as HTMLElement).getByTestId('adjustment-own')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByTestId('adjustment-approve')).not.toBeInTheDocument();
    await user.click(within(rows[0] as HTMLElement).getByTestId('adjustment-approve'));
    const dialog = await screen.findByTestId('adjustment-approve-dialog');
    expect(dialog).toHaveTextContent('2,500.00');
    expect(dialog).toHaveTextContent('juan');
    await user.click(within(dialog).getByTestId('adjustment-approve-dialog-confirm'));
    await waitFor(() => expect(callsTo(api, 'POST', '/wps/ops/adjustments/1/approve')).toHaveLength(1));
    expect(await screen.findByTestId('toast')).toHaveTextContent('2,500.00');
  });

  it('should show the server’s refusal inside the dialog when someone else decided first', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /wps/ops/adjustments': () => list([adjustment('3')]),
      'POST /wps/ops/adjustments/3/approve': () => {
        throw new ApiFailure(409, 'ADJUSTMENT_STATE_INVALID', 'This adjustment is already applied');
      },
    });
    renderApp('/cashier/adjustments', { staff: 'finance' });
    await user.click(await screen.findByTestId('adjustment-approve', {}, { timeout: 15_000 }));
    const dialog = await screen.findByTestId('adjustment-approve-dialog');
    await user.click(within(dialog).getByTestId('adjustment-approve-dialog-confirm'));
    expect(await within(dialog).findByTestId('adjustment-approve-dialog-error')).toHaveTextContent(
      'already decided by someone else',
    );
  });
});
