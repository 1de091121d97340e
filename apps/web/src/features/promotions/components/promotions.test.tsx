import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, type BonusGrant, type Promotion } from '@platform/contracts';
import { callsTo, mockApi } from '@/testing/api-mock';
import { makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';

const COLD = { timeout: 10_000 };

const promotion = (overrides: Partial<Promotion>): Promotion => ({
  id: '1',
  kind: 'FREE',
  title: 'Free 8.88',
  terms: 'Wager x5',
  bannerUrl: null,
  startsAt: '2026-11-20T00:00:00.000Z',
  endsAt: null,
  status: 'claim',
  bonus: '8.88',
  percent: null,
  maxBonus: null,
  minDeposit: '0.00',
  turnoverMultiple: 5,
  turnoverBase: 'BONUS',
  claimsLeft: 1,
  ...overrides,
});

const grant = (overrides: Partial<BonusGrant> = {}): BonusGrant => ({
  id: '7',
  status: 'ACTIVE',
  amount: '200.00',
  balance: '150.00',
  turnoverRequired: '4000.00',
  turnoverDone: '1000.00',
  weights: {},
  defaultWeight: 100,
  maxBet: '50.00',
  maxConversion: null,
  onWithdraw: 'FORFEIT',
  expiresAt: '2026-12-01T00:00:00.000Z',
  createdAt: '2026-11-26T00:00:00.000Z',
  closedAt: null,
  converted: '0.00',
  forfeited: '0.00',
  ...overrides,
});

describe('member centre promotions and bonus', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setViewport(true);
    signIn(0);
  });

  it('should list promotions with their status and claim a free bonus with its button', async () => {
    let claimed = false;
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      [`GET ${API.wallet.balance}`]: () => ({ balance: '10.00', currencySymbol: '$' }),
      [`GET ${API.promotions.list}`]: () => ({
        list: [
          promotion({ status: claimed ? 'claimed' : 'claim' }),
          promotion({
            id: '2',
            kind: 'FIRST_DEPOSIT',
            title: 'Welcome 100%',
            status: 'join',
            bonus: null,
            percent: '100.00',
            maxBonus: '1000.00',
          }),
        ],
        availablePromoCount: claimed ? 1 : 2,
      }),
      // The public state's promotion part: the badge of the member centre's promotions entry.
      [`GET ${API.promotions.state}`]: () => ({
        availablePromoCount: claimed ? 1 : 2,
        availablePromo: { REFERRAL: { enabled: false } },
      }),
      [`POST ${API.promotions.claim.replace(':id', '1')}`]: () => {
        claimed = true;
        return { claimId: '9', status: 'claimed', grant: grant({ amount: '8.88', balance: '8.88' }) };
      },
    });
    const { user } = await renderApp('/member?page=promotions');
    const cards = await screen.findAllByTestId('promotion', {}, COLD);
    expect(cards.map((card) => card.getAttribute('data-status'))).toEqual(['claim', 'join']);
    expect(within(cards[1] as HTMLElement).getByText('100.00% bonus up to 1,000.00')).toBeVisible();
    expect(screen.getByTestId('promotions-available')).toHaveTextContent('Promotions you can take: 2');
    const entry = () =>
      within(screen.getByRole('navigation', { name: 'Member centre pages' })).getByRole('link', { current: 'page' });
    await waitFor(() => expect(entry()).toHaveTextContent('Promotions2 new'));
    await user.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(callsTo(api, 'POST', API.promotions.claim.replace(':id', '1'))).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('promotion')[0]).toHaveAttribute('data-status', 'claimed'));
    expect(within(screen.getAllByTestId('promotion')[0] as HTMLElement).queryByRole('button')).toBeNull();
    // The claim refreshes the badge: one promotion left to take.
    await waitFor(() => expect(entry()).toHaveTextContent('Promotions1 new'));
  });

  it('should tell a cashback by its window, cap, minimum loss and how it pays', async () => {
    mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      [`GET ${API.wallet.balance}`]: () => ({ balance: '10.00', currencySymbol: '$' }),
      [`GET ${API.promotions.list}`]: () => ({
        list: [
          promotion({
            ...{ id: '3', kind: 'CASHBACK', title: 'Daily cashback 5%', terms: '', status: 'process' },
            ...{ bonus: null, percent: '5.00', maxBonus: '100.00', turnoverMultiple: 1 },
            cashback: { window: 'DAILY', payAs: 'BONUS', minLoss: '10.00' },
          }),
          promotion({
            ...{ id: '4', kind: 'CASHBACK', title: 'Weekly cashback', terms: '', status: 'process' },
            ...{ bonus: null, percent: '7.50', maxBonus: '2000.00', turnoverMultiple: 0 },
            cashback: { window: 'WEEKLY', payAs: 'CASH', minLoss: '0.00' },
          }),
        ],
        availablePromoCount: 0,
      }),
      [`GET ${API.promotions.state}`]: () => ({
        availablePromoCount: 0,
        availablePromo: { REFERRAL: { enabled: false } },
      }),
    });
    await renderApp('/member?page=promotions');
    const [daily, weekly] = (await screen.findAllByTestId('promotion', {}, COLD)) as HTMLElement[];
    expect(within(daily!).getByText("5.00% of each day's net loss, up to 100.00")).toBeVisible();
    expect(daily).toHaveTextContent('In your reward centre as a bonus, wager x1 · on a loss of 10.00 or more');
    expect(within(daily!).getByTestId('promotion-status')).toHaveTextContent('Running');
    expect(within(weekly!).getByText("7.50% of each week's net loss, up to 2,000.00")).toBeVisible();
    expect(weekly).toHaveTextContent('In your reward centre as cash');
    expect(weekly).not.toHaveTextContent('Wager');
    expect(weekly).not.toHaveTextContent('on a loss of');
  });

  it('should show the bonus being wagered with its turnover, and the latest grants', async () => {
    mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      [`GET ${API.wallet.balance}`]: () => ({ balance: '10.00', currencySymbol: '$' }),
      [`GET ${API.bonus.details}`]: () => ({
        active: grant(),
        history: [grant(), grant({ id: '6', status: 'CONVERTED', converted: '50.00', balance: '0.00' })],
      }),
    });
    await renderApp('/member?page=bonusDetails');
    expect(await screen.findByTestId('bonus-balance', {}, COLD)).toHaveTextContent('150.00');
    expect(screen.getByTestId('bonus-turnover')).toHaveTextContent('1,000.00 / 4,000.00');
    expect(screen.getByRole('progressbar', { name: 'Turnover' })).toHaveAttribute('value', '25');
    expect(screen.getByTestId('bonus-withdraw-rule')).toHaveTextContent('forfeits this bonus');
    expect(screen.getAllByTestId('bonus-row').map((row) => row.getAttribute('data-status'))).toEqual([
      'ACTIVE',
      'CONVERTED',
    ]);
  });

  it('should send an application with its comment and images, and refuse a non-image before sending', async () => {
    let applied = false;
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      [`GET ${API.wallet.balance}`]: () => ({ balance: '10.00', currencySymbol: '$' }),
      [`GET ${API.promotions.list}`]: () => ({
        list: [
          promotion({
            id: '4',
            kind: 'APPLICATION',
            title: 'Share your big win',
            status: applied ? 'applying' : 'join',
            bonus: '20.00',
          }),
        ],
        availablePromoCount: applied ? 0 : 1,
      }),
      [`POST ${API.promotions.apply.replace(':id', '4')}`]: () => {
        applied = true;
        return { claimId: '12', status: 'applying' };
      },
    });
    const { user } = await renderApp('/member?page=promotions');
    const card = await screen.findByTestId('promotion', {}, COLD);
    expect(within(card).getByTestId('promotion-status')).toHaveTextContent('Apply with a comment and images');
    await user.click(within(card).getByTestId('promotion-apply'));
    const form = within(screen.getByTestId('promotion-apply-form'));
    await user.type(form.getByTestId('promotion-apply-comment'), 'My 500x on Lucky Lanterns');
    expect(form.getByText('25 / 140 characters')).toBeVisible();
    const input = form.getByTestId('promotion-apply-images');
    // A file picker's "all files" choice: the accept filter does not stop it.
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'proof.pdf', { type: 'application/pdf' })] } });
    expect(form.getByTestId('promotion-apply-file-error')).toHaveTextContent(/png|jpg|image/i);
    expect(form.getByTestId('promotion-apply-submit')).toBeDisabled();
    await user.upload(input, [
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' }),
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'b.jpg', { type: 'image/jpeg' }),
    ]);
    await user.click(form.getByTestId('promotion-apply-submit'));
    await waitFor(() => expect(screen.getByTestId('promotion-status')).toHaveTextContent('Application under review'));
    const [, init] = callsTo(api, 'POST', API.promotions.apply.replace(':id', '4'))[0] as [unknown, RequestInit];
    const sent = init.body as FormData;
    expect(sent.get('comment')).toBe('My 500x on Lucky Lanterns');
    expect((sent.getAll('images') as File[]).map((file) => file.name)).toEqual(['a.png', 'b.jpg']);
  });
});
