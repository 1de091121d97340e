import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, setViewport, signIn } from '@/testing/render-app';
import type { LotteryIssue, LotteryMenuItem, StationResult } from '../api/lgw';

/**
 * The VN betting view's station choice (ADR 0050): the day's provinces of the region as checkboxes; a bet on two of
 * them is two bets, each on its own station's game session, with the slip's tickets and cost shown for both first.
 */
const ISSUE = '20261127001';
const MINUTE = 60_000;

const issue = (issueNo: string, station: string, opensInMs: number): LotteryIssue => ({
  issueNo,
  state: 'OPEN',
  commitment: `c-${station}`,
  opensAt: new Date(Date.now() + opensInMs).toISOString(),
  closesAt: new Date(Date.now() + opensInMs + 60 * MINUTE).toISOString(),
  drawAt: new Date(Date.now() + opensInMs + 75 * MINUTE).toISOString(),
  seed: null,
  numbers: null,
  station,
});

const slot = (gameCode: string, slotNo: number, station: string, current: LotteryIssue): LotteryMenuItem => ({
  gameCode,
  name: { en: `Vietnam South · ${station}`, ty: `Timog Vietnam · ${station}` },
  vendor: 'TCG_LOTTO_VN',
  family: 'vnSouth',
  region: 'south',
  slot: slotNo,
  station,
  suspended: false,
  current,
  latest: null,
});

// A Friday: three southern provinces today; the fourth slot's next issue is Saturday's.
const SOUTH = [
  slot('vn-south', 1, 'Vĩnh Long', issue(ISSUE, 'Vĩnh Long', -10 * MINUTE)),
  slot('vn-south-2', 2, 'Bình Dương', issue(ISSUE, 'Bình Dương', -10 * MINUTE)),
  slot('vn-south-3', 3, 'Trà Vinh', issue(ISSUE, 'Trà Vinh', -10 * MINUTE)),
  slot('vn-south-4', 4, 'Hậu Giang', issue('20261128001', 'Hậu Giang', 20 * 60 * MINUTE)),
];

const drawn = (gameCode: string, slotNo: number, station: string, numbers: string[]): StationResult => ({
  ...issue('20261126001', station, -24 * 60 * MINUTE),
  state: 'SETTLED',
  seed: `s-${station}`,
  numbers,
  gameCode,
  slot: slotNo,
  businessDay: '2026-11-26',
});

const METHODS = {
  units: ['1.00'],
  methods: [
    {
      method: 'vns.de',
      rule: 'Đề',
      rows: { rows: 1, min: 0, max: 99, fill: 'all', minPicks: 1 },
      ticketUnits: 1,
      odds: [{ key: 'win', odds: '95', rtp: 95 }],
    },
  ],
};

const routes = () => {
  let betNo = 0;
  return {
    'GET /lgw/vn/games/game_menu': () => ({
      prizeMode: 'VN',
      serverTime: new Date().toISOString(),
      regions: [{ region: 'south', games: SOUTH }],
    }),
    'GET /lgw/games/methods': () => METHODS,
    'GET /lgw/games/results': () => ({ list: [] }),
    'GET /lgw/vn/games/results': () => ({
      list: [drawn('vn-south', 1, 'Bến Tre', ['111111', '22']), drawn('vn-south-2', 2, 'Vũng Tàu', ['333333', '44'])],
    }),
    // The platform's catalogue and launch of each station's game, and the gateway's swap for a page session.
    [`GET ${API.game.games}`]: (_init: RequestInit | undefined, url: URL) => ({
      games: [{ nodeId: `node-${url.searchParams.get('gameName')}`, gameCode: url.searchParams.get('gameName') }],
    }),
    [`POST ${API.game.launch}`]: (init: RequestInit | undefined) => ({
      url: `/lgw/play?token=t-${(bodyOf(init) as { nodeId: string }).nodeId}&op=demo`,
    }),
    'POST /rgs/v1/sessions': (init: RequestInit | undefined) => ({
      session: `page-${(bodyOf(init) as { game: string }).game}`,
    }),
    'GET /lgw/v1/bets': () => ({ list: [] }),
    'POST /lgw/v1/bets': () => {
      betNo += 1;
      return { betId: `bet-${betNo}`, issueNo: ISSUE, count: 1, cost: '1.00', balance: '98.00' };
    },
  };
};

describe('VN betting view: station choice', () => {
  beforeEach(() => {
    setViewport(false);
    signIn(0);
  });

  it('should offer the day’s provinces and place one bet per chosen station, each on its own station’s session', async () => {
    const api = mockApi(routes());
    const { user } = await renderApp(`/vnLottery?gameCode=vn-south`);
    const stations = await screen.findByTestId('lottery-stations');
    // Today's three provinces, the game's own chosen; Saturday's fourth is not offered on a Friday.
    const boxes = within(stations).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual(['Vĩnh Long', 'Bình Dương', 'Trà Vinh']);
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false, false]);
    // The last station chosen cannot be unchosen.
    expect(within(stations).getByRole('checkbox', { name: 'Vĩnh Long' })).toBeDisabled();

    await user.type(await screen.findByRole('textbox', { name: 'Numbers for row 1, separated by spaces' }), '27');
    expect(screen.getByTestId('lottery-slip-summary')).toHaveTextContent('1 tickets · cost 1.00');
    await user.click(within(stations).getByRole('checkbox', { name: 'Bình Dương' }));
    expect(screen.getByTestId('lottery-stations-count')).toHaveTextContent('2 đài: one bet per station');
    expect(screen.getByTestId('lottery-slip-summary')).toHaveTextContent(
      '1 tickets × 2 stations = 2 tickets · cost 2.00',
    );
    // A chase follows one station: offered again only with one chosen.
    expect(screen.getByRole('button', { name: /^Chase/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Place 2 bets' }));
    expect(await screen.findByText(`2 bets placed on issue ${ISSUE} (Vĩnh Long, Bình Dương) for 2.00`)).toHaveAttribute(
      'role',
      'status',
    );
    const bets = callsTo(api, 'POST', '/lgw/v1/bets');
    expect(
      bets.map(([, init]) => [
        new Headers(init?.headers).get('authorization'),
        (bodyOf(init) as { issueNo: string }).issueNo,
      ]),
    ).toEqual([
      ['Bearer page-vn-south', ISSUE],
      ['Bearer page-vn-south-2', ISSUE],
    ]);
    expect(bets.map(([, init]) => (bodyOf(init) as { picks: number[][] }).picks)).toEqual([[[27]], [[27]]]);
    // Each station's game was launched on the platform once (its own game session and rounds).
    const launched = callsTo(api, 'POST', API.game.launch).map(
      ([, init]) => (bodyOf(init) as { nodeId: string }).nodeId,
    );
    expect(launched.sort()).toEqual(['node-vn-south', 'node-vn-south-2']);
  });

  it('should launch the game again once when its session expired while the view stayed open, and place the bet', async () => {
    const base = routes();
    let expired = true;
    const api = mockApi({
      ...base,
      'POST /lgw/v1/bets': () => {
        if (expired) {
          expired = false;
          throw new ApiFailure(401, 'SESSION_EXPIRED', 'Your game session has expired');
        }
        return base['POST /lgw/v1/bets']();
      },
    });
    const { user } = await renderApp(`/vnLottery?gameCode=vn-south`);
    await user.type(await screen.findByRole('textbox', { name: 'Numbers for row 1, separated by spaces' }), '27');
    await user.click(screen.getByRole('button', { name: 'Place bet' }));
    expect(await screen.findByText(`Bet placed on issue ${ISSUE} for 1.00`, { exact: false })).toBeVisible();
    expect(callsTo(api, 'POST', '/lgw/v1/bets')).toHaveLength(2);
    // The game was launched twice: when it opened, and again for the expired session.
    expect(callsTo(api, 'POST', API.game.launch)).toHaveLength(2);
  });

  it('should show each station of a day in the results with its own numbers', async () => {
    mockApi(routes());
    await renderApp(`/vnLottery?gameCode=vn-south-2`);
    await waitFor(() => expect(screen.getAllByTestId('lottery-station')).toHaveLength(2));
    const rows = screen.getAllByTestId('lottery-station').map((cell) => cell.closest('tr')!);
    expect(rows.map((row) => [within(row).getByTestId('lottery-station').textContent, row.textContent])).toEqual([
      ['Bến Tre', expect.stringContaining('11111122')],
      ['Vũng Tàu', expect.stringContaining('33333344')],
    ]);
    // One group for the day, under its issue number.
    const [day, ...others] = screen.getAllByTestId('lottery-results-day');
    expect(others).toHaveLength(0);
    expect(within(day!).getByRole('rowheader', { name: 'Issue 20261126001' })).toBeInTheDocument();
    // Opened from the second station, that station is the one chosen.
    const stations = await screen.findByTestId('lottery-stations');
    expect(within(stations).getByRole('checkbox', { name: 'Bình Dương' })).toBeChecked();
    expect(within(stations).getByRole('checkbox', { name: 'Vĩnh Long' })).not.toBeChecked();
  });
});
