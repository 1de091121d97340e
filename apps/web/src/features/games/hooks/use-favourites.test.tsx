import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FAVOURITE_TOGGLE_THROTTLE_MS } from '@platform/contracts';
import { useAuthDialog } from '@/lib/auth-dialog';
import { fullPackReady, initI18n } from '@/lib/i18n/i18n';
import { useToasts } from '@/lib/toast';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { makeConfig } from '@/testing/fixtures';
import { signIn } from '@/testing/render-app';
import { favouriteList, makeGame } from '../testing/game-fixtures';
import { LOTTERY_FAVOURITES_PREFIX, useFavourites } from './use-favourites';

const FAVOURITES = '/wps/game/favorites';

const setup = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => ({ favourites: useFavourites(), dialog: useAuthDialog(), toasts: useToasts() }), {
    wrapper,
  });
  return { ...view, client };
};

/** The favourite ids the cache holds right now (what every card on the page renders from). */
const cachedIds = (client: QueryClient): string[] =>
  client.getQueryData<{ ids: string[] }>(['games', 'favourites', 'EN'])?.ids ?? [];

/** A promise the test settles, to look at the state while the server has not answered yet. */
const deferred = () => {
  let resolve: (value: unknown) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
};

describe('useFavourites', () => {
  beforeAll(async () => {
    await initI18n(makeConfig().language);
    // Pages wait for the whole pack (router.tsx); so do components rendered on their own here.
    await fullPackReady();
  });

  it('should open the login popup for a guest and call nothing', () => {
    const api = mockApi({});
    const { result } = setup();
    act(() => result.current.favourites.toggle(makeGame()));
    expect(result.current.dialog.open).toBe('login');
    expect(api).not.toHaveBeenCalled();
  });

  it('should add the id before the server answers, and hold a game already listed only once', async () => {
    signIn(0);
    const listed = makeGame({ nodeId: '101' });
    const posted = deferred();
    const api = mockApi({
      // The list already shows the game (e.g. another tab added it) while its id is not known yet.
      [`GET ${FAVOURITES}`]: () => ({ ...favouriteList([listed]), ids: [] }),
      [`POST ${FAVOURITES}`]: () => posted.promise,
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.favourites.games).toHaveLength(1));
    act(() => result.current.favourites.toggle(listed));
    await waitFor(() => expect(result.current.favourites.isFavourite('101')).toBe(true));
    expect(result.current.favourites.games.map((game) => game.nodeId)).toEqual(['101']);
    await waitFor(() => expect(callsTo(api, 'POST', FAVOURITES)).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'POST', FAVOURITES)[0]?.[1])).toEqual({
      nodeId: '101',
      vendor: 'EVO',
      gameType: 'LIVE',
    });
    posted.resolve(null);
    await waitFor(() => expect(result.current.favourites.ids).toEqual(new Set(['101'])));
  });

  it('should drop the id and the list entry first, then tell the server', async () => {
    signIn(0);
    const game = makeGame({ nodeId: '202' });
    const seenByServer: string[][] = [];
    let client: QueryClient | null = null;
    const api = mockApi({
      [`GET ${FAVOURITES}`]: () => favouriteList([game, makeGame({ nodeId: '203' })]),
      [`DELETE ${FAVOURITES}`]: () => {
        seenByServer.push(client ? cachedIds(client) : []);
        return null;
      },
    });
    const view = setup();
    client = view.client;
    await waitFor(() => expect(view.result.current.favourites.isFavourite('202')).toBe(true));
    act(() => view.result.current.favourites.toggle(game));
    await waitFor(() => expect(view.result.current.favourites.isFavourite('202')).toBe(false));
    expect(view.result.current.favourites.games.map((item) => item.nodeId)).toEqual(['203']);
    await waitFor(() => expect(callsTo(api, 'DELETE', FAVOURITES)).toHaveLength(1));
    // When the server heard of it, the id had already left the ids.
    expect(seenByServer).toEqual([['203']]);
  });

  it('should toggle one game at most once a second', async () => {
    signIn(0);
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const game = makeGame({ nodeId: '303' });
    const api = mockApi({
      [`GET ${FAVOURITES}`]: () => favouriteList([]),
      [`POST ${FAVOURITES}`]: () => null,
      [`DELETE ${FAVOURITES}`]: () => null,
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.favourites.query.isSuccess).toBe(true));
    act(() => result.current.favourites.toggle(game));
    await waitFor(() => expect(result.current.favourites.isFavourite('303')).toBe(true));
    now.mockReturnValue(1_000_000 + FAVOURITE_TOGGLE_THROTTLE_MS - 1);
    act(() => result.current.favourites.toggle(game));
    // Another game is not held back by the first one.
    act(() => result.current.favourites.toggle(makeGame({ nodeId: '304' })));
    await waitFor(() => expect(result.current.favourites.isFavourite('304')).toBe(true));
    expect(result.current.favourites.isFavourite('303')).toBe(true);
    expect(callsTo(api, 'DELETE', FAVOURITES)).toHaveLength(0);
    now.mockReturnValue(1_000_000 + FAVOURITE_TOGGLE_THROTTLE_MS);
    act(() => result.current.favourites.toggle(game));
    await waitFor(() => expect(result.current.favourites.isFavourite('303')).toBe(false));
    await waitFor(() => expect(callsTo(api, 'DELETE', FAVOURITES)).toHaveLength(1));
    expect(callsTo(api, 'POST', FAVOURITES)).toHaveLength(2);
  });

  it('should roll back and say so when the server refuses', async () => {
    signIn(0);
    const game = makeGame({ nodeId: '404', displayName: 'Gone Game' });
    const posted = deferred();
    mockApi({
      [`GET ${FAVOURITES}`]: () => favouriteList([]),
      [`POST ${FAVOURITES}`]: () => posted.promise,
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.favourites.query.isSuccess).toBe(true));
    act(() => result.current.favourites.toggle(game));
    await waitFor(() => expect(result.current.favourites.isFavourite('404')).toBe(true));
    posted.reject(new ApiFailure(404, 'GAME_NOT_FOUND'));
    await waitFor(() => expect(result.current.favourites.isFavourite('404')).toBe(false));
    expect(result.current.favourites.games).toEqual([]);
    expect(result.current.toasts.map((toast) => toast.message)).toEqual([
      expect.stringMatching(/^The game could not be added to your favourites\. .+/),
    ]);
  });

  it('should keep lottery favourites on this device per username, without the server', async () => {
    signIn(0, { account: 'alice' });
    const lotto = makeGame({ nodeId: '505', gameType: 'LOTT', vassalage: 'LOTT' });
    const api = mockApi({ [`GET ${FAVOURITES}`]: () => favouriteList([]) });
    const alice = setup();
    await waitFor(() => expect(alice.result.current.favourites.query.isSuccess).toBe(true));
    act(() => alice.result.current.favourites.toggle(lotto));
    await waitFor(() => expect(alice.result.current.favourites.isFavourite('505')).toBe(true));
    expect(alice.result.current.favourites.games.map((game) => game.nodeId)).toEqual(['505']);
    expect(JSON.parse(window.localStorage.getItem(`${LOTTERY_FAVOURITES_PREFIX}alice`) ?? '[]')).toEqual([lotto]);
    expect(callsTo(api, 'POST', FAVOURITES)).toHaveLength(0);
    alice.unmount();

    // Another member on the same browser does not see them; alice does again later.
    signIn(0, { account: 'bob' });
    const bob = setup();
    expect(bob.result.current.favourites.isFavourite('505')).toBe(false);
    bob.unmount();
    signIn(0, { account: 'alice' });
    const again = setup();
    expect(again.result.current.favourites.isFavourite('505')).toBe(true);
  });
});
