import { act, render, screen, waitFor, within } from '@testing-library/react';
import { focusManager, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API } from '@platform/contracts';
import { createQueryClient } from '@/app/provider';
import { ConfigProvider } from '@/lib/config';
import { fullPackReady, initI18n } from '@/lib/i18n/i18n';
import { callsTo, mockApi } from '@/testing/api-mock';
import { makeConfig } from '@/testing/fixtures';
import { renderApp, setViewport } from '@/testing/render-app';
import { JACKPOT_REFRESH_MS, JackpotTicker } from './jackpot-ticker';

const pool = (amount: string, overrides: Record<string, string> = {}) => ({
  vendor: 'RGS',
  name: 'Grand',
  currency: 'PHP',
  amount,
  ...overrides,
});

const renderTicker = () =>
  render(
    <ConfigProvider config={makeConfig()}>
      <QueryClientProvider client={createQueryClient()}>
        <JackpotTicker />
      </QueryClientProvider>
    </ConfigProvider>,
  );

describe('jackpot ticker', () => {
  beforeAll(async () => {
    await initI18n(makeConfig().language);
    await fullPackReady();
  });

  afterEach(() => {
    focusManager.setFocused(undefined);
    vi.useRealTimers();
  });

  it('should show each pool of the merchant currency with its amount, and nothing of another currency', async () => {
    mockApi({
      [`GET ${API.game.jackpots}`]: () => ({
        pools: [pool('125000.50'), pool('99.00', { currency: 'USD', name: 'Mega' })],
      }),
    });
    renderTicker();
    const ticker = await screen.findByTestId('jackpot-ticker');
    expect(within(ticker).getByRole('heading', { name: 'Progressive jackpot' })).toBeVisible();
    expect(within(ticker).getAllByTestId('jackpot-pool')).toHaveLength(1);
    expect(within(ticker).getByText('Grand jackpot')).toBeVisible();
    expect(within(ticker).getByTestId('jackpot-amount')).toHaveTextContent('125,000.50');
    expect(within(ticker).getByText('₱', { selector: '.jackpot__currency' })).toBeInTheDocument();
  });

  it('should stay hidden when there is no pool, and when the call fails', async () => {
    const api = mockApi({ [`GET ${API.game.jackpots}`]: () => ({ pools: [] }) });
    const { unmount } = renderTicker();
    await waitFor(() => expect(callsTo(api, 'GET', API.game.jackpots)).toHaveLength(1));
    expect(screen.queryByTestId('jackpot-ticker')).not.toBeInTheDocument();
    unmount();
    const failing = mockApi({ [`GET ${API.game.jackpots}`]: () => ({ pools: 'nope' }) });
    renderTicker();
    await waitFor(() => expect(callsTo(failing, 'GET', API.game.jackpots).length).toBeGreaterThan(0));
    expect(screen.queryByTestId('jackpot-ticker')).not.toBeInTheDocument();
  });

  it('should ask again every 5 s while the tab is visible, pause while it is hidden, and count up to the new amount', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let amount = 1000;
    const api = mockApi({
      [`GET ${API.game.jackpots}`]: () => {
        amount += 25;
        return { pools: [pool(`${amount}.00`)] };
      },
    });
    renderTicker();
    expect(await screen.findByTestId('jackpot-amount')).toHaveTextContent('1,025.00');
    const calls = () => callsTo(api, 'GET', API.game.jackpots).length;
    await act(() => vi.advanceTimersByTimeAsync(JACKPOT_REFRESH_MS));
    await waitFor(() => expect(calls()).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(screen.getByTestId('jackpot-amount')).toHaveTextContent('1,050.00'));

    act(() => focusManager.setFocused(false));
    await act(() => vi.advanceTimersByTimeAsync(JACKPOT_REFRESH_MS * 3));
    expect(calls()).toBe(2);

    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(calls()).toBe(3));
  });
});

describe('jackpot ticker in the lobby', () => {
  it('should appear on the home lobby and on the slots list when there is a pool', async () => {
    setViewport(true);
    mockApi({ [`GET ${API.game.jackpots}`]: () => ({ pools: [pool('5000.00')] }) });
    const { unmount } = await renderApp('/');
    expect(await screen.findByTestId('jackpot-amount', {}, { timeout: 4000 })).toHaveTextContent('5,000.00');
    unmount();
    await renderApp('/rng');
    expect(await screen.findByTestId('jackpot-amount', {}, { timeout: 4000 })).toHaveTextContent('5,000.00');
  });
});
