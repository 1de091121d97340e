import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAppDialog } from '@/lib/app-dialogs';
import { useAuthDialog } from '@/lib/auth-dialog';
import { changeLanguage, fullPackReady, initI18n } from '@/lib/i18n/i18n';
import { applyTheme } from '@/lib/theme';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { makeConfig } from '@/testing/fixtures';
import { signIn } from '@/testing/render-app';
import { gameList, makeGame, makeVendor } from '../testing/game-fixtures';
import { closeGamePopup, useGamePopup } from './game-popup';
import { useGameStart } from './use-game-start';

const LAUNCH = '/wps/game/launchGame';

const setup = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/live']}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(
    () => ({
      start: useGameStart(),
      location: useLocation(),
      auth: useAuthDialog(),
      dialog: useAppDialog(),
      popup: useGamePopup(),
    }),
    { wrapper },
  );
};

const path = (location: { pathname: string; search: string }) => `${location.pathname}${location.search}`;

describe('useGameStart', () => {
  beforeAll(async () => {
    await initI18n(makeConfig().language);
    // Pages wait for the whole pack (router.tsx); so do components rendered on their own here.
    await fullPackReady();
  });

  it("should launch in the player's language and theme, so the game client shows them", async () => {
    signIn(0);
    const api = mockApi({ [`POST ${LAUNCH}`]: () => ({ url: 'https://vendor.example/play?token=t' }) });
    await act(() => changeLanguage('TY'));
    applyTheme('light');
    try {
      const { result } = setup();
      act(() => result.current.start.startGame(makeGame({ nodeId: '43' })));
      await waitFor(() => expect(callsTo(api, 'POST', LAUNCH)).toHaveLength(1));
      expect(bodyOf(callsTo(api, 'POST', LAUNCH)[0]?.[1])).toEqual({ nodeId: '43', language: 'TY', theme: 'light' });
    } finally {
      await act(() => changeLanguage('EN'));
      applyTheme('dark');
    }
  });

  it('should open the login popup for a guest and launch nothing', () => {
    const api = mockApi({});
    const { result } = setup();
    act(() => result.current.start.startGame(makeGame()));
    expect(result.current.auth.open).toBe('login');
    act(() => result.current.start.openVendor(makeVendor({ gameType: 'SPORTS' })));
    expect(result.current.location.pathname).toBe('/live');
    expect(api).not.toHaveBeenCalled();
  });

  it('should launch a game for a trial member (play money on a vendor with a demo)', async () => {
    signIn(4);
    const api = mockApi({ [`POST ${LAUNCH}`]: () => ({ url: 'https://vendor.example/play?token=demo&mode=play' }) });
    const { result } = setup();
    act(() => result.current.start.startGame(makeGame({ nodeId: '42', displayName: 'Lucky Lanterns' })));
    await waitFor(() => expect(path(result.current.location)).toBe('/seamless?game=42'));
    expect(bodyOf(callsTo(api, 'POST', LAUNCH)[0]?.[1])).toEqual({ nodeId: '42', language: 'EN', theme: 'dark' });
    expect(result.current.dialog).toBeNull();
    expect(result.current.auth.open).toBeNull();
  });

  it('should show a trial member the true-account notice when the vendor has no demo (DEMO_NOT_SUPPORTED)', async () => {
    signIn(4);
    const api = mockApi({
      [`POST ${LAUNCH}`]: () => {
        throw new ApiFailure(403, 'DEMO_NOT_SUPPORTED', 'this vendor has no demo');
      },
    });
    const { result } = setup();
    act(() => result.current.start.startGame(makeGame({ nodeId: '7' }), { trial: true }));
    await waitFor(() => expect(result.current.dialog).toEqual({ kind: 'trial' }));
    expect(callsTo(api, 'POST', LAUNCH)).toHaveLength(1);
    expect(result.current.location.pathname).toBe('/live');
  });

  it("should open a member's free trial in the vendor's demo on play money, and keep it there on reload", async () => {
    signIn(0);
    const api = mockApi({ [`POST ${LAUNCH}`]: () => ({ url: 'https://vendor.example/play?token=t&mode=play' }) });
    const { result } = setup();
    act(() => result.current.start.startGame(makeGame({ nodeId: '42' }), { trial: true }));
    await waitFor(() => expect(path(result.current.location)).toBe('/seamless?game=42&demo=1'));
    expect(bodyOf(callsTo(api, 'POST', LAUNCH)[0]?.[1])).toEqual({
      nodeId: '42',
      language: 'EN',
      theme: 'dark',
      demo: true,
    });
  });

  it('should tell a member that a game without a demo has no free trial, not that a real account is needed', async () => {
    signIn(0);
    mockApi({
      [`POST ${LAUNCH}`]: () => {
        throw new ApiFailure(403, 'DEMO_NOT_SUPPORTED', 'This game has no free trial');
      },
    });
    const { result } = setup();
    act(() => result.current.start.startGame(makeGame({ nodeId: '7' }), { trial: true }));
    await waitFor(() =>
      expect(result.current.dialog).toEqual({
        kind: 'notice',
        title: 'This game cannot start',
        message: 'This game has no free trial. Press Start to play it with your balance.',
      }),
    );
    expect(result.current.location.pathname).toBe('/live');
  });

  it('should offer a guest free play first when it presses a free trial', () => {
    const api = mockApi({});
    const { result } = setup();
    act(() => result.current.start.startGame(makeGame(), { trial: true }));
    expect(result.current.auth).toMatchObject({ open: 'login', freePlayFirst: true });
    expect(api).not.toHaveBeenCalled();
  });

  it('should keep a trial member out of the real-money lottery pages with the true-account notice', () => {
    signIn(4);
    const api = mockApi({});
    const { result } = setup();
    act(() => result.current.start.startGame(makeGame({ vassalage: 'LOTT', gameType: 'LOTT' })));
    expect(result.current.dialog).toEqual({ kind: 'trial' });
    expect(result.current.location.pathname).toBe('/live');
    expect(callsTo(api, 'POST', LAUNCH)).toHaveLength(0);
  });

  it.each([
    ['TCG_LOTTO_VN', 'ELOTT', '/vnLottery?gameCode=vn_north'],
    ['TCG_SEA', 'ELOTT', '/seaLottery?gameCode=vn_north'],
    ['LOTT', 'LOTT', '/lottery?gameCode=vn_north'],
    ['ELOTT', 'ELOTT', '/lottery?gameCode=vn_north'],
  ] as const)('should send a member to the lottery page of vendor %s', (vassalage, gameType, target) => {
    signIn(0);
    const api = mockApi({});
    const { result } = setup();
    act(() => result.current.start.startGame(makeGame({ vassalage, gameType, gameCode: 'vn_north' })));
    expect(path(result.current.location)).toBe(target);
    expect(callsTo(api, 'POST', LAUNCH)).toHaveLength(0);
  });

  it('should send a member from a lottery vendor tile to its lottery page', () => {
    signIn(0);
    mockApi({});
    const { result } = setup();
    act(() => result.current.start.openVendor(makeVendor({ vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT' })));
    expect(path(result.current.location)).toBe('/vnLottery');
  });

  it('should open the popup list of a vendor-popup game or vendor, for guests too', () => {
    mockApi({});
    const { result } = setup();
    act(() =>
      result.current.start.startGame(
        makeGame({ isGame: 'VASSALAGE', vassalage: 'KM', vendorName: 'Kingmaker', gameType: 'PVP' }),
      ),
    );
    expect(result.current.popup).toEqual({ vassalage: 'KM', gameType: 'PVP', title: 'Kingmaker' });
    expect(result.current.auth.open).toBeNull();
    act(() => closeGamePopup());
    act(() =>
      result.current.start.openVendor(
        makeVendor({ isGame: 'VASSALAGE', vassalage: 'JL', displayName: 'JILI', gameType: 'FISH' }),
      ),
    );
    expect(result.current.popup).toEqual({ vassalage: 'JL', gameType: 'FISH', title: 'JILI' });
    act(() => closeGamePopup());
  });

  it('should open the slot list of an RNG vendor', () => {
    mockApi({});
    const { result } = setup();
    act(() => result.current.start.openVendor(makeVendor({ vassalage: 'PG', gameType: 'RNG' })));
    expect(path(result.current.location)).toBe('/rng?vassalage=PG');
  });

  it('should say so when the game cannot be launched', async () => {
    signIn(0);
    const api = mockApi({
      [`POST ${LAUNCH}`]: () => {
        throw new ApiFailure(409, 'GAME_UNAVAILABLE');
      },
    });
    const { result } = setup();
    act(() => result.current.start.startGame(makeGame({ nodeId: '42' })));
    await waitFor(() =>
      expect(result.current.dialog).toEqual({
        kind: 'notice',
        title: 'This game cannot start',
        message: 'This game cannot be opened right now. Please try again later.',
      }),
    );
    expect(bodyOf(callsTo(api, 'POST', LAUNCH)[0]?.[1])).toEqual({ nodeId: '42', language: 'EN', theme: 'dark' });
    expect(result.current.location.pathname).toBe('/live');
  });

  it('should open a launched game on the game page with its address in router state, only the node id in the URL', async () => {
    signIn(0);
    mockApi({ [`POST ${LAUNCH}`]: () => ({ url: 'https://vendor.example/play?session=secret' }) });
    const { result } = setup();
    act(() => result.current.start.startGame(makeGame({ nodeId: '42', displayName: 'Lucky Dragon' })));
    await waitFor(() => expect(result.current.location.pathname).toBe('/seamless'));
    expect(result.current.location.search).toBe('?game=42');
    expect(result.current.location.search).not.toContain('secret');
    expect(result.current.location.state).toEqual({
      url: 'https://vendor.example/play?session=secret',
      nodeId: '42',
      name: 'Lucky Dragon',
      from: '/live',
    });
  });

  it('should launch a vendor tile through its first game', async () => {
    signIn(0);
    const api = mockApi({
      'GET /wps/game/games': () => gameList([makeGame({ nodeId: '77', vassalage: 'SBO', gameType: 'SPORTS' })]),
      [`POST ${LAUNCH}`]: () => {
        throw new ApiFailure(409, 'GAME_UNAVAILABLE');
      },
    });
    const { result } = setup();
    act(() => result.current.start.openVendor(makeVendor({ vassalage: 'SBO', gameType: 'SPORTS' })));
    await waitFor(() => expect(result.current.dialog?.kind).toBe('notice'));
    const query = new URL(String(callsTo(api, 'GET', '/wps/game/games')[0]?.[0]), 'http://localhost').searchParams;
    expect(query.get('vassalage')).toBe('SBO');
    expect(query.get('gameType')).toBe('SPORTS');
    expect(bodyOf(callsTo(api, 'POST', LAUNCH)[0]?.[1])).toEqual({ nodeId: '77', language: 'EN', theme: 'dark' });
  });
});
