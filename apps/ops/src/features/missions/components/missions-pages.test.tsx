import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MISSIONS_OPS_API, type MissionCostReport, type OpsMission, type Race } from '@platform/contracts';
import { bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const SLOW = { timeout: 45_000 };

const mission = (overrides: Partial<OpsMission> = {}): OpsMission => ({
  id: '1',
  name: 'Bet 100 today',
  nameTy: null,
  cadence: 'DAILY',
  metric: 'VALID_BET',
  gameType: null,
  target: '100.00',
  reward: '5.00',
  payAs: 'CASH',
  turnoverMultiple: 0,
  startsOn: '2026-11-01',
  endsOn: null,
  status: 'ACTIVE',
  createdAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

const REPORT: MissionCostReport = {
  lines: [
    {
      ...{ kind: 'MISSION', id: '1', name: 'Bet 100 today', payAs: 'CASH' },
      ...{ offered: 3, offeredAmount: '15.00', claimed: 1, claimedAmount: '5.00' },
    },
    {
      ...{ kind: 'MISSION', id: '2', name: 'Spin 50', payAs: 'POINTS' },
      ...{ offered: 4, offeredAmount: '2000', claimed: 1, claimedAmount: '500' },
    },
  ],
  offeredAmount: '15.00',
  claimedAmount: '5.00',
  offeredPoints: '2000',
  claimedPoints: '500',
};

describe('missions and races paid in points', () => {
  it('should show a points reward as points, in the list and the cost report, apart from money', async () => {
    mockApi({
      [`GET ${MISSIONS_OPS_API.missions}`]: () => ({
        list: [
          mission(),
          mission({ id: '2', name: 'Spin 50', metric: 'ROUNDS', target: '50', reward: '500', payAs: 'POINTS' }),
        ],
      }),
      [`GET ${MISSIONS_OPS_API.report}`]: () => REPORT,
    });
    renderApp('/missions', { staff: 'content' });
    const [cash, points] = (await screen.findAllByTestId('missions-row', {}, SLOW)) as [HTMLElement, HTMLElement];
    expect(cash).toHaveTextContent('5.00');
    expect(cash).not.toHaveTextContent('points');
    expect(points).toHaveTextContent('500 points');
    expect(points).not.toHaveTextContent('5.00');
    const lines = await screen.findAllByTestId('mission-cost-row');
    expect(lines[1]).toHaveTextContent(/2000 points.*500 points/);
    expect(screen.getByTestId('mission-cost-total')).toHaveTextContent('Offered 15.00, claimed 5.00');
    expect(screen.getByTestId('mission-cost-points')).toHaveTextContent('Points offered 2000, claimed 500');
  });

  it('should create a mission paying whole points, and refuse a fraction of a point before sending', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [`GET ${MISSIONS_OPS_API.missions}`]: () => ({ list: [] }),
      [`GET ${MISSIONS_OPS_API.report}`]: () => ({ ...REPORT, lines: [] }),
      [`POST ${MISSIONS_OPS_API.missions}`]: (init) => mission({ ...(bodyOf(init) as Partial<OpsMission>), id: '7' }),
    });
    renderApp('/missions', { staff: 'content' });
    await user.type(await screen.findByTestId('mission-name', {}, SLOW), 'Log in 3 days');
    await user.selectOptions(screen.getByTestId('mission-metric'), 'LOGIN_STREAK');
    await user.type(screen.getByTestId('mission-target'), '3');
    await user.selectOptions(screen.getByTestId('mission-pay-as'), 'Points');
    await user.type(screen.getByTestId('mission-reward'), '2.5');
    await user.click(screen.getByTestId('mission-submit'));
    expect(await screen.findByText('must be a whole number of points')).toBeInTheDocument();
    expect(callsTo(api, 'POST', MISSIONS_OPS_API.missions)).toHaveLength(0);

    await user.clear(screen.getByTestId('mission-reward'));
    await user.type(screen.getByTestId('mission-reward'), '300');
    await user.click(screen.getByTestId('mission-submit'));
    await waitFor(() => expect(callsTo(api, 'POST', MISSIONS_OPS_API.missions)).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'POST', MISSIONS_OPS_API.missions)[0]?.[1])).toMatchObject({
      name: 'Log in 3 days',
      metric: 'LOGIN_STREAK',
      target: '3',
      reward: '300',
      payAs: 'POINTS',
    });
    expect(await screen.findByText('Mission Log in 3 days created')).toBeInTheDocument();
  });

  it('should show a race’s points prizes as points and tell staff to enter whole points', async () => {
    const user = userEvent.setup();
    const race: Race = {
      ...{ id: '4', name: 'Points sprint', metric: 'VALID_BET', gameType: null, minStake: '0.00' },
      ...{ startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-08T00:00:00.000Z', state: 'RUNNING' },
      ...{ prizes: ['500', '200'], payAs: 'POINTS', turnoverMultiple: 0, me: null },
      top: [{ rank: 1, name: 'juan', score: '900.00', prize: '500', me: false }],
    };
    mockApi({
      [`GET ${MISSIONS_OPS_API.races}`]: () => ({ list: [race] }),
      [`GET ${MISSIONS_OPS_API.race.replace(':id', '4')}`]: () => race,
    });
    renderApp('/missions/races', { staff: 'content' });
    const row = await screen.findByTestId('races-row', {}, SLOW);
    expect(row).toHaveTextContent('500 / 200 points');
    await user.click(within(row).getByTestId('race-open'));
    expect(await screen.findByTestId('race-standing-row')).toHaveTextContent('500 points');

    expect(screen.getByText(/separated by commas: 100\.00/)).toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('race-pay-as'), 'Points');
    expect(screen.getByText(/whole points by rank/)).toBeInTheDocument();
  });

  it('should send a mission’s and a race’s Filipino name, and refuse a mission without an English name', async () => {
    const user = userEvent.setup();
    const race = (body: Partial<Race>): Race => ({
      ...{ id: '8', name: '', metric: 'VALID_BET', gameType: null, minStake: '0.00', state: 'SCHEDULED' },
      ...{ startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-08T00:00:00.000Z', prizes: ['10.00'] },
      ...{ payAs: 'CASH', turnoverMultiple: 0, top: [], me: null },
      ...body,
    });
    const api = mockApi({
      [`GET ${MISSIONS_OPS_API.missions}`]: () => ({ list: [] }),
      [`GET ${MISSIONS_OPS_API.report}`]: () => ({ ...REPORT, lines: [] }),
      [`POST ${MISSIONS_OPS_API.missions}`]: (init) => mission({ ...(bodyOf(init) as Partial<OpsMission>), id: '7' }),
      [`GET ${MISSIONS_OPS_API.races}`]: () => ({ list: [] }),
      [`POST ${MISSIONS_OPS_API.races}`]: (init) => race({ name: (bodyOf(init) as { name: string }).name }),
    });
    const { unmount } = renderApp('/missions', { staff: 'content' });
    await user.type(await screen.findByTestId('mission-name-ty', {}, SLOW), 'Umikot nang 5 beses');
    await user.selectOptions(screen.getByTestId('mission-metric'), 'ROUNDS');
    await user.type(screen.getByTestId('mission-target'), '5');
    await user.type(screen.getByTestId('mission-reward'), '3.00');
    await user.click(screen.getByTestId('mission-submit'));
    expect(await screen.findByText('is required')).toBeInTheDocument();
    expect(callsTo(api, 'POST', MISSIONS_OPS_API.missions)).toHaveLength(0);
    await user.type(screen.getByTestId('mission-name'), 'Spin 5 rounds');
    await user.click(screen.getByTestId('mission-submit'));
    await waitFor(() => expect(callsTo(api, 'POST', MISSIONS_OPS_API.missions)).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'POST', MISSIONS_OPS_API.missions)[0]?.[1])).toMatchObject({
      name: 'Spin 5 rounds',
      nameTy: 'Umikot nang 5 beses',
    });
    unmount();

    renderApp('/missions/races', { staff: 'content' });
    await user.type(await screen.findByTestId('race-name', {}, SLOW), 'Weekly wager race');
    await user.type(screen.getByTestId('race-nameTy'), 'Lingguhang karera ng taya');
    fireEvent.change(screen.getByTestId('race-startsAt'), { target: { value: '2026-12-01T00:00' } });
    fireEvent.change(screen.getByTestId('race-endsAt'), { target: { value: '2026-12-08T00:00' } });
    await user.type(screen.getByTestId('race-prizes'), '10.00');
    await user.click(screen.getByTestId('race-submit'));
    await waitFor(() => expect(callsTo(api, 'POST', MISSIONS_OPS_API.races)).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'POST', MISSIONS_OPS_API.races)[0]?.[1])).toMatchObject({
      name: 'Weekly wager race',
      nameTy: 'Lingguhang karera ng taya',
    });
  });
});
