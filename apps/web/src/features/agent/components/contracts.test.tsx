import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AGENT_CONTRACT_API,
  API,
  type Consolidated,
  type Contract,
  type ContractDetails,
  type ContractType,
} from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, setViewport, signIn } from '@/testing/render-app';
import { downline, downlinePage, frameRoutes, overview } from './agent.test-support';

const COLD = { timeout: 10_000 };

const consolidated = (enabled: ContractType[]): Consolidated => ({
  divtypereq: enabled.includes('DIVIDEND') ? 3 : 0,
  dailysalreqtype: enabled.includes('DAILY_SALARY') ? 1 : 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  enableContract: enabled.includes('DIVIDEND'),
  enableSalary: enabled.some((type) => type !== 'DIVIDEND'),
  types: (['DIVIDEND', 'DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY'] as const).map((type) => ({
    type,
    enabled: enabled.includes(type),
    active: true,
    pendingOffer: false,
    canOffer: enabled.includes(type),
  })),
  timeZone: 'Asia/Manila',
});

const offer = (overrides: Partial<Contract> = {}): Contract => ({
  id: '41',
  type: 'DAILY_SALARY',
  version: 1,
  status: 'OFFERED',
  holder: 'demo_agent',
  offeredBy: 'top_agent',
  tiers: [
    { minValidBet: '10000.00', minActiveMembers: 3, rate: '0.50' },
    { minValidBet: '50000.00', minActiveMembers: 10, rate: '1.20' },
  ],
  period: null,
  offeredAt: '2026-11-26T08:00:00.000Z',
  acceptedAt: null,
  endedAt: null,
  endReason: null,
  ...overrides,
});

const details = (overrides: Partial<ContractDetails> = {}): ContractDetails => ({
  type: 'DAILY_SALARY',
  username: 'demo_agent',
  enabled: true,
  contract: offer({ status: 'ACTIVE', tiers: [{ minValidBet: '10000.00', minActiveMembers: 0, rate: '1.00' }] }),
  offer: null,
  window: {
    start: '2026-11-25T16:00:00.000Z',
    end: '2026-11-26T16:00:00.000Z',
    firstDay: '2026-11-26',
    lastDay: '2026-11-26',
  },
  rate: '1.00',
  validBet: '12000.00',
  profit: '-300.00',
  activeMembers: 4,
  minActiveMembers: 0,
  offerCeiling: [{ minValidBet: '10000.00', minActiveMembers: 0, rate: '1.00' }],
  ...overrides,
});

const contractRoutes = (enabled: ContractType[]) => ({
  ...frameRoutes,
  [`GET ${AGENT_CONTRACT_API.consolidated}`]: () => consolidated(enabled),
  [`POST ${AGENT_CONTRACT_API.detail.replace(':type', 'daily-salary')}`]: () => details(),
});

describe('agent contracts in the agent centre', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setViewport(true);
    signIn(1);
  });

  it('should show a waiting offer on the overview, its tiers in the modal, and accept it', async () => {
    const api = mockApi({
      ...contractRoutes(['DAILY_SALARY']),
      [`GET ${API.agent.overview}`]: () => overview(),
      [`GET ${AGENT_CONTRACT_API.contracts}`]: (_init, url) => ({
        list: url.searchParams.get('status') === 'OFFERED' ? [offer()] : [],
        pageNo: 1,
        totalPages: 1,
      }),
      [`POST ${AGENT_CONTRACT_API.accept.replace(':id', '41')}`]: () => ({
        contract: offer({ status: 'ACTIVE' }),
        replaced: null,
        ended: [],
      }),
    });
    const { user } = await renderApp('/agentHome?page=agentTeamOverview');
    const banner = await screen.findByTestId('contract-banner', {}, COLD);
    expect(banner).toHaveTextContent('top_agent offers you a Daily salary contract.');
    await user.click(within(banner).getByRole('button', { name: 'Review the offer' }));
    const modal = await screen.findByRole('dialog', { name: 'Daily salary contract from top_agent' });
    const table = within(modal).getByRole('table', { name: 'Tiers' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['110,000.0030.5%', '250,000.00101.2%']);
    expect(within(rows[1] as HTMLElement).getByRole('cell', { name: '1.2%' })).toHaveAttribute('data-label', 'Rate');
    expect(modal).toHaveTextContent('Paid the next day for the day before.');
    expect(modal).toHaveTextContent(
      'Accepting ends any contract of your downline agents whose rate is now above yours.',
    );
    await user.click(within(modal).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(callsTo(api, 'POST', AGENT_CONTRACT_API.accept.replace(':id', '41'))).toHaveLength(1));
    expect(await screen.findByText('You accepted the Daily salary contract')).toBeVisible();
  });

  it('should check an offer to a downline before sending it, and show the server refusal in words', async () => {
    const offers = AGENT_CONTRACT_API.offers;
    let refuse = false;
    const api = mockApi({
      ...contractRoutes(['DAILY_SALARY']),
      [`GET ${API.agent.downlines}`]: () => downlinePage([downline()]),
      [`GET ${AGENT_CONTRACT_API.contracts}`]: () => ({ list: [], pageNo: 1, totalPages: 1 }),
      [`POST ${offers}`]: (init) => {
        if (refuse) {
          throw new ApiFailure(409, 'CONTRACT_RATE_ABOVE_UPLINE', 'above', {
            tierIndex: 0,
            rate: '0.90',
            maxRate: '0.80',
          });
        }
        return offer({ holder: 'sub_agent', offeredBy: 'demo_agent', tiers: (bodyOf(init) as Contract).tiers });
      },
    });
    const { user } = await renderApp('/agentHome?page=downlineManagmentView');
    await user.click(await screen.findByRole('button', { name: 'Contracts' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'Contracts of sub_agent' });
    expect(await within(dialog).findByText('No contracts with sub_agent yet')).toBeVisible();
    const form = within(dialog);
    await user.type(form.getByLabelText('Team valid bet from'), '10000');
    await user.type(form.getByLabelText('Rate (%)'), '1.5');
    expect(form.getByText('Your rate at this tier: 1%')).toBeVisible();
    await user.click(form.getByRole('button', { name: 'Send the offer' }));
    expect(await form.findByText('Tier 1: 1.5% is above your own rate at that tier (1%).')).toBeVisible();
    expect(callsTo(api, 'POST', offers)).toHaveLength(0);

    await user.clear(form.getByLabelText('Rate (%)'));
    await user.type(form.getByLabelText('Rate (%)'), '0.6');
    await user.click(form.getByRole('button', { name: 'Add a tier' }));
    const second = within(form.getAllByRole('group')[1] as HTMLElement);
    await user.type(second.getByLabelText('Team valid bet from'), '5000');
    await user.type(second.getByLabelText('Rate (%)'), '0.8');
    await user.click(form.getByRole('button', { name: 'Send the offer' }));
    expect(await form.findByText(/Tier 2 must need more team valid bet/)).toBeVisible();
    expect(callsTo(api, 'POST', offers)).toHaveLength(0);

    await user.clear(second.getByLabelText('Team valid bet from'));
    await user.type(second.getByLabelText('Team valid bet from'), '20000');
    refuse = true;
    await user.click(form.getByRole('button', { name: 'Send the offer' }));
    expect(await form.findByText('Tier 1: 0.9% is above your own rate at that tier (0.8%).')).toBeVisible();
    refuse = false;
    await user.click(form.getByRole('button', { name: 'Send the offer' }));
    await waitFor(() => expect(callsTo(api, 'POST', offers)).toHaveLength(2));
    expect(bodyOf(callsTo(api, 'POST', offers).at(-1)?.[1])).toEqual({
      username: 'sub_agent',
      type: 'DAILY_SALARY',
      tiers: [
        { minValidBet: '10000', minActiveMembers: 0, rate: '0.6' },
        { minValidBet: '20000', minActiveMembers: 0, rate: '0.8' },
      ],
    });
    expect(await screen.findByText('Offer sent to sub_agent')).toBeVisible();
  });

  it("should show only the enabled types' menus, and a record page's windows", async () => {
    mockApi({
      ...contractRoutes(['DAILY_SALARY']),
      [`GET ${AGENT_CONTRACT_API.settlements}`]: () => ({
        period: { period: 'TODAY', from: '2026-11-26', to: '2026-11-26' },
        list: [
          {
            id: '7',
            type: 'DAILY_SALARY',
            username: 'demo_agent',
            window: details().window,
            teamBase: '12000.00',
            teamValidBet: '12000.00',
            teamProfit: '-300.00',
            carriedIn: '0',
            deductions: '0',
            correction: '0',
            activeMembers: 4,
            rate: '1.00',
            gross: '120.00',
            downlineShare: '60.00',
            net: '60.00',
            accruedIn: '0',
            status: 'PAID',
            settledAt: '2026-11-27T00:05:00.000Z',
            paidAt: '2026-11-27T00:05:00.000Z',
          },
        ],
        totals: { gross: '120.00', downlineShare: '60.00', net: '60.00', paid: '60.00' },
        pageNo: 1,
        totalPages: 1,
      }),
    });
    await renderApp('/agentHome?page=agentDailyWages2');
    const nav = within(await screen.findByTestId('agent-nav', {}, COLD));
    expect(await nav.findByRole('link', { name: 'Daily salary' })).toBeVisible();
    expect(nav.getByRole('link', { name: 'My income' })).toBeVisible();
    expect(nav.queryByRole('link', { name: 'Dividend' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Hourly salary' })).toBeNull();
    const row = within((await screen.findAllByTestId('daily-records-table-row', {}, COLD))[0] as HTMLElement);
    expect(row.getByTestId('record-tier')).toHaveTextContent('1 · 1%');
    expect(row.getByTestId('record-downlines')).toHaveTextContent('60.00');
    expect(row.getByTestId('record-status')).toHaveTextContent('Paid');
    expect(screen.getByTestId('my-contract-rate')).toHaveTextContent('1%');
    expect(sessionStorage.getItem('enableSalary')).toBe('true');
    expect(sessionStorage.getItem('enableContract')).toBe('false');
  });
});
