import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpsDepositChannel, OpsDepositChannelList, OpsWithdrawSettings } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const bank: OpsDepositChannel = {
  id: '2',
  code: 'bank-transfer',
  kind: 'MANUAL_BANK',
  gatewayCode: null,
  displayName: 'Bank transfer',
  minAmount: '50.00',
  maxAmount: '100000.00',
  enabled: true,
  sort: 1,
  bankName: 'Demo Bank',
  bankAccountName: 'Demo Gaming Ltd',
  bankAccountNumber: '0012-3456-7890',
  expiryMinutes: 120,
};
const gateway: OpsDepositChannel = {
  ...bank,
  id: '1',
  code: 'demo-pay',
  kind: 'GATEWAY',
  gatewayCode: 'demo',
  displayName: 'Demo Pay',
  bankName: null,
  bankAccountName: null,
  bankAccountNumber: null,
  sort: 0,
};
const listOf = (list: OpsDepositChannel[]): OpsDepositChannelList => ({
  list,
  gateways: ['demo'],
  currencyScale: 2,
  currencySymbol: '₱',
});
const CHANNELS = '/wps/ops/deposit-channels';

// The pages are lazy chunks: load them once up front, so the first test's wait is for the page, not for the transform.
beforeAll(async () => {
  await Promise.all([import('./deposit-channels-page'), import('./withdraw-settings-page')]);
}, 60_000);
const SETTINGS = '/wps/ops/withdraw-settings';

describe('deposit channels', () => {
  it('should list the channels with their limits and the account shown to players', async () => {
    mockApi({ [`GET ${CHANNELS}`]: () => listOf([gateway, bank]) });
    renderApp('/payments/deposit-channels', { staff: 'finance' });
    const rows = await screen.findAllByTestId('channels-row');
    expect(rows.map((row) => row.getAttribute('data-key'))).toEqual(['1', '2']);
    expect(rows[1]).toHaveTextContent('Bank transfer');
    expect(rows[1]).toHaveTextContent('100,000.00');
    expect(rows[1]).toHaveTextContent('Demo Bank · Demo Gaming Ltd · 0012-3456-7890');
    expect(screen.getByTestId('channel-state-bank-transfer')).toHaveTextContent('On');
  });

  it('should edit a channel, showing the server’s field errors under their inputs and saving on the retry', async () => {
    const user = userEvent.setup();
    let rejected = false;
    const api = mockApi({
      [`GET ${CHANNELS}`]: () => listOf([gateway, bank]),
      [`PATCH ${CHANNELS}/2`]: (init) => {
        const body = bodyOf(init) as { minAmount: string };
        if (body.minAmount === '50.001') {
          rejected = true;
          throw new ApiFailure(400, 'VALIDATION_FAILED', 'bad', {
            fields: [{ path: 'minAmount', message: 'must have at most 2 decimals' }],
          });
        }
        return { ...bank, ...body };
      },
    });
    renderApp('/payments/deposit-channels', { staff: 'finance' });
    await user.click(await screen.findByTestId('channel-edit-bank-transfer'));
    const min = await screen.findByTestId('channel-min');
    await user.clear(min);
    await user.type(min, '50.001');
    await user.clear(screen.getByTestId('channel-account-number'));
    await user.type(screen.getByTestId('channel-account-number'), '9999-0000');
    await user.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(rejected).toBe(true));
    expect(await screen.findByText('must have at most 2 decimals')).toBeInTheDocument();
    expect(min).toHaveAttribute('aria-invalid', 'true');

    await user.clear(min);
    await user.type(min, '75');
    await user.click(screen.getByTestId('channel-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Bank transfer saved');
    const calls = callsTo(api, 'PATCH', `${CHANNELS}/2`);
    expect(bodyOf(calls[calls.length - 1]?.[1])).toEqual({
      displayName: 'Bank transfer',
      minAmount: '75',
      maxAmount: '100000.00',
      sort: 1,
      expiryMinutes: 120,
      gatewayCode: null,
      bankName: 'Demo Bank',
      bankAccountName: 'Demo Gaming Ltd',
      bankAccountNumber: '9999-0000',
    });
  });

  it('should check a new channel on the client first and send nothing while it is wrong', async () => {
    const user = userEvent.setup();
    const api = mockApi({ [`GET ${CHANNELS}`]: () => listOf([gateway]) });
    renderApp('/payments/deposit-channels', { staff: 'finance' });
    await user.click(await screen.findByTestId('channel-create'));
    await user.type(await screen.findByTestId('channel-code'), 'Bad Code');
    await user.type(screen.getByTestId('channel-name'), 'GCash');
    await user.type(screen.getByTestId('channel-min'), '500');
    await user.type(screen.getByTestId('channel-max'), '100');
    await user.click(screen.getByTestId('channel-submit'));
    const form = screen.getByTestId('channel-form');
    expect(await within(form).findByText('must not be below the minimum')).toBeInTheDocument();
    expect(within(form).getByText(/must be lower-case letters/)).toBeInTheDocument();
    expect(within(form).getAllByText('is required for a bank transfer channel')).toHaveLength(3);
    expect(callsTo(api, 'POST', CHANNELS)).toHaveLength(0);
  });

  it('should ask before disabling a channel, and disable it on confirm', async () => {
    const user = userEvent.setup();
    let current = bank;
    const api = mockApi({
      [`GET ${CHANNELS}`]: () => listOf([current]),
      [`PATCH ${CHANNELS}/2`]: (init) => {
        current = { ...current, ...(bodyOf(init) as Partial<OpsDepositChannel>) };
        return current;
      },
    });
    renderApp('/payments/deposit-channels', { staff: 'finance' });
    await user.click(await screen.findByTestId('channel-disable-bank-transfer'));
    const dialog = await screen.findByTestId('channel-disable-confirm');
    expect(dialog).toHaveTextContent('Players can no longer deposit with Bank transfer');
    expect(callsTo(api, 'PATCH', `${CHANNELS}/2`)).toHaveLength(0);
    await user.click(within(dialog).getByTestId('channel-disable-confirm-confirm'));
    expect(await screen.findByTestId('channel-enable-bank-transfer')).toBeInTheDocument();
    expect(bodyOf(callsTo(api, 'PATCH', `${CHANNELS}/2`)[0]?.[1])).toEqual({ enabled: false });
    expect(screen.getByTestId('channel-state-bank-transfer')).toHaveTextContent('Off');
  });

  it('should not offer the pages to a role without payments.manage', async () => {
    mockApi({ [`GET ${CHANNELS}`]: () => listOf([bank]) });
    renderApp('/payments/deposit-channels', { staff: 'cashier' });
    expect(await screen.findByTestId('forbidden-page')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-payments-deposit-channels')).not.toBeInTheDocument();
  });
});

describe('withdrawal settings', () => {
  const settings: OpsWithdrawSettings = {
    minAmount: '100.00',
    maxAmount: '50000.00',
    dailyCount: 3,
    maxAccounts: 3,
    autoReceiveMinutes: 1440,
    currencyScale: 2,
    currencySymbol: '₱',
  };

  it('should refuse a minimum above the maximum and a bad count on the client, then save good rules', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [`GET ${SETTINGS}`]: () => settings,
      [`PUT ${SETTINGS}`]: (init) => ({ ...settings, ...(bodyOf(init) as object), minAmount: '200.00' }),
    });
    renderApp('/payments/withdraw-settings', { staff: 'finance' });
    const min = await screen.findByTestId('withdraw-min');
    expect(min).toHaveValue('100.00');
    await user.clear(min);
    await user.type(min, '90000');
    await user.clear(screen.getByTestId('withdraw-daily-count'));
    await user.type(screen.getByTestId('withdraw-daily-count'), '0');
    await user.click(screen.getByTestId('withdraw-settings-submit'));
    expect(await screen.findByText('must not be below the minimum')).toBeInTheDocument();
    expect(screen.getByTestId('withdraw-daily-count')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(api, 'PUT', SETTINGS)).toHaveLength(0);

    await user.clear(min);
    await user.type(min, '200');
    await user.clear(screen.getByTestId('withdraw-daily-count'));
    await user.type(screen.getByTestId('withdraw-daily-count'), '5');
    await user.click(screen.getByTestId('withdraw-settings-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Withdrawal settings saved');
    expect(bodyOf(callsTo(api, 'PUT', SETTINGS)[0]?.[1])).toEqual({
      minAmount: '200',
      maxAmount: '50000.00',
      dailyCount: 5,
      maxAccounts: 3,
      autoReceiveMinutes: 1440,
    });
    expect(screen.getByTestId('withdraw-min')).toHaveValue('200.00');
  });
});
