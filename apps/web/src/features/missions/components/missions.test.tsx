import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, MISSIONS_API, type Mission, type Race, type Reward } from '@platform/contracts';
import { callsTo, mockApi } from '@/testing/api-mock';
import { makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';

const COLD = { timeout: 30_000 };

const mission = (overrides: Partial<Mission>): Mission => ({
  id: '1',
  name: 'Spin 5 rounds',
  cadence: 'DAILY',
  metric: 'ROUNDS',
  gameType: null,
  target: '5',
  progress: '5',
  percent: 100,
  period: '2026-11-27',
  resetsAt: '2026-11-27T16:00:00.000Z',
  reward: '3.00',
  payAs: 'CASH',
  turnoverMultiple: 0,
  status: 'CLAIMABLE',
  rewardId: '77',
  ...overrides,
});

const race: Race = {
  ...{ id: '9', name: 'Weekly wager race', metric: 'VALID_BET', gameType: null, minStake: '0.00' },
  ...{ startsAt: '2026-11-26T00:00:00.000Z', endsAt: '2026-12-04T00:00:00.000Z', state: 'RUNNING' },
  ...{ prizes: ['100.00', '50.00'], payAs: 'CASH', turnoverMultiple: 0 },
  top: [
    { rank: 1, name: 'de***er', score: '800.00', prize: '100.00', me: false },
    { rank: 2, name: 'demo_member', score: '90.00', prize: '50.00', me: true },
  ],
  me: { rank: 2, name: 'demo_member', score: '90.00', prize: '50.00', me: true },
};

describe('missions and leaderboards', { timeout: 60_000 }, () => {
  beforeEach(() => {
    setViewport(true);
    signIn(0);
  });

  it('should show progress, count claimable missions on the entry, claim one, and list the leaderboard', async () => {
    let claimed = false;
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      [`GET ${API.wallet.balance}`]: () => ({ balance: '10.00', currencySymbol: '$' }),
      [`GET ${MISSIONS_API.summary}`]: () => ({
        list: [
          mission({ status: claimed ? 'CLAIMED' : 'CLAIMABLE' }),
          mission({ id: '2', name: 'Bet 50 on slots', metric: 'VALID_BET', target: '50.00', progress: '12.50' }),
        ].map((m) => (m.id === '2' ? { ...m, percent: 25, status: 'IN_PROGRESS' as const, rewardId: null } : m)),
        claimableCount: claimed ? 0 : 1,
      }),
      [`GET ${MISSIONS_API.leaderboard}`]: () => ({ list: [race] }),
      [`POST ${API.rewards.claim.replace(':id', '77')}`]: (): Reward => {
        claimed = true;
        return {
          ...{ id: '77', kind: 'MISSION', status: 'CLAIMED', amount: '3.00', payAs: 'CASH', turnoverMultiple: 0 },
          ...{ period: '2026-11-27', expiresAt: '2026-12-04T00:00:00.000Z', createdAt: '2026-11-27T00:00:00.000Z' },
          claimedAt: '2026-11-27T01:00:00.000Z',
        };
      },
    });
    const { user } = await renderApp('/member?page=missionLeaderboard');
    const cards = await screen.findAllByTestId('mission', {}, COLD);
    expect(cards.map((card) => card.getAttribute('data-status'))).toEqual(['CLAIMABLE', 'IN_PROGRESS']);
    expect(within(cards[1] as HTMLElement).getByTestId('mission-progress')).toHaveTextContent('12.50 / 50.00');
    // Missions are named in the member's language (EN here): the summary asks for it.
    const [summaryCall] = callsTo(api, 'GET', MISSIONS_API.summary);
    expect(new URL(String(summaryCall?.[0]), 'http://localhost').searchParams.get('language')).toBe('EN');
    const nav = within(screen.getByRole('navigation', { name: 'Member centre pages' }));
    expect(nav.getByRole('link', { name: /Missions/ })).toHaveTextContent('1');

    await user.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(callsTo(api, 'POST', API.rewards.claim.replace(':id', '77'))).toHaveLength(1));
    expect(await screen.findByText('3.00 added to your balance.')).toBeVisible();
    await waitFor(() => expect(screen.getAllByTestId('mission')[0]).toHaveAttribute('data-status', 'CLAIMED'));
    await waitFor(() => expect(nav.getByRole('link', { name: /Missions/ })).not.toHaveTextContent(/\d/));

    await user.click(screen.getByRole('tab', { name: 'Leaderboards' }));
    expect(await screen.findByTestId('race-me')).toHaveTextContent('Your place: #2 (90.00)');
    expect(screen.getAllByTestId('race-standing')).toHaveLength(2);
  });

  it('should show a reward and prizes paid in points as points, not money, and say so when claimed', async () => {
    mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      [`GET ${API.wallet.balance}`]: () => ({ balance: '10.00', currencySymbol: '$' }),
      [`GET ${MISSIONS_API.summary}`]: () => ({
        list: [mission({ reward: '1500', payAs: 'POINTS' })],
        claimableCount: 1,
      }),
      [`GET ${MISSIONS_API.leaderboard}`]: () => ({
        list: [
          {
            ...race,
            ...{ prizes: ['2000', '500'], payAs: 'POINTS' as const },
            top: race.top.map((s, i) => ({ ...s, prize: ['2000', '500'][i] ?? null })),
          },
        ],
      }),
      [`POST ${API.rewards.claim.replace(':id', '77')}`]: (): Reward => ({
        ...{ id: '77', kind: 'MISSION', status: 'CLAIMED', amount: '1500', payAs: 'POINTS', turnoverMultiple: 0 },
        ...{ period: '2026-11-27', expiresAt: '2026-12-04T00:00:00.000Z', createdAt: '2026-11-27T00:00:00.000Z' },
        claimedAt: '2026-11-27T01:00:00.000Z',
      }),
    });
    const { user } = await renderApp('/member?page=missionLeaderboard');
    const card = await screen.findByTestId('mission', {}, COLD);
    expect(within(card).getByTestId('mission-reward')).toHaveTextContent('Reward 1,500 points');
    expect(card).toHaveTextContent('Paid in points');
    expect(card).not.toHaveTextContent('1,500.00');
    await user.click(within(card).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('1,500 points added to your points mall balance.')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Leaderboards' }));
    const standings = await screen.findAllByTestId('race-standing');
    expect(standings.map((row) => row.lastElementChild?.textContent)).toEqual(['2,000 points', '500 points']);
  });
});
