import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VendorWallets } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';

const PAGE = '/member?page=transferFund';
const TRANSFER = '/wps/relay/GCS_walletTransfer';

const multi = { isSingle: false, currency: 'PHP', currencySymbol: '₱', scale: 2 };
const wallets = (pending = false): VendorWallets => ({
  main: '1250.00',
  currencySymbol: '₱',
  vendors: [
    { vendor: 'DEMO_SLOTS', name: 'Demo Slots', balance: '30.00', pending },
    { vendor: 'DEMO_LIVE', name: 'Demo Live Casino', balance: '0.00', pending: false },
  ],
});
const order = (status: string) => ({
  orderNo: 'VT1ABC',
  vendor: 'DEMO_SLOTS',
  direction: 'IN',
  amount: '1250.00',
  status,
  createdAt: '2026-11-20T10:00:00.000Z',
  settledAt: null,
});
const base = {
  'GET /wps/member/info': () => makeMemberInfo(),
  'GET /wps/v2/wallets/balance': () => ({
    balance: '1250.00',
    frozen: '0.00',
    currencySymbol: '₱',
    currency: 'PHP',
    play: false,
  }),
};

describe('transferFund', () => {
  beforeEach(() => {
    setViewport(true);
    signIn(0);
  });

  it('should explain that a single-wallet site has nothing to transfer', async () => {
    const api = mockApi({ ...base, 'GET /wps/wallet/merchant': () => ({ ...multi, isSingle: true }) });
    await renderApp(PAGE);
    expect(await screen.findByTestId('vendor-wallet-single')).toHaveTextContent('You have one wallet');
    expect(screen.queryByTestId('vendor-transfer-form')).not.toBeInTheDocument();
    expect(callsTo(api, 'GET', '/wps/v2/wallets/vendors')).toHaveLength(0);
  });

  it('should show each wallet with its balance and a pending badge', async () => {
    mockApi({
      ...base,
      'GET /wps/wallet/merchant': () => multi,
      'GET /wps/v2/wallets/vendors': () => wallets(true),
    });
    await renderApp(PAGE);
    const main = await screen.findByTestId('vendor-wallet-main');
    expect(main).toHaveTextContent('₱1,250.00');
    const slots = screen.getByTestId('vendor-wallet-DEMO_SLOTS');
    expect(slots).toHaveTextContent('₱30.00');
    expect(within(slots).getByTestId('vendor-wallet-pending')).toHaveTextContent('Pending');
    expect(within(screen.getByTestId('vendor-wallet-DEMO_LIVE')).queryByTestId('vendor-wallet-pending')).toBeNull();
  });

  it('should transfer all of the main wallet after a confirmation, and say so when the provider is late', async () => {
    let answer: 'SUCCESS' | 'PENDING' = 'PENDING';
    const api = mockApi({
      ...base,
      'GET /wps/wallet/merchant': () => multi,
      'GET /wps/v2/wallets/vendors': () => wallets(),
      [`POST ${TRANSFER}`]: () => {
        if (answer === 'SUCCESS') return order('SUCCESS');
        throw new ApiFailure(202, 'TRANSFER_PENDING', 'not confirmed yet', order('PENDING'));
      },
    });
    await renderApp(PAGE);
    fireEvent.click(await screen.findByTestId('vendor-transfer-all'));
    expect(screen.getByTestId('vendor-transfer-amount')).toHaveValue('1250.00');
    fireEvent.click(screen.getByTestId('vendor-transfer-submit'));
    const dialog = await screen.findByTestId('vendor-transfer-confirm-dialog');
    expect(dialog).toHaveTextContent('Transfer 1,250.00 from Main wallet to Demo Slots?');
    expect(callsTo(api, 'POST', TRANSFER)).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('vendor-transfer-confirm'));
    expect(await screen.findByTestId('vendor-transfer-pending')).toHaveTextContent(
      'The game provider has not confirmed this transfer yet',
    );
    const [call] = callsTo(api, 'POST', TRANSFER);
    expect(bodyOf(call?.[1])).toMatchObject({ vendor: 'DEMO_SLOTS', direction: 'IN', amount: '1250.00' });
    expect(screen.queryByTestId('vendor-transfer-error')).toBeNull();

    // From a vendor wallet: the other side becomes the main wallet, and the call goes OUT.
    answer = 'SUCCESS';
    fireEvent.change(screen.getByTestId('vendor-transfer-from'), { target: { value: 'DEMO_SLOTS' } });
    expect(screen.getByTestId('vendor-transfer-to')).toHaveValue('MAIN');
    fireEvent.change(screen.getByTestId('vendor-transfer-amount'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('vendor-transfer-submit'));
    fireEvent.click(
      within(await screen.findByTestId('vendor-transfer-confirm-dialog')).getByTestId('vendor-transfer-confirm'),
    );
    await waitFor(() => expect(callsTo(api, 'POST', TRANSFER)).toHaveLength(2));
    const second = callsTo(api, 'POST', TRANSFER)[1];
    expect(bodyOf(second?.[1])).toMatchObject({ vendor: 'DEMO_SLOTS', direction: 'OUT', amount: '10' });
    expect((bodyOf(second?.[1]) as { requestId: string }).requestId).not.toBe(
      (bodyOf(call?.[1]) as { requestId: string }).requestId,
    );
  });

  it('should refuse a bad amount before calling, and show a translated refusal', async () => {
    const api = mockApi({
      ...base,
      'GET /wps/wallet/merchant': () => multi,
      'GET /wps/v2/wallets/vendors': () => wallets(),
      [`POST ${TRANSFER}`]: () => {
        throw new ApiFailure(422, 'INSUFFICIENT_FUNDS', 'Insufficient funds');
      },
    });
    await renderApp(PAGE);
    fireEvent.change(await screen.findByTestId('vendor-transfer-amount'), { target: { value: '1.234' } });
    fireEvent.click(screen.getByTestId('vendor-transfer-submit'));
    expect(await screen.findByText('Enter a positive amount with at most two decimals.')).toBeVisible();
    expect(screen.queryByTestId('vendor-transfer-confirm-dialog')).toBeNull();

    fireEvent.change(screen.getByTestId('vendor-transfer-amount'), { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('vendor-transfer-submit'));
    fireEvent.click(
      within(await screen.findByTestId('vendor-transfer-confirm-dialog')).getByTestId('vendor-transfer-confirm'),
    );
    expect(await screen.findByTestId('vendor-transfer-error')).toHaveTextContent('Insufficient balance');
    expect(callsTo(api, 'POST', TRANSFER)).toHaveLength(1);
  });
});
