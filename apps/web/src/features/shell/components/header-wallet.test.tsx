import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '@/testing/api-mock';
import { lastSocket } from '@/testing/fake-socket';
import { makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';

const balance = (amount: string, play = false) => ({
  balance: amount,
  frozen: '0.00',
  currencySymbol: '₱',
  currency: play ? 'XPL' : 'PHP',
  play,
});

describe('header wallet', () => {
  beforeEach(() => setViewport(true));

  it('should show the balance with the symbol, hide it as asterisks (remembered) and show it again', async () => {
    signIn(0);
    mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      'GET /wps/v2/wallets/balance': () => balance('1250000.5'),
    });
    const { user } = await renderApp('/');
    const shown = await screen.findByTestId('header-balance');
    await waitFor(() => expect(shown).toHaveTextContent('₱ 1,250,000.5'));
    await user.click(screen.getByTestId('header-balance-toggle'));
    expect(screen.getByTestId('header-balance')).toHaveTextContent('******');
    expect(window.localStorage.getItem('hideBalance')).toBe('1');
    await user.click(screen.getByTestId('header-balance-toggle'));
    expect(screen.getByTestId('header-balance')).toHaveTextContent('₱ 1,250,000.5');
    expect(window.localStorage.getItem('hideBalance')).toBeNull();
  });

  it('should start hidden when the member hid it on an earlier visit', async () => {
    signIn(0);
    window.localStorage.setItem('hideBalance', '1');
    mockApi({ 'GET /wps/member/info': () => makeMemberInfo(), 'GET /wps/v2/wallets/balance': () => balance('10.00') });
    await renderApp('/');
    expect(await screen.findByTestId('header-balance')).toHaveTextContent('******');
  });

  it('should refresh on demand, then hold the button for a while so it cannot hammer the server', async () => {
    signIn(0);
    let amount = '10.00';
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      'GET /wps/v2/wallets/balance': () => balance(amount),
    });
    const { user } = await renderApp('/');
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱ 10.00'));
    amount = '25.00';
    const refresh = screen.getByTestId('header-balance-refresh');
    await user.click(refresh);
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱ 25.00'));
    expect(refresh).toBeDisabled();
    await user.click(refresh);
    expect(callsTo(api, 'GET', '/wps/v2/wallets/balance')).toHaveLength(2);
  });

  it('should update the balance from the realtime event without a request, over a socket opened with the token', async () => {
    signIn(0);
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      'GET /wps/v2/wallets/balance': () => balance('10.00'),
    });
    await renderApp('/');
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱ 10.00'));
    await waitFor(() => expect(lastSocket()).toBeDefined());
    expect(lastSocket()?.options).toMatchObject({ path: '/wps/realtime', auth: { token: 'test-session-token' } });
    act(() => lastSocket()?.deliver('wallet.balance', balance('110.00')));
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱ 110.00'));
    expect(callsTo(api, 'GET', '/wps/v2/wallets/balance')).toHaveLength(1);
  });

  it('should refetch the open deposit page and tell the player when a cashier decides an order', async () => {
    setViewport(true);
    signIn(0);
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      'GET /wps/v2/wallets/balance': () => balance('10.00'),
      'GET /wps/deposit/channels': () => ({ list: [] }),
      'GET /wps/deposit/orders': () => ({ list: [], pageNo: 1, pageSize: 10, totalPages: 0 }),
    });
    await renderApp('/member?page=depositv2');
    await waitFor(() => expect(callsTo(api, 'GET', '/wps/deposit/orders')).toHaveLength(1));
    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() => lastSocket()?.deliver('cashier.order', { kind: 'deposit', orderNo: 'D1ABC', status: 'APPROVED' }));
    expect(await screen.findByText('Your deposit D1ABC was approved and credited to your balance.')).toBeVisible();
    await waitFor(() => expect(callsTo(api, 'GET', '/wps/deposit/orders')).toHaveLength(2));
  });

  it('should send a member to the deposit and withdraw pages', async () => {
    signIn(0);
    mockApi({ 'GET /wps/member/info': () => makeMemberInfo(), 'GET /wps/v2/wallets/balance': () => balance('1.00') });
    const { user, router } = await renderApp('/');
    await user.click(await screen.findByTestId('header-deposit'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=depositv2'));
    await user.click(screen.getByTestId('header-withdraw'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=withdraw'));
    expect(router.state.location.pathname).toBe('/member');
  });

  it('should show a trial member its play money and the true-account notice instead of deposit', async () => {
    signIn(4);
    mockApi({
      'GET /wps/member/info': () => makeMemberInfo({ type: 4, isTrial: true }),
      'GET /wps/v2/wallets/balance': () => balance('2000.00', true),
    });
    const { user, router } = await renderApp('/');
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱ 2,000.00'));
    await user.click(screen.getByTestId('header-deposit'));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('dialog')).toBeVisible();
  });

  it('should not show a wallet to guests', async () => {
    mockApi({});
    await renderApp('/');
    const header = within(await screen.findByTestId('app-header'));
    expect(header.queryByTestId('header-wallet')).not.toBeInTheDocument();
  });
});
