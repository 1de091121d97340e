import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, type TeamBet, type TeamTransaction } from '@platform/contracts';
import { ApiFailure, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, setViewport, signIn } from '@/testing/render-app';
import { frameRoutes, queryOf } from './agent.test-support';

const COLD = { timeout: 10_000 };
const PERIOD = { period: 'TODAY' as const, from: '2026-11-26', to: '2026-11-26' };

const bet = (overrides: Partial<TeamBet> = {}): TeamBet => ({
  username: 'player_one',
  vendor: 'INHOUSE',
  gameCode: 'dice',
  gameType: 'RNG',
  roundId: 'r-1',
  settledAt: '2026-11-26T09:00:00.000Z',
  bet: '100.00',
  validBet: '100.00',
  payout: '0.00',
  profit: '-100.00',
  ...overrides,
});

const tx = (overrides: Partial<TeamTransaction> = {}): TeamTransaction => ({
  id: '1',
  username: 'player_one',
  time: '2026-11-26T08:00:00.000Z',
  type: 'DEPOSIT',
  code: 'DEPOSIT',
  amount: '+1000.00',
  balanceAfter: '1000.00',
  ...overrides,
});

describe('agent team reports', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setViewport(true);
    signIn(1);
  });

  it('personalHistoryCopy: lists the team rounds with the totals of the selection, filters and pages', async () => {
    const api = mockApi({
      ...frameRoutes,
      [`GET ${API.agent.teamBets}`]: () => ({
        period: PERIOD,
        list: [bet(), bet({ roundId: 'r-2', username: 'player_two', payout: '250.00', profit: '150.00' })],
        totals: { rounds: 42, bet: '4200.00', validBet: '4100.00', payout: '3900.00', profit: '-300.00' },
        pageNo: 1,
        totalPages: 3,
      }),
    });
    const { user } = await renderApp('/agentHome?page=personalHistoryCopy');
    const table = within(await screen.findByTestId('team-bets-table', {}, COLD));
    expect(table.getAllByTestId('team-bets-table-row')).toHaveLength(2);
    expect(table.getAllByText('Slots · dice')).toHaveLength(2);
    expect(table.getByTestId('team-bets-table-totals')).toHaveTextContent('Totals · 42 rounds');
    expect(table.getByTestId('team-bets-table-total-bet')).toHaveTextContent('4,200.00');
    expect(within(table.getByTestId('team-bets-table-total-profit')).getByText(/-300\.00/)).toBeVisible();
    await user.selectOptions(screen.getByTestId('team-bets-game-type'), 'LIVE');
    await user.click(within(screen.getByTestId('team-bets-pager')).getByRole('button', { name: 'Next' }));
    await user.click(screen.getByTestId('team-bets-period-THIS_WEEK'));
    await waitFor(() =>
      expect(queryOf(callsTo(api, 'GET', API.agent.teamBets).at(-1))).toEqual({
        period: 'THIS_WEEK',
        pageNo: '1',
        pageSize: '20',
        gameType: 'LIVE',
      }),
    );
    expect(callsTo(api, 'GET', API.agent.teamBets).map((call) => queryOf(call).pageNo)).toContain('2');
  });

  it('personalHistoryCopy: says so when nobody played, and shows the period refusal', async () => {
    let calls = 0;
    mockApi({
      ...frameRoutes,
      [`GET ${API.agent.teamBets}`]: () => {
        calls += 1;
        if (calls > 1) throw new ApiFailure(400, 'PERIOD_INVALID', 'bad period');
        return {
          period: PERIOD,
          list: [],
          totals: { rounds: 0, bet: '0', validBet: '0', payout: '0', profit: '0' },
          pageNo: 1,
          totalPages: 0,
        };
      },
    });
    const { user } = await renderApp('/agentHome?page=personalHistoryCopy');
    expect(await screen.findByTestId('team-bets-empty', {}, COLD)).toHaveTextContent('No team bets in this period');
    await user.click(screen.getByTestId('team-bets-period-YESTERDAY'));
    expect(await screen.findByTestId('team-bets-error', {}, COLD)).toHaveTextContent(
      'Choose a period of at most three months that does not reach past today.',
    );
  });

  it('palStatementsAgentCopy: shows each downline’s profit and loss with the team totals and searches by name', async () => {
    const api = mockApi({
      ...frameRoutes,
      [`GET ${API.agent.teamProfit}`]: () => ({
        period: { period: 'LAST_WEEK', from: '2026-11-16', to: '2026-11-22' },
        list: [
          {
            username: 'player_one',
            type: 'MEMBER',
            level: 2,
            rounds: 10,
            bet: '500.00',
            validBet: '480.00',
            payout: '380.00',
            profit: '-120.00',
          },
          {
            username: 'sub_agent',
            type: 'AGENT',
            level: 1,
            rounds: 3,
            bet: '30.00',
            validBet: '30.00',
            payout: '60.00',
            profit: '30.00',
          },
        ],
        totals: { rounds: 13, bet: '530.00', validBet: '510.00', payout: '440.00', profit: '-90.00' },
        pageNo: 1,
        totalPages: 1,
      }),
    });
    const { user } = await renderApp('/agentHome?page=palStatementsAgentCopy');
    const table = within(await screen.findByTestId('team-profit-table', {}, COLD));
    const [first] = table.getAllByTestId('team-profit-table-row');
    expect(first).toHaveTextContent('player_one');
    expect(
      within(first as HTMLElement)
        .getByText(/-120\.00/)
        .closest('[data-tone]'),
    ).toHaveAttribute('data-tone', 'down');
    expect(table.getByTestId('team-profit-table-total-rounds')).toHaveTextContent('13');
    expect(table.getByTestId('team-profit-table-total-validBet')).toHaveTextContent('510.00');
    expect(screen.getByTestId('team-profit-days')).toHaveTextContent('Business days 2026-11-16 to 2026-11-22');
    await user.type(screen.getByTestId('team-profit-search'), 'player_one{Enter}');
    await waitFor(() =>
      expect(queryOf(callsTo(api, 'GET', API.agent.teamProfit).at(-1))).toMatchObject({ username: 'player_one' }),
    );
  });

  it('agentDownlineTransactionDetailsCopy: lists the team’s money movements by kind with the totals of each kind', async () => {
    const api = mockApi({
      ...frameRoutes,
      [`GET ${API.agent.teamTransactions}`]: () => ({
        period: PERIOD,
        list: [
          tx(),
          tx({ id: '2', type: 'TRANSFER', code: 'TRANSFER_DOWNLINE', amount: '+50.00', balanceAfter: '1050.00' }),
          tx({ id: '3', type: 'WITHDRAW', code: 'WITHDRAW_HOLD', amount: '-200.00', balanceAfter: '850.00' }),
        ],
        totals: { count: 3, deposits: '1000.00', withdrawals: '200.00', transfers: '50.00', bonuses: '0.00' },
        pageNo: 1,
        totalPages: 1,
      }),
    });
    const { user } = await renderApp('/agentHome?page=agentDownlineTransactionDetailsCopy');
    const table = within(await screen.findByTestId('team-tx-table', {}, COLD));
    expect(table.getAllByTestId('team-tx-table-row').map((row) => row.children[2]?.textContent)).toEqual([
      'Deposit',
      'Transfer to downline',
      'Withdrawal held',
    ]);
    expect(table.getByText('+1,000.00')).toBeVisible();
    expect(table.getByTestId('team-tx-table-totals')).toHaveTextContent('Totals · 3 transactions');
    expect(screen.getByTestId('team-tx-total-deposits')).toHaveTextContent('1,000.00');
    expect(screen.getByTestId('team-tx-total-transfers')).toHaveTextContent('50.00');
    await user.selectOptions(screen.getByTestId('team-tx-type'), 'BONUS');
    await waitFor(() =>
      expect(queryOf(callsTo(api, 'GET', API.agent.teamTransactions).at(-1))).toMatchObject({ type: 'BONUS' }),
    );
  });
});
