import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, type ManualRebate, type Reward, type VipState } from '@platform/contracts';
import { ApiFailure, callsTo, mockApi } from '@/testing/api-mock';
import { makeConfig, makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';

const COLD = { timeout: 10_000 };

const reward = (overrides: Partial<Reward>): Reward => ({
  id: '1',
  kind: 'REBATE',
  status: 'PENDING',
  amount: '12.50',
  payAs: 'CASH',
  turnoverMultiple: 0,
  period: '2026-11-26',
  expiresAt: '2026-12-03T00:00:00.000Z',
  createdAt: '2026-11-27T00:00:00.000Z',
  claimedAt: null,
  ...overrides,
});

const BENEFITS = {
  upgradeBasis: 'VALID_BET',
  birthdayBonus: '0.00',
  withdrawDailyCount: null,
  withdrawDailyMax: null,
} as const;

const vipState = (overrides: Partial<VipState> = {}): VipState => ({
  hasVip: true,
  vipLabelName: 'VIP2',
  vipRankLevel: 2,
  validBet: '15000.00',
  deposits: '0.00',
  windowDays: 30,
  levels: [
    {
      level: 0,
      name: 'Member',
      label: 'VIP0',
      minValidBet: '0.00',
      upgradeBonus: '0.00',
      rebateRates: { RNG: '0.4' },
      ...BENEFITS,
    },
    {
      level: 1,
      name: 'Bronze',
      label: 'VIP1',
      minValidBet: '1000.00',
      upgradeBonus: '5.00',
      rebateRates: {},
      ...BENEFITS,
    },
    {
      level: 2,
      name: 'Silver',
      label: 'VIP2',
      minValidBet: '10000.00',
      upgradeBonus: '20.00',
      rebateRates: {},
      ...BENEFITS,
    },
    {
      level: 3,
      name: 'Gold',
      label: 'VIP3',
      minValidBet: '50000.00',
      upgradeBonus: '88.00',
      rebateRates: {},
      ...BENEFITS,
    },
  ],
  ...overrides,
});

const withManualRebate = () =>
  makeConfig({
    whitelabel: [
      { modId: 'PTSYS3', enabled: 1, childrenNodes: [] },
      { modId: 'MANPLAYREB3', enabled: 1, childrenNodes: [] },
    ],
  });

const base = {
  'GET /wps/member/info': () => makeMemberInfo(),
  [`GET ${API.wallet.balance}`]: () => ({ balance: '10.00', currencySymbol: '$' }),
};

describe('reward centre, manual rebate and VIP', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setViewport(true);
    signIn(0);
  });

  it('should list rewards with the pending count on the entry, claim one, and show why a claim is refused', async () => {
    let claimed = false;
    const api = mockApi({
      ...base,
      [`GET ${API.rewards.list}`]: () => ({
        list: [
          reward({ status: claimed ? 'CLAIMED' : 'PENDING' }),
          reward({ id: '2', kind: 'VIP_UPGRADE', amount: '5.00', period: '1' }),
          reward({ id: '3', kind: 'MANUAL_REBATE', status: 'CLAIMED', amount: '2.00' }),
        ],
        pendingCount: claimed ? 1 : 2,
      }),
      [`POST ${API.rewards.claim.replace(':id', '1')}`]: () => {
        claimed = true;
        return reward({ status: 'CLAIMED' });
      },
      [`POST ${API.rewards.claim.replace(':id', '2')}`]: () => {
        throw new ApiFailure(409, 'REWARD_CLAIMED', 'claimed');
      },
    });
    const { user } = await renderApp('/member?page=rewardCenter');
    const cards = await screen.findAllByTestId('reward', {}, COLD);
    expect(cards.map((card) => card.getAttribute('data-status'))).toEqual(['PENDING', 'PENDING', 'CLAIMED']);
    expect(within(cards[1] as HTMLElement).getByRole('heading', { name: 'VIP upgrade bonus' })).toBeVisible();
    expect(screen.getByTestId('rewards-pending')).toHaveTextContent('Rewards to claim: 2');
    const nav = within(screen.getByRole('navigation', { name: 'Member centre pages' }));
    const entry = nav.getByRole('link', { name: /Reward centre/ });
    expect(entry).toHaveTextContent('2');
    expect(within(cards[2] as HTMLElement).queryByRole('button')).toBeNull();

    await user.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(callsTo(api, 'POST', API.rewards.claim.replace(':id', '1'))).toHaveLength(1));
    expect(await screen.findByText('12.50 added to your balance.')).toBeVisible();
    await waitFor(() => expect(screen.getAllByTestId('reward')[0]).toHaveAttribute('data-status', 'CLAIMED'));

    await user.click(within(screen.getAllByTestId('reward')[1] as HTMLElement).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('You have already claimed this reward.')).toBeVisible();
  });

  it('should show a reward paid in points as whole points, not as money', async () => {
    mockApi({
      ...base,
      [`GET ${API.rewards.list}`]: () => ({
        list: [reward({ id: '8', kind: 'MISSION', amount: '1500', payAs: 'POINTS' }), reward({ id: '9' })],
        pendingCount: 2,
      }),
    });
    await renderApp('/member?page=rewardCenter');
    const [points, cash] = (await screen.findAllByTestId('reward', {}, COLD)) as [HTMLElement, HTMLElement];
    expect(within(points).getByTestId('reward-amount')).toHaveTextContent('1,500 points');
    expect(points).toHaveTextContent('Paid in points');
    expect(within(cash).getByTestId('reward-amount')).toHaveTextContent(/^12\.50$/);
  });

  it('should show today’s rebate by game type and claim it once, when the site has the manual rebate on', async () => {
    let state: ManualRebate = {
      enabled: true,
      window: '2026-11-27',
      lines: [{ gameType: 'RNG', validBet: '400.00', rate: '0.5', rebate: '2.00' }],
      claimable: '2.00',
      claimed: false,
      claimedAmount: null,
    };
    const api = mockApi({
      ...base,
      [`GET ${API.rebate.manual}`]: () => state,
      [`POST ${API.rebate.manualClaim}`]: () => {
        state = { ...state, claimed: true, claimedAmount: '2.00', claimable: '0.00' };
        return reward({ kind: 'MANUAL_REBATE', status: 'CLAIMED', amount: '2.00' });
      },
    });
    const { user } = await renderApp('/member?page=manualRebate', withManualRebate());
    expect(await screen.findByTestId('rebate-claimable', {}, COLD)).toHaveTextContent('2.00');
    const side = within(screen.getByTestId('side-menu'));
    expect(side.getByRole('link', { name: 'Manual rebate' })).toHaveAttribute('href', '/member?page=manualRebate');
    expect(side.getByRole('link', { name: 'Reward centre' })).toHaveAttribute('href', '/member?page=rewardCenter');
    const line = screen.getByTestId('rebate-line');
    expect(within(line).getByText('Slots')).toBeVisible();
    expect(within(line).getByText('0.5%')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Claim rebate' }));
    expect(await screen.findByText('2.00 rebate added to your balance.')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('rebate-state')).toHaveTextContent('Claimed today: 2.00'));
    expect(screen.getByRole('button', { name: 'Claim rebate' })).toBeDisabled();
    expect(callsTo(api, 'POST', API.rebate.manualClaim)).toHaveLength(1);
  });

  it('should leave the manual rebate out of the member centre while the site has it off', async () => {
    mockApi({ ...base, [`GET ${API.rewards.list}`]: () => ({ list: [], pendingCount: 0 }) });
    await renderApp('/member?page=manualRebate');
    const centre = await screen.findByTestId('member-centre', {}, COLD);
    expect(within(centre).queryByRole('link', { name: 'Manual rebate' })).toBeNull();
    expect(within(screen.getByTestId('side-menu')).queryByRole('link', { name: 'Manual rebate' })).toBeNull();
    expect(within(centre).getByRole('heading', { level: 2, name: 'My account' })).toBeVisible();
  });

  it('should put the VIP label on the avatar and show the levels with the member’s progress', async () => {
    mockApi({ ...base, [`GET ${API.vip.state}`]: () => vipState() });
    await renderApp('/vip');
    expect(await screen.findByTestId('header-vip-label', {}, COLD)).toHaveTextContent('VIP2');
    const current = await screen.findByTestId('vip-current');
    expect(within(current).getByTestId('vip-next')).toHaveTextContent('50,000.00 valid bet reaches VIP3');
    expect(within(current).getByRole('progressbar', { name: 'Progress to the next level' })).toHaveAttribute(
      'value',
      '30',
    );
    const rows = screen.getAllByTestId('vip-level');
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveAttribute('aria-current', 'true');
  });

  it('should show no VIP label for a member without a level', async () => {
    mockApi({
      ...base,
      [`GET ${API.vip.state}`]: () => vipState({ hasVip: false, vipLabelName: '', vipRankLevel: 0 }),
    });
    await renderApp('/vip');
    expect(await screen.findByTestId('vip-current', {}, COLD)).toHaveTextContent('No VIP level yet');
    expect(screen.queryByTestId('header-vip-label')).toBeNull();
  });
});
