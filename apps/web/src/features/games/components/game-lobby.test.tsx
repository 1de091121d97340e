import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { GAME_SESSION_KEYS, type Game } from '@platform/contracts';
import { callsTo, mockApi } from '@/testing/api-mock';
import { makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';
import { favouriteList, gameList, lanesOf, makeGame, makeVendor } from '../testing/game-fixtures';

const GAMES = '/wps/game/games';

const liveGames = (count: number, vassalage = 'EVO', first = 1000): Game[] =>
  Array.from({ length: count }, (_, index) =>
    makeGame({ nodeId: String(first + index), displayName: `${vassalage} table ${index + 1}`, vassalage }),
  );

/** The games call as a tiny server: filters by vendor and name, pages by pageNo and pageSize. */
const gamesServer = (all: Game[]) => (_init: RequestInit | undefined, url: URL) => {
  const params = url.searchParams;
  const vassalage = params.get('vassalage');
  const name = params.get('gameName')?.toLowerCase();
  const filter = params.get('filter');
  const matching = all.filter(
    (game) =>
      game.gameType === params.get('gameType') &&
      (!vassalage || game.vassalage === vassalage) &&
      (!name || game.displayName.toLowerCase().includes(name)) &&
      (filter !== 'HOT' || game.isHot === 1),
  );
  const pageNo = Number(params.get('pageNo'));
  const pageSize = Number(params.get('pageSize'));
  const totalPages = Math.max(1, Math.ceil(matching.length / pageSize));
  return gameList(matching.slice((pageNo - 1) * pageSize, pageNo * pageSize), pageNo, totalPages, matching.length);
};

const LANES = lanesOf(
  {
    gameCategory: 'LIVE',
    title: 'games.categories.LIVE',
    cards: [makeVendor({ vassalage: 'EVO' }), makeVendor({ vassalage: 'SA' })],
  },
  {
    gameCategory: 'ELOTT',
    title: 'games.categories.ELOTT',
    cards: [makeVendor({ vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT', displayName: 'VN Lotto' })],
  },
);

const lastQuery = (api: ReturnType<typeof mockApi>) =>
  new URL(String(callsTo(api, 'GET', GAMES).at(-1)?.[0]), 'http://localhost').searchParams;

describe('game lobby page', () => {
  beforeEach(() => setViewport(true));

  it('should list 18 games, load 18 more, and say when the list is empty', async () => {
    const games = [...liveGames(20), ...liveGames(2, 'SA', 2000)];
    const api = mockApi({ 'GET /wps/game/vendor/lanes': () => LANES, [`GET ${GAMES}`]: gamesServer(games) });
    const { user } = await renderApp('/live');
    await waitFor(() => expect(screen.getAllByTestId('game-card')).toHaveLength(18));
    expect(screen.getByRole('heading', { level: 1, name: 'Live casino' })).toBeInTheDocument();
    expect(screen.getByTestId('game-list-count')).toHaveTextContent('Showing 18 of 22 games');
    await user.click(screen.getByTestId('game-list-more'));
    await waitFor(() => expect(screen.getAllByTestId('game-card')).toHaveLength(22));
    expect(lastQuery(api).get('pageNo')).toBe('2');
    expect(lastQuery(api).get('pageSize')).toBe('18');
    expect(screen.queryByTestId('game-list-more')).toBeNull();

    await user.type(screen.getByTestId('game-search'), 'no such game');
    expect(await screen.findByTestId('game-list-empty')).toHaveTextContent('No game matches your search');
  });

  it('should filter by the chosen vendor (kept in the URL) and go back to ALL and page 1', async () => {
    signIn(0);
    const games = [...liveGames(20), ...liveGames(3, 'SA', 2000)];
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      'GET /wps/game/vendor/lanes': () => LANES,
      'GET /wps/game/favorites': () => favouriteList([]),
      [`GET ${GAMES}`]: gamesServer(games),
    });
    const { user, router } = await renderApp('/live');
    await waitFor(() => expect(screen.getAllByTestId('game-card')).toHaveLength(18));
    await user.click(screen.getByTestId('game-filter-hot'));
    await waitFor(() => expect(lastQuery(api).get('filter')).toBe('HOT'));
    const strip = screen.getByTestId('vendor-strip');
    await user.click(within(strip).getByRole('button', { name: 'SA' }));
    await waitFor(() => expect(screen.getAllByTestId('game-card')).toHaveLength(3));
    expect(router.state.location.search).toBe('?vassalage=SA');
    expect(screen.getByTestId('game-filter-all')).toHaveAttribute('aria-selected', 'true');
    expect(lastQuery(api).get('vassalage')).toBe('SA');
    expect(lastQuery(api).get('pageNo')).toBe('1');
    expect(lastQuery(api).get('filter')).toBeNull();
    expect(within(strip).getByRole('button', { name: 'SA' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('should offer the search only under ALL', async () => {
    signIn(0);
    mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      'GET /wps/game/vendor/lanes': () => LANES,
      'GET /wps/game/favorites': () => favouriteList([]),
      [`GET ${GAMES}`]: gamesServer(liveGames(2)),
    });
    const { user } = await renderApp('/live');
    expect(await screen.findByTestId('game-search')).toBeInTheDocument();
    await user.click(screen.getByTestId('game-filter-hot'));
    expect(screen.queryByTestId('game-search')).toBeNull();
  });

  it('should ask a guest to log in for FAV and RECENT and stay on ALL', async () => {
    const api = mockApi({ 'GET /wps/game/vendor/lanes': () => LANES, [`GET ${GAMES}`]: gamesServer(liveGames(2)) });
    const { user } = await renderApp('/live');
    await screen.findAllByTestId('game-card');
    await user.click(screen.getByTestId('game-filter-fav'));
    expect(await screen.findByTestId('login-dialog')).toBeInTheDocument();
    expect(screen.getByTestId('game-filter-all')).toHaveAttribute('aria-selected', 'true');
    expect(callsTo(api, 'GET', '/wps/game/favorites')).toHaveLength(0);
  });

  it('should show the member favourites of this lobby under FAV', async () => {
    signIn(0);
    const favourite = makeGame({ nodeId: '55', displayName: 'Baccarat Squeeze' });
    const lottery = makeGame({ nodeId: '56', gameType: 'LOTT', vassalage: 'LOTT' });
    mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      'GET /wps/game/vendor/lanes': () => LANES,
      'GET /wps/game/favorites': () => favouriteList([favourite, lottery]),
      [`GET ${GAMES}`]: gamesServer(liveGames(2)),
    });
    const { user } = await renderApp('/live');
    await screen.findAllByTestId('game-card');
    await user.click(screen.getByTestId('game-filter-fav'));
    await waitFor(() => expect(screen.getAllByTestId('game-card')).toHaveLength(1));
    expect(screen.getByTestId('game-card')).toHaveTextContent('Baccarat Squeeze');
    expect(within(screen.getByTestId('game-card')).getByTestId('game-card-favourite')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('should show the prize mode and the vendor tiles on the lottery centre', async () => {
    mockApi({ 'GET /wps/game/vendor/lanes': () => LANES, [`GET ${GAMES}`]: gamesServer([]) });
    await renderApp('/elott');
    expect(await screen.findByTestId('prize-mode')).toHaveTextContent('Prize mode: E-lottery');
    expect(screen.getAllByTestId('vendor-tile')).toHaveLength(1);
    expect(await screen.findByTestId('game-list-empty')).toHaveTextContent('No games to show');
  });

  it('should show the vendors cached in this session at once, then refresh them in the background', async () => {
    window.sessionStorage.setItem(GAME_SESSION_KEYS.vendors, JSON.stringify({ language: 'EN', data: LANES }));
    const fresh = lanesOf({
      gameCategory: 'LIVE',
      title: 'games.categories.LIVE',
      cards: [makeVendor({ vassalage: 'PP' })],
    });
    let answer: ((value: unknown) => void) | undefined;
    mockApi({
      'GET /wps/game/vendor/lanes': () => new Promise((resolve) => (answer = resolve)),
      [`GET ${GAMES}`]: gamesServer([]),
    });
    await renderApp('/live');
    const strip = await screen.findByTestId('vendor-strip');
    expect(within(strip).getByRole('button', { name: 'SA' })).toBeInTheDocument();
    // The background refresh starts after the cached strip is on screen; answer it once it is asked for.
    await waitFor(() => expect(answer).toBeDefined());
    answer?.(fresh);
    await waitFor(() =>
      expect(within(screen.getByTestId('vendor-strip')).getByRole('button', { name: 'PP' })).toBeInTheDocument(),
    );
    expect(JSON.parse(window.sessionStorage.getItem(GAME_SESSION_KEYS.vendors) ?? '{}')).toEqual({
      language: 'EN',
      data: fresh,
    });
  });
});
