import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ManualGrant, OpsPromotion } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, staffProfile } from '@/testing/render';

const promotion = (overrides: Partial<OpsPromotion> = {}): OpsPromotion => ({
  id: '5',
  kind: 'FIRST_DEPOSIT',
  title: { EN: '100% welcome bonus', TY: '100% welcome bonus hanggang 1,000' },
  terms: { EN: 'Wager x10' },
  audience: 'EVERYONE',
  audienceLevels: [],
  audienceAgent: null,
  status: 'ACTIVE',
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: null,
  perMemberLimit: 1,
  totalLimit: null,
  claimedCount: 12,
  bonus: null,
  percent: 100,
  maxBonus: '1000.00',
  minDeposit: '100.00',
  turnoverMultiple: 10,
  turnoverBase: 'DEPOSIT_AND_BONUS',
  weights: { LIVE: 10 },
  defaultWeight: 100,
  maxBet: '50.00',
  maxConversion: null,
  expiryHours: 168,
  onWithdraw: 'FORFEIT',
  cashbackWindow: null,
  cashbackPayAs: null,
  cashbackMinLoss: null,
  ...overrides,
});

/** A weekly cashback of 7.5% of the net loss from 25.00, up to 50.00 per member and week, paid as cash. */
const cashback = (overrides: Partial<OpsPromotion> = {}): OpsPromotion =>
  promotion({
    ...{ id: '6', kind: 'CASHBACK', title: { EN: 'Weekly cashback 7.5%' }, claimedCount: 0 },
    ...{ percent: 7.5, maxBonus: '50.00', minDeposit: '0.00', turnoverMultiple: 0, turnoverBase: 'BONUS' },
    ...{ cashbackWindow: 'WEEKLY', cashbackPayAs: 'CASH', cashbackMinLoss: '25.00', ...overrides },
  });

const grant = (overrides: Partial<ManualGrant> = {}): ManualGrant => ({
  id: '9',
  username: 'juan',
  amount: '30.00',
  turnoverMultiple: 5,
  expiryHours: 72,
  reason: 'service recovery',
  status: 'PENDING',
  requestedBy: 'ops_content',
  decidedBy: null,
  rejectReason: null,
  grantId: null,
  createdAt: '2026-03-10T04:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

// The first render loads the page's chunk: a cold, busy machine needs longer than the default wait.
const SLOW = { timeout: 45_000 };

describe('promotions back office', () => {
  it('should list promotions with their terms and suspend one after a confirmation', async () => {
    const user = userEvent.setup();
    let status: OpsPromotion['status'] = 'ACTIVE';
    const api = mockApi({
      'GET /wps/ops/promotions': () => ({ list: [promotion({ status })] }),
      'POST /wps/ops/promotions/5/status': (init) => {
        status = (bodyOf(init) as { status: OpsPromotion['status'] }).status;
        return promotion({ status });
      },
    });
    renderApp('/promotions', { staff: 'content' });
    const row = await screen.findByTestId('promotions-row', {}, SLOW);
    expect(row).toHaveTextContent('100% welcome bonus');
    expect(row).toHaveTextContent('100%');
    expect(within(row).getByTestId('promotion-wagering')).toHaveTextContent('10x turnover');
    expect(within(row).getByTestId('promotion-status')).toHaveTextContent('Active');
    await user.click(within(row).getByTestId('promotion-switch'));
    const dialog = await screen.findByTestId('promotion-switch-dialog');
    expect(dialog).toHaveTextContent('100% welcome bonus');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.getByTestId('promotion-status')).toHaveTextContent('Suspended'));
    expect(bodyOf(callsTo(api, 'POST', '/wps/ops/promotions/5/status')[0]?.[1])).toEqual({ status: 'STOPPED' });
  });

  it('should create a free bonus with its weights, and show the server field error under its input', async () => {
    const user = userEvent.setup();
    let fail = true;
    const api = mockApi({
      'GET /wps/ops/promotions': () => ({ list: [] }),
      'POST /wps/ops/promotions': () => {
        if (fail) {
          fail = false;
          throw new ApiFailure(400, 'VALIDATION_FAILED', 'Invalid promotion', {
            fields: [{ path: 'maxBet', message: 'must be an amount' }],
          });
        }
        return promotion({ kind: 'FREE', title: { EN: 'Free 8.88' }, percent: null, bonus: '8.88' });
      },
    });
    renderApp('/promotions', { staff: 'content' });
    await user.click(await screen.findByTestId('promotion-create', {}, SLOW));
    const dialog = await screen.findByTestId('promotion-dialog');
    // A fixed bonus is required for a free promotion: nothing is sent without it.
    await user.type(within(dialog).getByTestId('promotion-title-EN'), 'Free 8.88');
    await user.click(within(dialog).getByTestId('promotion-submit'));
    expect(await within(dialog).findAllByTestId('field-error')).not.toHaveLength(0);
    expect(callsTo(api, 'POST', '/wps/ops/promotions')).toHaveLength(0);

    await user.type(within(dialog).getByTestId('promotion-bonus'), '8.88');
    await user.type(within(dialog).getByTestId('promotion-weight-LIVE'), '10');
    await user.type(within(dialog).getByTestId('promotion-maxBet'), '5');
    await user.click(within(dialog).getByTestId('promotion-submit'));
    expect(await within(dialog).findByText('must be an amount')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('promotion-submit'));
    await waitFor(() => expect(screen.queryByTestId('promotion-dialog')).not.toBeInTheDocument());
    const sent = bodyOf(callsTo(api, 'POST', '/wps/ops/promotions')[1]?.[1]);
    expect(sent).toMatchObject({
      kind: 'FREE',
      title: { EN: 'Free 8.88' },
      bonus: '8.88',
      percent: null,
      weights: { LIVE: 10 },
      defaultWeight: 100,
      maxBet: '5',
      turnoverMultiple: 5,
    });
  });

  it('should list a cashback with its rate and window, and edit its terms in the cashback fields', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /wps/ops/promotions': () => ({ list: [cashback()] }),
      'PUT /wps/ops/promotions/6': (init) => cashback(bodyOf(init) as Partial<OpsPromotion>),
    });
    renderApp('/promotions', { staff: 'content' });
    const row = await screen.findByTestId('promotions-row', {}, SLOW);
    expect(within(row).getByTestId('promotion-reward')).toHaveTextContent("7.5% of each week's net loss up to 50.00");
    expect(within(row).getByTestId('promotion-wagering')).toHaveTextContent('Cash · min loss 25.00');

    await user.click(within(row).getByTestId('promotion-edit'));
    const dialog = await screen.findByTestId('promotion-dialog');
    expect(within(dialog).getByTestId('promotion-percent')).toHaveValue('7.5');
    expect(within(dialog).getByLabelText(/Cashback % of the net loss/)).toBe(
      within(dialog).getByTestId('promotion-percent'),
    );
    expect(within(dialog).getByTestId('promotion-maxBonus')).toHaveValue('50.00');
    expect(within(dialog).getByTestId('promotion-cashbackWindow')).toHaveValue('WEEKLY');
    expect(within(dialog).getByTestId('promotion-cashbackPayAs')).toHaveValue('CASH');
    expect(within(dialog).getByTestId('promotion-cashbackMinLoss')).toHaveValue('25.00');
    // Paid as cash: no turnover to set.
    expect(within(dialog).queryByTestId('promotion-turnoverMultiple')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByTestId('promotion-cashbackWindow'), 'DAILY');
    await user.selectOptions(within(dialog).getByTestId('promotion-cashbackPayAs'), 'BONUS');
    const turnover = within(dialog).getByTestId('promotion-turnoverMultiple');
    await user.clear(turnover);
    await user.type(turnover, '2');
    await user.clear(within(dialog).getByTestId('promotion-cashbackMinLoss'));
    await user.click(within(dialog).getByTestId('promotion-submit'));
    await waitFor(() => expect(screen.queryByTestId('promotion-dialog')).not.toBeInTheDocument());
    expect(bodyOf(callsTo(api, 'PUT', '/wps/ops/promotions/6')[0]?.[1])).toMatchObject({
      ...{ kind: 'CASHBACK', percent: 7.5, maxBonus: '50.00', bonus: null, turnoverMultiple: 2 },
      ...{ cashbackWindow: 'DAILY', cashbackPayAs: 'BONUS', cashbackMinLoss: null },
    });
  });

  it('should show the cashback fields instead of the fixed bonus when CASHBACK is chosen, and send them', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /wps/ops/promotions': () => ({ list: [] }),
      'POST /wps/ops/promotions': () => cashback(),
    });
    renderApp('/promotions', { staff: 'content' });
    await user.click(await screen.findByTestId('promotion-create', {}, SLOW));
    const dialog = await screen.findByTestId('promotion-dialog');
    expect(within(dialog).getByTestId('promotion-bonus')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('promotion-cashbackWindow')).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByTestId('promotion-kind'), 'CASHBACK');
    for (const shown of [
      'percent',
      'maxBonus',
      'cashbackWindow',
      'cashbackPayAs',
      'cashbackMinLoss',
      'turnoverMultiple',
    ]) {
      expect(within(dialog).getByTestId(`promotion-${shown}`), shown).toBeVisible();
    }
    for (const hidden of ['bonus', 'minDeposit', 'turnoverBase', 'perMemberLimit', 'maxBet', 'weight-LIVE']) {
      expect(within(dialog).queryByTestId(`promotion-${hidden}`), hidden).not.toBeInTheDocument();
    }
    await user.selectOptions(within(dialog).getByTestId('promotion-cashbackPayAs'), 'CASH');
    expect(within(dialog).queryByTestId('promotion-turnoverMultiple')).not.toBeInTheDocument();

    // The rate is required, and at most 100%: nothing is sent until it is right.
    await user.type(within(dialog).getByTestId('promotion-title-EN'), 'Weekly cashback 7.5%');
    await user.click(within(dialog).getByTestId('promotion-submit'));
    expect(await within(dialog).findAllByTestId('field-error')).toHaveLength(1);
    const rate = within(dialog).getByTestId('promotion-percent');
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    await user.type(rate, '150');
    await user.click(within(dialog).getByTestId('promotion-submit'));
    expect(await within(dialog).findByText(/100/, { selector: '[data-testid="field-error"]' })).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/wps/ops/promotions')).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '7.5');
    await user.type(within(dialog).getByTestId('promotion-maxBonus'), '50');
    await user.selectOptions(within(dialog).getByTestId('promotion-cashbackWindow'), 'WEEKLY');
    await user.type(within(dialog).getByTestId('promotion-cashbackMinLoss'), '25.00');
    await user.click(within(dialog).getByTestId('promotion-submit'));
    await waitFor(() => expect(screen.queryByTestId('promotion-dialog')).not.toBeInTheDocument());
    expect(bodyOf(callsTo(api, 'POST', '/wps/ops/promotions')[0]?.[1])).toMatchObject({
      ...{ kind: 'CASHBACK', title: { EN: 'Weekly cashback 7.5%' }, percent: 7.5, maxBonus: '50', bonus: null },
      ...{ minDeposit: null, turnoverBase: 'BONUS', turnoverMultiple: 0 },
      ...{ cashbackWindow: 'WEEKLY', cashbackPayAs: 'CASH', cashbackMinLoss: '25.00' },
    });
  });

  it("should show an application's comment and images and approve it", async () => {
    const user = userEvent.setup();
    let pending = true;
    const api = mockApi({
      'GET /wps/ops/promotions/applications': () => ({
        list: pending
          ? [
              {
                ...{ claimId: '41', promotionId: '3', promotionTitle: 'Share your big win', username: 'maria' },
                ...{ comment: 'My 500x on Lucky Lanterns', images: 2, createdAt: '2026-03-10T04:00:00.000Z' },
              },
            ]
          : [],
      }),
      'GET /wps/ops/promotions/applications/41/images/1': () =>
        new Response(new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' })),
      'GET /wps/ops/promotions/applications/41/images/2': () =>
        new Response(new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' })),
      'POST /wps/ops/promotions/applications/41/approve': () => {
        pending = false;
        return { claimId: '41', status: 'ISSUED', grantId: '77' };
      },
    });
    renderApp('/promotions/applications', { staff: 'content' });
    const row = await screen.findByTestId('applications-row', {}, SLOW);
    expect(within(row).getByTestId('application-comment')).toHaveTextContent('My 500x on Lucky Lanterns');
    await waitFor(() => expect(within(row).getAllByTestId('application-image')).toHaveLength(2));
    await user.click(within(row).getByTestId('application-approve'));
    const dialog = await screen.findByTestId('application-approve-dialog');
    expect(dialog).toHaveTextContent('maria');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByTestId('applications-empty')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/wps/ops/promotions/applications/41/approve')).toHaveLength(1);
  });

  it('should not offer approval of one’s own manual grant, and let another staff member approve it', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /wps/ops/bonus-grants': () => ({ list: [grant()] }) });
    const view = renderApp('/promotions/grants', { staff: staffProfile({ role: 'content', username: 'ops_content' }) });
    const own = await screen.findByTestId('grants-row', {}, SLOW);
    expect(within(own).getByTestId('grant-own')).toBeInTheDocument();
    expect(within(own).queryByTestId('grant-approve')).not.toBeInTheDocument();
    view.unmount();

    let status: ManualGrant['status'] = 'PENDING';
    const api = mockApi({
      'GET /wps/ops/bonus-grants': () => ({ list: [grant({ status })] }),
      'POST /wps/ops/bonus-grants/9/approve': () => {
        status = 'APPROVED';
        return grant({ status, decidedBy: 'ops_admin', grantId: '12' });
      },
    });
    renderApp('/promotions/grants', { staff: staffProfile({ role: 'admin', username: 'ops_admin' }) });
    const row = await screen.findByTestId('grants-row', {}, SLOW);
    await user.click(within(row).getByTestId('grant-approve'));
    const dialog = await screen.findByTestId('grant-approve-dialog');
    expect(dialog).toHaveTextContent('30.00');
    expect(dialog).toHaveTextContent('ops_content');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    await waitFor(() => expect(screen.getByTestId('grant-status')).toHaveTextContent('Paid'));
    expect(callsTo(api, 'POST', '/wps/ops/bonus-grants/9/approve')).toHaveLength(1);
  });

  it('should ask for a manual grant with a request id, and keep a role without promotions.manage out', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /wps/ops/bonus-grants': () => ({ list: [] }),
      'POST /wps/ops/bonus-grants': (init) => grant(bodyOf(init) as Partial<ManualGrant>),
    });
    const view = renderApp('/promotions/grants', { staff: 'content' });
    await user.type(await screen.findByTestId('grant-username', {}, SLOW), 'juan');
    await user.type(screen.getByTestId('grant-amount'), '30');
    await user.type(screen.getByTestId('grant-reason'), 'service recovery');
    await user.click(screen.getByTestId('grant-submit'));
    await waitFor(() => expect(callsTo(api, 'POST', '/wps/ops/bonus-grants')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'POST', '/wps/ops/bonus-grants')[0]?.[1])).toMatchObject({
      username: 'juan',
      amount: '30',
      turnoverMultiple: 5,
      expiryHours: 72,
      reason: 'service recovery',
      requestId: expect.stringMatching(/^grant-/),
    });
    view.unmount();
    mockApi({});
    renderApp('/promotions/grants', { staff: 'cashier' });
    expect(await screen.findByTestId('forbidden-page', {}, SLOW)).toBeInTheDocument();
  });
});
