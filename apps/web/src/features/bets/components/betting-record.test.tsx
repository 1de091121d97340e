import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, type BetRecordPage, type BetRound, type BetRoundDetail } from '@platform/contracts';
import { ApiFailure, callsTo, mockApi } from '@/testing/api-mock';
import { makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';

const BALANCE = { balance: '100.00', frozen: '0.00', currencySymbol: '$', currency: 'PHP', play: false };
const PAGE = '/member?page=personalHistoryCopy';

const card = (vassalage: string, displayName: string, gameType: string) => ({
  vassalage,
  displayName,
  lagerIcon: `/wps/game/art/vendor/${vassalage}.svg`,
  logo: `/wps/game/art/logo/${vassalage}.svg`,
  gameType,
  isGame: '',
  supportDemo: vassalage === 'RGS',
  isNew: false,
});

const LANES = {
  list: [
    {
      gameCategory: 'RNG',
      title: 'games.categories.RNG',
      cards: [card('RGS', 'Originals', 'RNG'), card('PG', 'PG Soft', 'RNG')],
    },
    {
      gameCategory: 'LIVE',
      title: 'games.categories.LIVE',
      cards: [card('EVO', 'Evolution', 'LIVE'), card('RGS', 'Originals', 'RNG')],
    },
  ],
};

const round = (overrides: Partial<BetRound> = {}): BetRound => ({
  vendor: 'RGS',
  vendorName: 'Originals',
  gameCode: 'rgs-lucky-lanterns',
  gameName: 'Lucky Lanterns',
  gameType: 'RNG',
  roundId: 'slot-7f3a',
  betTime: '2026-11-20T10:00:00.000Z',
  settledAt: '2026-11-20T10:00:01.000Z',
  bet: '2000.00',
  win: '3250.50',
  validBet: '2000.00',
  profit: '+1250.50',
  status: 'SETTLED',
  currency: 'PHP',
  play: false,
  ...overrides,
});

const page = (list: BetRound[], overrides: Partial<BetRecordPage> = {}): BetRecordPage => ({
  list,
  totals: { rounds: 42, bet: '12000.00', win: '10500.00', validBet: '11800.00', profit: '-1500.00' },
  pageNo: 1,
  totalPages: 3,
  ...overrides,
});

const betsCalls = (api: ReturnType<typeof mockApi>) =>
  callsTo(api, 'GET', API.game.bets).map(([input]) => new URL(String(input), 'http://localhost').searchParams);

const lastQuery = (api: ReturnType<typeof mockApi>) => Object.fromEntries(betsCalls(api).at(-1) ?? []);

const memberApi = (routes: Parameters<typeof mockApi>[0]) =>
  mockApi({
    'GET /wps/member/info': () => makeMemberInfo(),
    [`GET ${API.wallet.balance}`]: () => BALANCE,
    [`GET ${API.game.lanes}`]: () => LANES,
    ...routes,
  });

describe('betting record (member centre personalHistoryCopy)', () => {
  beforeEach(() => {
    setViewport(true);
    signIn(0);
  });

  it('should list the rounds with grouped amounts, coloured profit, status and the totals of the whole selection', async () => {
    memberApi({
      [`GET ${API.game.bets}`]: () =>
        page([
          round(),
          round({
            roundId: 'dice-01',
            gameName: 'Dice',
            bet: '5.00',
            win: '0.00',
            validBet: '5.00',
            profit: '-5.00',
            play: true,
          }),
          round({
            roundId: 'mines-02',
            gameName: 'Mines',
            status: 'OPEN',
            win: '0.00',
            profit: '0.00',
            settledAt: null,
          }),
        ]),
    });
    await renderApp(PAGE);
    const rows = await screen.findAllByTestId('bet-row', {}, { timeout: 4000 });
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByText('Originals')).toBeVisible();
    expect(first.getByText('Lucky Lanterns')).toBeVisible();
    expect(first.getByTestId('bet-round')).toHaveTextContent('slot-7f3a');
    expect(first.getByText('2,000.00', { selector: 'td[data-label="Bet"]' })).toBeVisible();
    expect(first.getByText('3,250.50', { selector: 'td[data-label="Win"]' })).toBeVisible();
    expect(first.getByText('2,000.00', { selector: 'td[data-label="Valid bet"]' })).toBeVisible();
    expect(first.getByTestId('bet-profit')).toHaveTextContent('+1,250.50');
    expect(first.getByTestId('bet-profit')).toHaveAttribute('data-tone', 'up');
    expect(first.getByText('Settled')).toBeVisible();
    const second = within(rows[1]!);
    expect(second.getByTestId('bet-profit')).toHaveAttribute('data-tone', 'down');
    expect(second.getByText('Play money')).toBeVisible();
    expect(within(rows[2]!).getByText('Open')).toBeVisible();
    expect(within(rows[2]!).getByTestId('bet-profit')).toHaveAttribute('data-tone', 'even');
    const totals = within(screen.getByTestId('bet-totals'));
    expect(totals.getByText('Totals · rounds: 42')).toBeVisible();
    expect(totals.getByTestId('bet-totals-bet')).toHaveTextContent('12,000.00');
    expect(totals.getByTestId('bet-totals-win')).toHaveTextContent('10,500.00');
    expect(totals.getByTestId('bet-totals-valid')).toHaveTextContent('11,800.00');
    expect(totals.getByTestId('bet-totals-profit')).toHaveTextContent('-1,500.00');
    expect(screen.getByTestId('bets-page')).toHaveTextContent('Page 1 of 3');
  });

  it('should build the query from the filters, start again at page 1 on a change, and send the days of a custom period', async () => {
    const api = memberApi({
      [`GET ${API.game.bets}`]: (_init, url) => page([round()], { pageNo: Number(url.searchParams.get('pageNo')) }),
    });
    const { user } = await renderApp(PAGE);
    await screen.findAllByTestId('bet-row', {}, { timeout: 4000 });
    expect(lastQuery(api)).toEqual({ period: 'TODAY', pageNo: '1', pageSize: '20' });
    await user.click(screen.getByTestId('bets-next'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ period: 'TODAY', pageNo: '2', pageSize: '20' }));

    // The vendors offered are the member's lobby vendors, each once.
    const vendor = screen.getByTestId('bets-vendor');
    await waitFor(() =>
      expect(
        within(vendor)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All vendors', 'Originals', 'PG Soft', 'Evolution']),
    );
    await user.selectOptions(vendor, 'RGS');
    await user.selectOptions(screen.getByTestId('bets-game-type'), 'RNG');
    await user.selectOptions(screen.getByTestId('bets-status'), 'SETTLED');
    await user.click(screen.getByTestId('bets-period-LAST_7_DAYS'));
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({
        vendor: 'RGS',
        gameType: 'RNG',
        status: 'SETTLED',
        period: 'LAST_7_DAYS',
        pageNo: '1',
        pageSize: '20',
      }),
    );
    await user.click(screen.getByTestId('bets-period-CUSTOM'));
    const start = screen.getByTestId('bets-start');
    await user.clear(start);
    await user.type(start, '2026-11-01');
    const end = screen.getByTestId('bets-end');
    await user.clear(end);
    await user.type(end, '2026-11-15');
    await waitFor(() =>
      expect(lastQuery(api)).toMatchObject({ period: 'CUSTOM', startDate: '2026-11-01', endDate: '2026-11-15' }),
    );
  });

  it('should say so when no round matches', async () => {
    memberApi({
      [`GET ${API.game.bets}`]: () =>
        page([], { totals: { rounds: 0, bet: '0.00', win: '0.00', validBet: '0.00', profit: '0.00' }, totalPages: 0 }),
    });
    await renderApp(PAGE);
    expect(await screen.findByTestId('bets-empty', {}, { timeout: 4000 })).toHaveTextContent('No bets in this period');
    expect(screen.queryByTestId('bet-totals')).not.toBeInTheDocument();
  });

  it('should show a failure with a retry that loads the record', async () => {
    let attempts = 0;
    memberApi({
      [`GET ${API.game.bets}`]: () => {
        attempts += 1;
        if (attempts <= 2) throw new ApiFailure(503, 'INTERNAL', 'down');
        return page([round()]);
      },
    });
    const { user } = await renderApp(PAGE);
    const error = await screen.findByTestId('bets-error', {}, { timeout: 6000 });
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('bet-row')).toBeVisible();
  });

  it("should open a round's detail with its transactions and the vendor's replay in a new tab", async () => {
    const detail: BetRoundDetail = {
      ...round({ roundId: 'slot/7f3a' }),
      transactions: [
        { transactionId: 'tx-bet-1', kind: 'BET', amount: '-2000.00', time: '2026-11-20T10:00:00.000Z', status: 'OK' },
        { transactionId: 'tx-win-1', kind: 'WIN', amount: '+3250.50', time: '2026-11-20T10:00:01.000Z', status: 'OK' },
      ],
      replayUrl: '/rgs/replay/slot-7f3a',
    };
    const api = memberApi({
      [`GET ${API.game.bets}`]: () => page([round({ roundId: 'slot/7f3a' })]),
      'GET /wps/game/bets/RGS/slot%2F7f3a': () => detail,
    });
    const { user } = await renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Details of round slot/7f3a' }, { timeout: 4000 }));
    const dialog = within(await screen.findByTestId('bet-detail-dialog'));
    const transactions = await dialog.findAllByTestId('bet-transaction');
    expect(transactions.map((row) => row.getAttribute('data-kind'))).toEqual(['BET', 'WIN']);
    expect(transactions[0]).toHaveTextContent('-2,000.00');
    expect(transactions[1]).toHaveTextContent('+3,250.50');
    expect(dialog.getByTestId('bet-detail-profit')).toHaveTextContent('+1,250.50');
    const replay = dialog.getByTestId('bet-replay').closest('a');
    expect(replay).toHaveAttribute('href', '/rgs/replay/slot-7f3a');
    expect(replay).toHaveAttribute('target', '_blank');
    expect(replay).toHaveAttribute('rel', 'noopener noreferrer');
    expect(callsTo(api, 'GET', '/wps/game/bets/RGS/slot%2F7f3a')).toHaveLength(1);
  });

  it("should be the header menu's betting record entry", async () => {
    memberApi({ [`GET ${API.game.bets}`]: () => page([round()]) });
    const { user, router } = await renderApp('/');
    await user.click(await screen.findByTestId('user-menu-trigger', {}, { timeout: 4000 }));
    await user.click(await screen.findByTestId('user-menu-bets'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(PAGE));
    expect(await screen.findByTestId('betting-record')).toBeVisible();
  });

  it("should show a trial member the true-account notice from the header's betting record entry", async () => {
    signIn(4);
    mockApi({ 'GET /wps/member/info': () => makeMemberInfo({ type: 4, isTrial: true }) });
    const { user, router } = await renderApp('/');
    await user.click(await screen.findByTestId('user-menu-trigger', {}, { timeout: 4000 }));
    await user.click(await screen.findByTestId('user-menu-bets'));
    expect(await screen.findByTestId('trial-dialog')).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });
});
