import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { GAME_SESSION_KEYS, type VendorCard } from '@platform/contracts';
import { callsTo, mockApi } from '@/testing/api-mock';
import { makeConfig } from '@/testing/fixtures';
import { renderApp, setViewport } from '@/testing/render-app';
import { isDropdownEnlarged } from '../utils/header-categories';

const LANES_PATH = '/wps/game/vendor/lanes';

const card = (vassalage: string, gameType: VendorCard['gameType']): VendorCard => ({
  vassalage,
  displayName: `${vassalage} Gaming`,
  lagerIcon: `/wps/game/art/vendor/${vassalage}.svg`,
  logo: `/wps/game/art/logo/${vassalage}.svg`,
  gameType,
  isGame: '',
  supportDemo: false,
  isNew: false,
});

const cards = (count: number, prefix: string, gameType: VendorCard['gameType']) =>
  Array.from({ length: count }, (_, index) => card(`${prefix}${index + 1}`, gameType));

const LANES = {
  list: [
    { gameCategory: 'LIVE', title: 'games.categories.LIVE', cards: cards(3, 'LV', 'LIVE') },
    { gameCategory: 'RNG', title: 'games.categories.RNG', cards: cards(11, 'SL', 'RNG') },
    { gameCategory: 'FISH', title: 'games.categories.FISH', cards: cards(10, 'FS', 'FISH') },
  ],
};

const config = () =>
  makeConfig({
    menu: [
      { menuId: 'header-live', nameKey: 'menu.live', route: '/live', placement: 'header' },
      { menuId: 'header-slots', nameKey: 'menu.slots', route: '/rng', placement: 'header' },
      { menuId: 'header-fish', nameKey: 'menu.fish', route: '/fish', placement: 'header' },
      { menuId: 'header-promotions', nameKey: 'menu.promotions', route: '/promotions', placement: 'header' },
    ],
  });

const header = () => within(screen.getByTestId('app-header'));

/** A page without the lobby, so only the header asks for the lanes. */
const openPromotions = async () => {
  const view = await renderApp('/promotions', config());
  await screen.findByTestId('app-header');
  return view;
};
const categoryLink = (name: string) => header().getByRole('link', { name });

describe('header category dropdown', () => {
  beforeEach(() => setViewport(true));

  it('should be enlarged only above 10 vendors', () => {
    expect(isDropdownEnlarged(10)).toBe(false);
    expect(isDropdownEnlarged(11)).toBe(true);
  });

  it("should list a category's vendors on hover, enlarged for more than 10", async () => {
    mockApi({ [`GET ${LANES_PATH}`]: () => LANES });
    const { user } = await openPromotions();
    await user.hover(categoryLink('Live casino'));
    // The panel's code loads on the first hover.
    const live = await screen.findByTestId('header-dropdown', {}, { timeout: 3000 });
    await waitFor(() => expect(within(live).getAllByTestId('header-dropdown-vendor')).toHaveLength(3));
    expect(live).toHaveAttribute('data-enlarged', 'false');
    expect(live).not.toHaveClass('header-dropdown--large');
    expect(within(live).getByRole('link', { name: 'LV2 Gaming' })).toHaveAttribute('href', '/live?vassalage=LV2');
    expect(categoryLink('Live casino')).toHaveAttribute('aria-expanded', 'true');

    await user.hover(categoryLink('Slots'));
    await waitFor(() => expect(screen.getByTestId('header-dropdown')).toHaveAttribute('data-category', 'RNG'));
    const slots = screen.getByTestId('header-dropdown');
    expect(within(slots).getAllByTestId('header-dropdown-vendor')).toHaveLength(11);
    expect(slots).toHaveAttribute('data-enlarged', 'true');
    expect(slots).toHaveClass('header-dropdown--large');

    await user.hover(categoryLink('Fishing'));
    await waitFor(() => expect(screen.getByTestId('header-dropdown')).toHaveAttribute('data-category', 'FISH'));
    expect(screen.getByTestId('header-dropdown')).toHaveAttribute('data-enlarged', 'false');

    await user.unhover(categoryLink('Fishing'));
    await waitFor(() => expect(screen.queryByTestId('header-dropdown')).not.toBeInTheDocument());
    expect(header().queryByRole('link', { name: 'Promotions' })).not.toHaveAttribute('aria-expanded');
  });

  it('should ask for the lanes once, and reuse the session copy the lobby keeps', async () => {
    window.sessionStorage.setItem(GAME_SESSION_KEYS.vendors, JSON.stringify({ language: 'EN', data: LANES }));
    const api = mockApi({
      [`GET ${LANES_PATH}`]: () => new Promise(() => undefined), // the refresh never answers
    });
    const { user } = await openPromotions();
    await user.hover(categoryLink('Slots'));
    const slots = await screen.findByTestId('header-dropdown');
    expect(within(slots).getAllByTestId('header-dropdown-vendor')).toHaveLength(11);
    await user.hover(categoryLink('Live casino'));
    await waitFor(() => expect(screen.getByTestId('header-dropdown')).toHaveAttribute('data-category', 'LIVE'));
    expect(callsTo(api, 'GET', LANES_PATH)).toHaveLength(1);
  });

  it('should work from the keyboard: arrows in, Escape out, Tab on to the next link', async () => {
    mockApi({ [`GET ${LANES_PATH}`]: () => LANES });
    const { user, router } = await openPromotions();
    const live = categoryLink('Live casino');
    act(() => live.focus());
    const panel = await screen.findByTestId('header-dropdown', {}, { timeout: 3000 });
    await waitFor(() => expect(within(panel).getAllByTestId('header-dropdown-vendor')).toHaveLength(3));
    expect(live).toHaveAttribute('aria-controls', panel.id);

    await user.keyboard('{ArrowDown}');
    expect(within(panel).getByRole('link', { name: 'LV1 Gaming' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(panel).getByRole('link', { name: 'LV2 Gaming' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(panel).getByRole('link', { name: 'LV3 Gaming' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(panel).getByRole('link', { name: 'LV1 Gaming' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('header-dropdown')).not.toBeInTheDocument();
    expect(live).toHaveFocus();
    expect(live).toHaveAttribute('aria-expanded', 'false');

    // Tab from a link enters its panel; Tab from the panel goes on to the next category.
    await user.hover(live);
    await screen.findByTestId('header-dropdown');
    await user.tab();
    expect(within(screen.getByTestId('header-dropdown')).getByRole('link', { name: 'LV1 Gaming' })).toHaveFocus();
    await user.tab();
    expect(categoryLink('Slots')).toHaveFocus();
    await waitFor(() => expect(screen.getByTestId('header-dropdown')).toHaveAttribute('data-category', 'RNG'));

    // A vendor opens its lobby with ?vassalage= and the panel closes.
    const slots = screen.getByTestId('header-dropdown');
    fireEvent.click(await within(slots).findByRole('link', { name: 'SL4 Gaming' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rng'));
    expect(router.state.location.search).toBe('?vassalage=SL4');
    await waitFor(() => expect(screen.queryByTestId('header-dropdown')).not.toBeInTheDocument());
  });

  it('should say so when the vendors cannot be loaded', async () => {
    mockApi({});
    const { user } = await openPromotions();
    await user.hover(categoryLink('Live casino'));
    const panel = await screen.findByTestId('header-dropdown');
    expect(await within(panel).findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'The vendors could not be loaded.',
    );
  });
});
