import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, type Promotion } from '@platform/contracts';
import { bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';

const COLD = { timeout: 10_000 };

const welcome: Promotion = {
  id: '3',
  kind: 'FIRST_DEPOSIT',
  title: '100% welcome bonus up to 1,000',
  terms: '',
  bannerUrl: null,
  startsAt: '2026-11-20T00:00:00.000Z',
  endsAt: null,
  status: 'join',
  bonus: null,
  percent: '100.00',
  maxBonus: '1000.00',
  minDeposit: '100.00',
  turnoverMultiple: 10,
  turnoverBase: 'DEPOSIT_AND_BONUS',
  claimsLeft: 1,
};

const order = {
  ...{ orderNo: 'D1', channelId: '1', channelName: 'Bank', kind: 'MANUAL_BANK', amount: '200.00', status: 'PENDING' },
  ...{ createdAt: '2026-11-27T00:00:00.000Z', expiresAt: '2026-11-27T01:00:00.000Z', paidAt: null, decidedAt: null },
  ...{ reason: null, paymentUrl: null, bank: { bankName: 'BDO', accountName: 'Demo', accountNumber: '001' } },
};

describe('deposit bonus on the deposit form', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setViewport(true);
    signIn(0);
  });

  it('should offer the deposit bonuses the member can join, and send the one chosen with the order', async () => {
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      [`GET ${API.wallet.balance}`]: () => ({ balance: '0.00', currencySymbol: '$' }),
      [`GET ${API.deposit.channels}`]: () => ({
        list: [
          { id: '1', kind: 'MANUAL_BANK', name: 'Bank', minAmount: '10.00', maxAmount: '5000.00', bank: order.bank },
        ],
      }),
      [`GET ${API.deposit.orders}`]: () => ({ list: [], pageNo: 1, pageSize: 10, totalPages: 0 }),
      [`GET ${API.promotions.list}`]: () => ({
        // A free bonus is claimed with its button, not on the deposit form.
        list: [welcome, { ...welcome, id: '4', kind: 'FREE', title: 'Free 8.88', status: 'claim' }],
        availablePromoCount: 2,
      }),
      [`POST ${API.deposit.orders}`]: () => ({ ...order, replayed: false }),
    });
    const { user } = await renderApp('/member?page=depositv2');
    const bonuses = await screen.findByTestId('deposit-bonuses', {}, COLD);
    expect(
      within(bonuses)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['No bonus', '100% welcome bonus up to 1,000Minimum deposit 100.00 · wager x10 before withdrawing']);
    expect(within(bonuses).getByRole('radio', { name: /No bonus/ })).toBeChecked();
    await user.click(within(bonuses).getByRole('radio', { name: /welcome/ }));
    await user.type(screen.getByTestId('deposit-amount'), '200');
    await user.click(screen.getByTestId('deposit-submit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('With the bonus “100% welcome bonus up to 1,000”.');
    await user.click(within(dialog).getByRole('button', { name: 'Deposit now' }));
    await waitFor(() => expect(callsTo(api, 'POST', API.deposit.orders)).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'POST', API.deposit.orders)[0]?.[1])).toMatchObject({
      channelId: '1',
      amount: '200',
      promotionId: '3',
    });
  });
});
