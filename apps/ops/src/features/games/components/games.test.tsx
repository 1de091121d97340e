import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpsGame, OpsGamePage, OpsVendor } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const vendor = (code: string, displayName: string, extra: Partial<OpsVendor> = {}): OpsVendor => ({
  code,
  displayName,
  logoUrl: '/x.svg',
  walletMode: 'SEAMLESS',
  status: 'ACTIVE',
  isNew: false,
  sort: 0,
  gameTypes: ['RNG'],
  games: 24,
  activeGames: 24,
  connected: true,
  lastLaunchError: null,
  lastLaunchErrorAt: null,
  ...extra,
});
const game = (nodeId: string, name: string, extra: Partial<OpsGame> = {}): OpsGame => ({
  nodeId,
  vendorCode: 'PG',
  vendorName: 'PG Soft',
  gameType: 'RNG',
  gameCode: `pg-${nodeId}`,
  name,
  gameClassify: 'SLOT',
  iconUrl: '/x.svg',
  isHot: false,
  isNew: false,
  status: 'ACTIVE',
  sort: Number(nodeId),
  ...extra,
});
const pageOf = (list: OpsGame[]): OpsGamePage => ({ list, pageNo: 1, totalPages: 1, total: list.length });
const VENDORS = '/wps/ops/vendors';
const GAMES = '/wps/ops/games';

beforeAll(async () => {
  await Promise.all([import('./vendors-page'), import('./games-page')]);
}, 60_000);

describe('vendors', () => {
  it('should show which vendors are connected, with the last launch error and when it happened', async () => {
    mockApi({
      [`GET ${VENDORS}`]: () => ({
        list: [
          vendor('RGS', 'Originals'),
          vendor('PG', 'PG Soft', {
            connected: false,
            lastLaunchError: 'no credentials configured',
            lastLaunchErrorAt: '2026-03-01T10:00:00Z',
          }),
        ],
      }),
    });
    renderApp('/games/vendors', { staff: 'content' });
    expect(await screen.findByTestId('vendor-connection-RGS')).toHaveTextContent(/^Connected$/);
    const pg = screen.getByTestId('vendor-connection-PG');
    expect(pg).toHaveTextContent('Not connected');
    expect(pg).toHaveTextContent('no credentials configured');
    expect(pg).toHaveTextContent('2026');
    expect(pg).toHaveTextContent('Players do not see its games');
  });

  it('should ask before putting a vendor in maintenance, and change nothing when cancelled', async () => {
    const user = userEvent.setup();
    let pg = vendor('PG', 'PG Soft', { isNew: true });
    const api = mockApi({
      [`GET ${VENDORS}`]: () => ({ list: [pg, vendor('GG', 'GG Gaming')] }),
      [`PATCH ${VENDORS}/PG`]: (init) => {
        pg = { ...pg, ...(bodyOf(init) as Partial<OpsVendor>) };
        return pg;
      },
    });
    renderApp('/games/vendors', { staff: 'content' });
    const status = await screen.findByTestId('vendor-status-PG');
    await user.selectOptions(status, 'MAINTENANCE');
    const dialog = await screen.findByTestId('vendor-confirm');
    expect(dialog).toHaveTextContent('PG Soft will be set to Maintenance');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('vendor-confirm')).not.toBeInTheDocument());
    expect(callsTo(api, 'PATCH', `${VENDORS}/PG`)).toHaveLength(0);
    expect(screen.getByTestId('vendor-status-PG')).toHaveValue('ACTIVE');

    await user.selectOptions(screen.getByTestId('vendor-status-PG'), 'MAINTENANCE');
    await user.click(within(await screen.findByTestId('vendor-confirm')).getByTestId('vendor-confirm-confirm'));
    await waitFor(() => expect(screen.getByTestId('vendor-status-PG')).toHaveValue('MAINTENANCE'));
    expect(bodyOf(callsTo(api, 'PATCH', `${VENDORS}/PG`)[0]?.[1])).toEqual({ status: 'MAINTENANCE' });
  });

  it('should save the new flag at once and an order when the box is left, refusing a bad order', async () => {
    const user = userEvent.setup();
    let gg = vendor('GG', 'GG Gaming', { sort: 4 });
    const api = mockApi({
      [`GET ${VENDORS}`]: () => ({ list: [gg] }),
      [`PATCH ${VENDORS}/GG`]: (init) => {
        gg = { ...gg, ...(bodyOf(init) as Partial<OpsVendor>) };
        return gg;
      },
    });
    renderApp('/games/vendors', { staff: 'content' });
    await user.click(await screen.findByTestId('vendor-new-GG'));
    await waitFor(() => expect(screen.getByTestId('vendor-new-GG')).toBeChecked());
    const sort = screen.getByTestId('vendor-sort-GG');
    await user.clear(sort);
    await user.type(sort, '1.5');
    await user.tab();
    expect(await screen.findByText('Enter a whole number from -1000000 to 1000000')).toBeInTheDocument();
    await user.clear(sort);
    await user.type(sort, '2{Enter}');
    await waitFor(() => expect(callsTo(api, 'PATCH', `${VENDORS}/GG`)).toHaveLength(2));
    const calls = callsTo(api, 'PATCH', `${VENDORS}/GG`).map(([, init]) => bodyOf(init));
    expect(calls).toEqual([{ isNew: true }, { sort: 2 }]);
  });
});

describe('games', () => {
  it('should filter the list through the URL and change a game’s flags and status from its row', async () => {
    const user = userEvent.setup();
    let tiger = game('1', 'Fortune Tiger', { isHot: true });
    const api = mockApi({
      [`GET ${VENDORS}`]: () => ({ list: [vendor('PG', 'PG Soft')] }),
      [`GET ${GAMES}`]: () => pageOf([tiger, game('2', 'Mahjong Ways')]),
      [`PATCH ${GAMES}/1`]: (init) => {
        tiger = { ...tiger, ...(bodyOf(init) as Partial<OpsGame>) };
        return tiger;
      },
    });
    const { router } = renderApp('/games/list', { staff: 'content' });
    expect(await screen.findAllByTestId('games-row')).toHaveLength(2);
    await user.type(screen.getByTestId('game-search'), 'tiger');
    await user.selectOptions(await screen.findByTestId('game-vendor'), 'PG');
    await user.selectOptions(screen.getByTestId('game-hot'), 'true');
    await user.click(screen.getByTestId('game-filters-apply'));
    await waitFor(() => expect(router.state.location.search).toContain('search=tiger'));
    const last = callsTo(api, 'GET', GAMES).at(-1)?.[0];
    const params = new URL(String(last), 'http://localhost').searchParams;
    expect(Object.fromEntries(params)).toMatchObject({ search: 'tiger', vendor: 'PG', hot: 'true', pageSize: '50' });

    await user.click(screen.getByTestId('game-hot-1'));
    await waitFor(() => expect(screen.getByTestId('game-hot-1')).not.toBeChecked());
    await user.selectOptions(screen.getByTestId('game-status-1'), 'DISABLED');
    await waitFor(() => expect(screen.getByTestId('game-status-1')).toHaveValue('DISABLED'));
    expect(callsTo(api, 'PATCH', `${GAMES}/1`).map(([, init]) => bodyOf(init))).toEqual([
      { isHot: false },
      { status: 'DISABLED' },
    ]);
  });

  it('should save changed order values together, and keep them when the server refuses', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const api = mockApi({
      [`GET ${VENDORS}`]: () => ({ list: [] }),
      [`GET ${GAMES}`]: () => pageOf([game('1', 'Fortune Tiger'), game('2', 'Mahjong Ways'), game('3', 'Lucky Neko')]),
      [`PUT ${GAMES}/order`]: () => {
        if (refuse) throw new ApiFailure(404, 'GAME_NOT_FOUND', 'No such game');
        return { updated: 2 };
      },
    });
    renderApp('/games/list', { staff: 'content' });
    expect(await screen.findAllByTestId('games-row')).toHaveLength(3);
    const save = screen.getByTestId('games-save-order');
    expect(save).toBeDisabled();
    await user.clear(screen.getByTestId('game-sort-1'));
    await user.type(screen.getByTestId('game-sort-1'), '30');
    await user.clear(screen.getByTestId('game-sort-3'));
    await user.type(screen.getByTestId('game-sort-3'), 'x');
    expect(screen.getByTestId('game-sort-3')).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
    await user.clear(screen.getByTestId('game-sort-3'));
    await user.type(screen.getByTestId('game-sort-3'), '-1');
    expect(save).toHaveTextContent('Save order (2)');
    await user.click(save);
    expect(await screen.findByTestId('toast')).toHaveTextContent('No such game');
    expect(screen.getByTestId('game-sort-1')).toHaveValue('30');

    refuse = false;
    await user.click(screen.getByTestId('games-save-order'));
    await waitFor(() => expect(callsTo(api, 'PUT', `${GAMES}/order`)).toHaveLength(2));
    expect(bodyOf(callsTo(api, 'PUT', `${GAMES}/order`)[1]?.[1])).toEqual({
      items: [
        { nodeId: '1', sort: 30 },
        { nodeId: '3', sort: -1 },
      ],
    });
  });

  it('should not show the games pages to a role without games.manage', async () => {
    mockApi({});
    renderApp('/games/list', { staff: 'finance' });
    expect(await screen.findByTestId('forbidden-page')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-games-vendors')).not.toBeInTheDocument();
  });
});
