import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CONTRACT_OPS_API, type ContractPolicy, type OpsSettlementPage } from '@platform/contracts';
import { bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, staffProfile } from '@/testing/render';

const COLD = { timeout: 15_000 };

const policy = (overrides: Partial<ContractPolicy> = {}): ContractPolicy => ({
  type: 'DAILY_SALARY',
  enabled: false,
  topRate: '2.00',
  maxTiers: 5,
  maxTierValidBet: '1000000.00',
  maxTierActiveMembers: 1000,
  minActiveMembers: 0,
  downlineMayOffer: true,
  period: null,
  deductions: null,
  carryForward: null,
  ...overrides,
});

const window = {
  start: '2026-11-26T16:00:00.000Z',
  end: '2026-11-26T16:05:00.000Z',
  firstDay: '2026-11-27',
  lastDay: '2026-11-27',
};

const settlement = (overrides: Partial<OpsSettlementPage['list'][number]> = {}): OpsSettlementPage['list'][number] => ({
  id: '90',
  type: 'REALTIME_SALARY',
  username: 'agent_anna',
  window,
  teamBase: '500.00',
  teamValidBet: '500.00',
  teamProfit: '-20.00',
  carriedIn: '0',
  deductions: '0',
  correction: '0',
  activeMembers: 2,
  rate: '1.00',
  gross: '5.00',
  downlineShare: '2.00',
  net: '3.00',
  accruedIn: '0',
  status: 'FAILED',
  settledAt: '2026-11-26T16:05:10.000Z',
  paidAt: null,
  failure: 'The commissions account is short',
  attempts: 1,
  ...overrides,
});

describe('agent contracts in the back office', () => {
  beforeAll(async () => {
    await Promise.all([import('./contract-policy-page'), import('./contract-settlements-page')]);
  });

  it("should save a type's policy with its bounds, and keep it read-only without agents.limits", async () => {
    const api = mockApi({
      [`GET ${AGENT_CONTRACT_OPS_API.contractPolicy}`]: () => ({ list: [policy()] }),
      [`PUT ${AGENT_CONTRACT_OPS_API.contractPolicyType.replace(':type', 'DAILY_SALARY')}`]: (init) => bodyOf(init),
    });
    const user = userEvent.setup();
    const { unmount } = renderApp('/agents/contract-policy');
    const form = within(await screen.findByRole('form', { name: 'Daily salary' }, COLD));
    await user.click(form.getByLabelText('Agents may offer this type'));
    await user.clear(form.getByLabelText('Top rate (%)'));
    await user.type(form.getByLabelText('Top rate (%)'), '1.5');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await screen.findByText('Daily salary policy saved');
    const put = callsTo(api, 'PUT', AGENT_CONTRACT_OPS_API.contractPolicyType.replace(':type', 'DAILY_SALARY'));
    expect(bodyOf(put[0]?.[1])).toMatchObject({ type: 'DAILY_SALARY', enabled: true, topRate: '1.5', maxTiers: 5 });
    unmount();

    const viewer = staffProfile({ role: 'owner', permissions: ['agents.view'] });
    renderApp('/agents/contract-policy', { staff: viewer });
    const readOnly = within(await screen.findByRole('form', { name: 'Daily salary' }, COLD));
    expect(readOnly.getByLabelText('Top rate (%)')).toBeDisabled();
    expect(readOnly.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('should list windows with their failure and pay a failed one again', async () => {
    let rerun = false;
    const rerunPath = AGENT_CONTRACT_OPS_API.agentSettlementRerun.replace(':id', '90');
    const api = mockApi({
      [`GET ${AGENT_CONTRACT_OPS_API.agentSettlements}`]: () => ({
        list: [settlement(rerun ? { status: 'PAID', failure: null, paidAt: '2026-11-26T16:20:00.000Z' } : {})],
        totals: [{ status: rerun ? 'PAID' : 'FAILED', windows: 1, net: '3.00' }],
        pageNo: 1,
        totalPages: 1,
      }),
      [`POST ${rerunPath}`]: () => {
        rerun = true;
        return settlement({ status: 'PAID', failure: null });
      },
    });
    const user = userEvent.setup();
    renderApp('/agents/settlements');
    const row = within((await screen.findAllByTestId('settlements-row', {}, COLD))[0] as HTMLElement);
    expect(row.getByText('The commissions account is short')).toBeVisible();
    expect(row.getByTestId('settlement-status')).toHaveTextContent('Failed');
    await user.click(row.getByRole('button', { name: 'Run again' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Run again' }));
    await screen.findByText('The window ran again: Paid');
    expect(callsTo(api, 'POST', rerunPath)).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('settlement-status')).toHaveTextContent('Paid'));
  });
});
