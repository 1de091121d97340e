import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Game, GameCategory, VendorCard, Winner } from '@platform/contracts';
import { callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, setViewport, signIn } from '@/testing/render-app';
import { favouriteList, gameList, lanesOf, makeGame, makeVendor } from '../testing/game-fixtures';
import { WINNER_AUTOPLAY_MS } from './winner-board';

const LANES_PATH = '/wps/game/vendor/lanes';
const HOT_PATH = '/wps/game/hot';
const GAMES_PATH = '/wps/game/games';
const WINNERS_PATH = '/wps/game/winners';
const FAVOURITES_PATH = '/wps/game/favorites';

const vendors = (count: number, prefix: string, gameType: VendorCard['gameType']): VendorCard[] =>
  Array.from({ length: count }, (_, index) =>
    makeVendor({ vassalage: `${prefix}${index + 1}`, displayName: `${prefix} vendor ${index + 1}`, gameType }),
  );

const lane = (gameCategory: GameCategory, cards: VendorCard[]) => ({
  gameCategory,
  title: `games.categories.${gameCategory}`,
  cards,
});

/** In the server's order: ESPORTS and COCKFIGHT after SPORTS, BINGO last (the merchant supports TY). */
const LANES = lanesOf(
  lane('LIVE', vendors(7, 'LV', 'LIVE')),
  lane('RNG', vendors(11, 'SL', 'RNG')),
  lane('SPORTS', vendors(1, 'SB', 'SPORTS')),
  lane('ESPORTS', vendors(1, 'ES', 'SPORTS')),
  lane('COCKFIGHT', vendors(1, 'CF', 'SPORTS')),
  lane('BINGO', vendors(1, 'BG', 'BINGO')),
);

const games = (count: number, prefix: string, overrides: Partial<Game> = {}): Game[] =>
  Array.from({ length: count }, (_, index) =>
    makeGame({
      nodeId: `${prefix}${index + 1}`,
      displayName: `${overrides.vassalage ?? 'Hot'} game ${index + 1}`,
      ...overrides,
    }),
  );

const winners = (count: number): Winner[] =>
  Array.from({ length: count }, (_, index) => ({
    iconUrl: `/wps/game/art/game/${index}.svg`,
    gameName: `Winning game ${index + 1}`,
    customerName: `pl***${index}`,
    winAmount: String(100_000 - index * 1000) + '.00',
  }));

type Routes = Parameters<typeof mockApi>[0];

const lobbyApi = (overrides: Routes = {}) =>
  mockApi({
    [`GET ${LANES_PATH}`]: () => LANES,
    [`GET ${HOT_PATH}`]: () => ({ list: games(15, '9', { isHot: 1 }), totalPages: 1 }),
    [`GET ${GAMES_PATH}`]: (_init, url) => {
      const classify = url.searchParams.get('gameClassify');
      const vassalage = url.searchParams.get('vassalage');
      if (classify) return gameList(games(3, `7${classify.length}`, { displayName: `${classify} game` }));
      if (vassalage) return gameList(games(8, '5', { vassalage, gameType: 'LIVE' }));
      return gameList(games(12, '3', { gameType: 'LIVE' }));
    },
    [`GET ${WINNERS_PATH}`]: () => ({ list: winners(20) }),
    ...overrides,
  });

const menu = () => within(screen.getByTestId('lobby-menu'));
const menuEntry = (type: string) => screen.getByTestId(`lobby-menu-${type}`);
const categoryBlock = (category: string) =>
  screen.getAllByTestId('lobby-category').find((block) => block.dataset.category === category)!;

/** Reduced motion off, desktop width on (the side menu decides by media query too). */
const motionAllowed = () => {
  setViewport(true);
  const wide = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...wide(query),
    matches: !query.includes('prefers-reduced-motion'),
  })) as typeof window.matchMedia;
};

describe('home lobby: category menu', () => {
  beforeEach(motionAllowed);

  it('should list HOME, FAV, then the categories in the server order, starting at HOME', async () => {
    lobbyApi();
    await renderApp('/');
    await waitFor(() => expect(menu().getAllByRole('link')).toHaveLength(8));
    expect(
      menu()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Favourites', 'Live casino', 'Slots', 'Sports', 'E-sports', 'Cockfight', 'Bingo']);
    expect(menuEntry('HOME')).toHaveAttribute('aria-current', 'page');
    expect(menuEntry('LIVE')).toHaveAttribute('href', '/?type=LIVE');
  });

  it('should reset FAV to HOME and open the login popup for a guest', async () => {
    lobbyApi();
    const { user, router } = await renderApp('/?type=LIVE');
    await waitFor(() => expect(menuEntry('LIVE')).toHaveAttribute('aria-current', 'page'));
    await user.click(menuEntry('FAV'));
    // The dialog's code loads on first use: the first test to open it waits for the chunk.
    expect(await screen.findByTestId('login-dialog', {}, { timeout: 12_000 })).toBeVisible();
    expect(menuEntry('HOME')).toHaveAttribute('aria-current', 'page');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByTestId('lobby-favourites')).not.toBeInTheDocument();
  });

  it('should keep the category in the address, scroll to the top on a change, and come back with history', async () => {
    lobbyApi();
    const { user, router } = await renderApp('/');
    await waitFor(() => expect(menuEntry('LIVE')).toBeInTheDocument());
    vi.mocked(window.scrollTo).mockClear();
    await user.click(menuEntry('LIVE'));
    expect(router.state.location.search).toBe('?type=LIVE');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'auto' });
    const view = await screen.findByTestId('lobby-category-view');
    expect(view).toHaveAttribute('data-category', 'LIVE');
    expect(within(view).getAllByTestId('vendor-tile')).toHaveLength(7);
    await waitFor(() => expect(within(view).getAllByTestId('game-card')).toHaveLength(12));
    expect(within(view).getByTestId('lobby-category-more')).toHaveAttribute('href', '/live');
    const query = new URL(String(callsTo(vi.mocked(fetch), 'GET', GAMES_PATH).at(-1)?.[0]), 'http://x').searchParams;
    expect(query.get('gameType')).toBe('LIVE');
    expect(query.get('pageSize')).toBe('12');

    vi.mocked(window.scrollTo).mockClear();
    await user.click(menuEntry('LIVE'));
    expect(window.scrollTo).not.toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'auto' });

    await act(() => router.navigate(-1));
    await waitFor(() => expect(menuEntry('HOME')).toHaveAttribute('aria-current', 'page'));
    expect(screen.getByTestId('lobby-home-view')).toBeInTheDocument();
  });

  it('should show a logged-in member their favourites under FAV', async () => {
    signIn();
    lobbyApi({
      [`GET ${FAVOURITES_PATH}`]: () =>
        favouriteList([makeGame({ nodeId: '41', displayName: 'Lucky Koi' }), makeGame({ nodeId: '42' })]),
    });
    const { user } = await renderApp('/');
    await waitFor(() => expect(menuEntry('FAV')).toBeInTheDocument());
    await user.click(menuEntry('FAV'));
    const view = await screen.findByTestId('lobby-favourites');
    await waitFor(() => expect(within(view).getAllByTestId('game-card')).toHaveLength(2));
    expect(within(view).getByText('Lucky Koi')).toBeInTheDocument();
    expect(screen.queryByTestId('login-dialog')).not.toBeInTheDocument();
  });

  it('should say so when a member has no favourites', async () => {
    signIn();
    lobbyApi({ [`GET ${FAVOURITES_PATH}`]: () => favouriteList([]) });
    await renderApp('/?type=FAV');
    expect(await screen.findByTestId('lobby-favourites-empty')).toHaveTextContent('No favourite games yet');
  });
});

describe('home lobby: HOME view', () => {
  beforeEach(motionAllowed);

  it('should show 12 hot games until expanded, then all of them', async () => {
    lobbyApi();
    const { user } = await renderApp('/');
    const hot = await screen.findByTestId('lobby-hot');
    await waitFor(() => expect(within(hot).getAllByTestId('game-card')).toHaveLength(12));
    const expand = within(hot).getByRole('button', { name: 'Show all 15 hot games' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(within(hot).getAllByTestId('game-card')).toHaveLength(15);
    await user.click(within(hot).getByRole('button', { name: 'Show fewer hot games' }));
    expect(within(hot).getAllByTestId('game-card')).toHaveLength(12);
  });

  it('should not offer to expand when there are 12 hot games or fewer', async () => {
    lobbyApi({ [`GET ${HOT_PATH}`]: () => ({ list: games(12, '9', { isHot: 1 }), totalPages: 1 }) });
    await renderApp('/');
    const hot = await screen.findByTestId('lobby-hot');
    await waitFor(() => expect(within(hot).getAllByTestId('game-card')).toHaveLength(12));
    expect(within(hot).queryByTestId('lobby-hot-expand')).not.toBeInTheDocument();
  });

  it('should cap every category at 5 entries, with its vendor strip and a more-games link', async () => {
    lobbyApi();
    const { user } = await renderApp('/');
    await waitFor(() => expect(screen.getAllByTestId('lobby-category')).toHaveLength(6));
    const live = categoryBlock('LIVE');
    expect(within(live).getByRole('heading', { name: 'Live casino' })).toBeInTheDocument();
    expect(within(live).getAllByTestId('vendor-tile')).toHaveLength(5);
    expect(within(live).getAllByTestId('vendor-strip-item')).toHaveLength(7);
    expect(within(live).getByTestId('vendor-strip-all')).toHaveAttribute('aria-pressed', 'true');
    expect(within(live).getByTestId('lobby-category-more')).toHaveAttribute('href', '/live');
    expect(within(categoryBlock('RNG')).getAllByTestId('vendor-tile')).toHaveLength(5);
    expect(within(categoryBlock('ESPORTS')).getByTestId('lobby-category-more')).toHaveAttribute('href', '/esports');
    expect(within(categoryBlock('COCKFIGHT')).getByTestId('lobby-category-more')).toHaveAttribute(
      'href',
      '/?type=COCKFIGHT',
    );

    // Picking a vendor narrows the block to its games (still at most 5) and the link to its lobby.
    await user.click(within(live).getByRole('button', { name: 'LV vendor 3' }));
    await waitFor(() => expect(within(live).getAllByTestId('game-card')).toHaveLength(5));
    expect(within(live).queryByTestId('vendor-tile')).not.toBeInTheDocument();
    expect(within(live).getByTestId('lobby-category-more')).toHaveAttribute('href', '/live?vassalage=LV3');
  });

  it('should list the other games by family, 12 per page, bingo included when TY is supported', async () => {
    const api = lobbyApi();
    const { user } = await renderApp('/');
    const other = await screen.findByTestId('lobby-other');
    expect(
      within(other)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Scratch cards', 'Video poker', 'Jackpot', 'Table games', 'Arcade', 'Bingo']);
    await waitFor(() => expect(within(other).getAllByTestId('game-card')).toHaveLength(3));
    await user.click(within(other).getByRole('tab', { name: 'Jackpot' }));
    await waitFor(() => expect(within(other).getAllByText('JACKPOT game')).toHaveLength(3));
    const asked = callsTo(api, 'GET', GAMES_PATH).map(([url]) => new URL(String(url), 'http://x').searchParams);
    const jackpot = asked.find((params) => params.get('gameClassify') === 'JACKPOT');
    expect(jackpot?.get('pageSize')).toBe('12');
  });

  it('should open the login popup when a guest starts a hot game', async () => {
    lobbyApi();
    const { user } = await renderApp('/');
    const hot = await screen.findByTestId('lobby-hot');
    await waitFor(() => expect(within(hot).getAllByTestId('game-card')).toHaveLength(12));
    await user.click(within(hot).getAllByTestId('game-card-start')[0]!);
    expect(await screen.findByTestId('login-dialog')).toBeVisible();
  });

  it('should show each list its error with a retry', async () => {
    lobbyApi({
      [`GET ${HOT_PATH}`]: () => {
        throw new Error('down');
      },
    });
    await renderApp('/');
    expect(await screen.findByTestId('lobby-hot-error', {}, { timeout: 4000 })).toHaveTextContent('Try again');
  });
});

describe('home lobby: winner board', () => {
  beforeEach(motionAllowed);
  afterEach(() => vi.useRealTimers());

  it('should show 20 winners as 5 slides of 4, moved by previous and next', async () => {
    lobbyApi();
    const { user } = await renderApp('/');
    const board = await screen.findByTestId('winner-board');
    await waitFor(() => expect(within(board).getAllByTestId('winner-item')).toHaveLength(20));
    const slides = within(board).getAllByTestId('winner-slide');
    expect(slides).toHaveLength(5);
    slides.forEach((slide) => expect(within(slide).getAllByTestId('winner-item')).toHaveLength(4));
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 5',
      '2 of 5',
      '3 of 5',
      '4 of 5',
      '5 of 5',
    ]);
    expect(within(slides[0]!).getAllByTestId('winner-name')[0]).toHaveTextContent('pl***0');
    expect(within(slides[0]!).getAllByTestId('winner-amount')[0]).toHaveTextContent('100,000.00');
    expect(within(slides[0]!).getAllByTestId('winner-game')[0]).toHaveTextContent('Winning game 1');
    expect(slides[0]).toHaveAttribute('aria-hidden', 'false');
    expect(slides[1]).toHaveAttribute('aria-hidden', 'true');

    await user.click(within(board).getByRole('button', { name: 'Next winners' }));
    expect(within(board).getByTestId('winner-position')).toHaveTextContent('2 of 5');
    expect(slides[1]).toHaveAttribute('aria-hidden', 'false');
    await user.click(within(board).getByRole('button', { name: 'Previous winners' }));
    await user.click(within(board).getByRole('button', { name: 'Previous winners' }));
    expect(within(board).getByTestId('winner-position')).toHaveTextContent('5 of 5');
  });

  it('should move by itself every 5 seconds, but not while hovered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    lobbyApi();
    const { user } = await renderApp('/', undefined, { advanceTimers: vi.advanceTimersByTime });
    const board = await screen.findByTestId('winner-board');
    await waitFor(() => expect(within(board).getAllByTestId('winner-slide')).toHaveLength(5));
    const position = within(board).getByTestId('winner-position');
    const track = board.querySelector('.winner-board__track')!;
    expect(track).toHaveAttribute('aria-live', 'off');
    // The board's data renders in a background render (SectionState), whose effects, the autoplay timer among them,
    // run on React's scheduler (its own timers, not the fake ones) a moment after the slides show. So: give the
    // scheduler a turn, then 5 seconds, until the board has turned once; it must then show the second slide. (Not
    // waitFor: moving the fake clock inside it also runs out waitFor's own time-out.)
    for (let turn = 0; turn < 20 && !position.textContent?.includes('2 of 5'); turn += 1) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
      if (position.textContent?.includes('1 of 5')) act(() => vi.advanceTimersByTime(WINNER_AUTOPLAY_MS));
    }
    expect(position).toHaveTextContent('2 of 5');

    await user.hover(board.querySelector('.winner-board__carousel')!);
    expect(track).toHaveAttribute('aria-live', 'polite');
    act(() => vi.advanceTimersByTime(WINNER_AUTOPLAY_MS * 2));
    expect(position).toHaveTextContent('2 of 5');
    await user.unhover(board.querySelector('.winner-board__carousel')!);
    act(() => vi.advanceTimersByTime(WINNER_AUTOPLAY_MS));
    expect(position).toHaveTextContent('3 of 5');
  });

  it('should stay still when the visitor prefers reduced motion', async () => {
    setViewport(true); // every media query matches, reduced motion included
    vi.useFakeTimers({ shouldAdvanceTime: true });
    lobbyApi();
    await renderApp('/');
    const board = await screen.findByTestId('winner-board');
    await waitFor(() => expect(within(board).getAllByTestId('winner-slide')).toHaveLength(5));
    act(() => vi.advanceTimersByTime(WINNER_AUTOPLAY_MS * 3));
    expect(within(board).getByTestId('winner-position')).toHaveTextContent('1 of 5');
    expect(within(board).queryByTestId('winner-autoplay')).not.toBeInTheDocument();
  });

  it('should say when there are no winners yet', async () => {
    lobbyApi({ [`GET ${WINNERS_PATH}`]: () => ({ list: [] }) });
    await renderApp('/');
    expect(await screen.findByTestId('winner-board-empty')).toHaveTextContent('No wins to show yet');
  });
});
