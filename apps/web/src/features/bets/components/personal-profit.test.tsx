import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, type PersonalProfit } from '@platform/contracts';
import { callsTo, mockApi } from '@/testing/api-mock';
import { makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';

const COLD = { timeout: 10_000 };
const PAGE = '/member?page=personalProfit';

const profit = (overrides: Partial<PersonalProfit> = {}): PersonalProfit => ({
  period: { period: 'TODAY', from: '2026-11-26', to: '2026-11-26' },
  list: [
    { gameType: 'RNG', rounds: 12, bet: '1200.00', validBet: '1200.00', payout: '900.00', profit: '-300.00' },
    { gameType: 'LIVE', rounds: 3, bet: '300.00', validBet: '280.00', payout: '500.00', profit: '200.00' },
  ],
  totals: { rounds: 15, bet: '1500.00', validBet: '1480.00', payout: '1400.00', profit: '-100.00' },
  ...overrides,
});

const queryOf = (call: unknown[] | undefined) =>
  Object.fromEntries(new URL(String(call?.[0]), 'http://localhost').searchParams);

describe('member centre personalProfit', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setViewport(true);
    signIn(0);
  });

  it('should show the profit and loss by game type with the totals, and ask again for another period', async () => {
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      [`GET ${API.wallet.balance}`]: () => ({ balance: '10.00', currencySymbol: '$' }),
      [`GET ${API.member.profit}`]: () => profit(),
    });
    const { user } = await renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'Profit and loss', level: 2 }, COLD)).toBeVisible();
    const table = within(await screen.findByTestId('profit-table', {}, COLD));
    const rows = table.getAllByTestId('profit-row');
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual(['Slots', 'Live casino']);
    expect(within(rows[0] as HTMLElement).getByTestId('profit-row-profit')).toHaveAttribute('data-tone', 'down');
    expect(within(rows[1] as HTMLElement).getByTestId('profit-row-profit')).toHaveTextContent('200.00');
    expect(table.getByTestId('profit-totals-rounds')).toHaveTextContent('15');
    expect(table.getByTestId('profit-totals-valid')).toHaveTextContent('1,480.00');
    expect(table.getByTestId('profit-totals-profit')).toHaveTextContent('-100.00');
    expect(screen.getByTestId('profit-days')).toHaveTextContent('Business day 2026-11-26');
    expect(queryOf(callsTo(api, 'GET', API.member.profit)[0])).toEqual({ period: 'TODAY' });
    await user.click(screen.getByTestId('profit-period-LAST_MONTH'));
    await waitFor(() =>
      expect(queryOf(callsTo(api, 'GET', API.member.profit).at(-1))).toEqual({ period: 'LAST_MONTH' }),
    );
  });

  it('should say so when the member did not play in the period', async () => {
    mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      [`GET ${API.wallet.balance}`]: () => ({ balance: '10.00', currencySymbol: '$' }),
      [`GET ${API.member.profit}`]: () =>
        profit({ list: [], totals: { rounds: 0, bet: '0.00', validBet: '0.00', payout: '0.00', profit: '0.00' } }),
    });
    await renderApp(PAGE);
    expect(await screen.findByTestId('profit-empty', {}, COLD)).toHaveTextContent('No rounds in this period');
  });
});
