import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API } from '@platform/contracts';
import { ApiFailure, callsTo, mockApi } from '@/testing/api-mock';
import { makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';
import { openSealed } from '@/testing/seal-keys';

const BALANCE = { balance: '100.00', frozen: '0.00', currencySymbol: '$', currency: 'PHP', play: false };

describe('transferUpline and transactionHistory', () => {
  beforeEach(() => {
    setViewport(true);
    signIn(0);
  });

  it('should confirm before sending to the upline, seal the payment password, and keep the request id on retry', async () => {
    let attempts = 0;
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      [`GET ${API.wallet.balance}`]: () => BALANCE,
      [`GET ${API.wallet.transferUpline}`]: () => ({ upline: { username: 'demo_agent', nickname: 'Demo Agent' } }),
      [`POST ${API.wallet.transferUpline}`]: () => {
        attempts += 1;
        if (attempts === 1) throw new ApiFailure(400, 'PAYMENT_PASSWORD_WRONG', 'wrong');
        return { transferId: '9', to: 'demo_agent', amount: '1250.50', balanceAfter: '10.00', replayed: false };
      },
    });
    const { user } = await renderApp('/member?page=transferUpline');
    expect(await screen.findByTestId('transfer-upline-name', {}, { timeout: 4000 })).toHaveTextContent(
      'Demo Agent (demo_agent)',
    );
    await user.click(screen.getByTestId('transfer-upline-submit'));
    expect(await screen.findAllByText('Input cannot be empty')).not.toHaveLength(0);
    await user.type(screen.getByTestId('transfer-upline-amount'), '1250.50');
    await user.type(screen.getByTestId('transfer-upline-password'), '482913');
    await user.click(screen.getByTestId('transfer-upline-submit'));
    const dialog = within(await screen.findByTestId('transfer-upline-confirm-dialog'));
    expect(dialog.getByText(/Send 1,250.50 to demo_agent\?/)).toBeVisible();
    expect(attempts).toBe(0);
    await user.click(dialog.getByTestId('transfer-upline-confirm'));
    expect(await screen.findByTestId('transfer-upline-error')).toHaveTextContent(/payment password/i);
    await user.click(screen.getByTestId('transfer-upline-submit'));
    await user.click(await screen.findByTestId('transfer-upline-confirm'));
    expect(await screen.findByText('1,250.50 sent to demo_agent')).toBeVisible();
    const bodies = await Promise.all(
      callsTo(api, 'POST', API.wallet.transferUpline).map(([, init]) =>
        openSealed(JSON.parse(String((init as RequestInit).body))),
      ),
    );
    expect(bodies[0]).toMatchObject({ amount: '1250.50', paymentPassword: '482913' });
    expect((bodies[1] as { requestId: string }).requestId).toBe((bodies[0] as { requestId: string }).requestId);
    await waitFor(() => expect(screen.getByTestId('transfer-upline-amount')).toHaveValue(''));
  });

  it('should say so when the member has no upline', async () => {
    mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      [`GET ${API.wallet.balance}`]: () => BALANCE,
      [`GET ${API.wallet.transferUpline}`]: () => ({ upline: null }),
    });
    await renderApp('/member?page=transferUpline');
    expect(await screen.findByTestId('transfer-upline-none')).toHaveTextContent('You have no upline');
    expect(screen.queryByTestId('transfer-upline-form')).not.toBeInTheDocument();
  });

  it('should list the account record with translated types and signed amounts, filter and page', async () => {
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      [`GET ${API.wallet.balance}`]: () => BALANCE,
      [`GET ${API.wallet.transactions}`]: (_init, url) => {
        if (url.searchParams.get('type') === 'DEPOSIT') return { list: [], pageNo: 1, totalPages: 0 };
        const pageNo = Number(url.searchParams.get('pageNo'));
        const row =
          pageNo === 1
            ? { id: '2', code: 'TRANSFER_UPLINE', amount: '-30.00', balanceAfter: '1050.00', reference: 'a → b' }
            : { id: '1', code: 'CORRECTION', amount: '+1080.00', balanceAfter: '1080.00', reference: null };
        return { list: [{ ...row, time: '2026-11-20T10:00:00.000Z' }], pageNo, totalPages: 2 };
      },
    });
    const { user } = await renderApp('/member?page=transactionHistory');
    const row = within(await screen.findByTestId('records-row'));
    expect(row.getByText('Transfer to upline')).toBeVisible();
    expect(row.getByTestId('records-amount')).toHaveTextContent('-30.00');
    expect(row.getByTestId('records-amount')).toHaveClass('records__debit');
    expect(row.getByTestId('records-balance')).toHaveTextContent('1,050.00');
    await user.click(screen.getByTestId('records-next'));
    await waitFor(() => expect(screen.getByTestId('records-amount')).toHaveTextContent('+1,080.00'));
    expect(screen.getByText('Adjustment')).toBeVisible();
    await user.click(screen.getByTestId('records-period-LAST_7_DAYS'));
    await user.selectOptions(screen.getByTestId('records-type'), 'DEPOSIT');
    expect(await screen.findByTestId('records-empty')).toHaveTextContent('No records in this period');
    const last = callsTo(api, 'GET', API.wallet.transactions).at(-1)?.[0];
    const query = new URL(String(last), 'http://localhost').searchParams;
    expect([query.get('type'), query.get('period'), query.get('pageNo')]).toEqual(['DEPOSIT', 'LAST_7_DAYS', '1']);
  });
});
