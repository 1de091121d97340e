import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';

const BALANCE = { balance: '100.00', frozen: '0.00', currencySymbol: '$', currency: 'PHP', play: false };
const LAUNCH_URL = 'https://games.vendor.example/play/rgs-dice?token=one-use-token&mode=real';

const launchedEntry = {
  pathname: '/seamless',
  search: '?game=42',
  state: { url: LAUNCH_URL, nodeId: '42', name: 'Lucky Lanterns', from: '/rng?vassalage=RGS' },
};

const memberApi = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /wps/member/info': () => makeMemberInfo(),
    [`GET ${API.wallet.balance}`]: () => BALANCE,
    ...extra,
  });

describe('the game page /seamless', () => {
  beforeEach(() => setViewport(true));

  it('should show the launched game in a sandboxed frame, with a loader until it loads, and drop the URL from history', async () => {
    signIn(0);
    const api = memberApi();
    const { router } = await renderApp(launchedEntry);
    const frame = await screen.findByTestId('seamless-frame', {}, { timeout: 4000 });
    expect(frame).toHaveAttribute('src', LAUNCH_URL);
    expect(frame).toHaveAttribute('title', 'Game: Lucky Lanterns');
    for (const token of ['allow-scripts', 'allow-same-origin', 'allow-forms', 'allow-popups']) {
      expect(frame.getAttribute('sandbox')).toContain(token);
    }
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(screen.getByRole('heading', { level: 1, name: 'Lucky Lanterns' })).toBeVisible();
    expect(screen.getByTestId('seamless-loading')).toHaveTextContent('Loading the game');
    fireEvent.load(frame);
    expect(screen.queryByTestId('seamless-loading')).not.toBeInTheDocument();
    // The spent launch URL leaves the history entry; the node id stays in the address for a reload.
    await waitFor(() =>
      expect(router.state.location.state).toEqual({ nodeId: '42', name: 'Lucky Lanterns', from: '/rng?vassalage=RGS' }),
    );
    expect(router.state.location.search).toBe('?game=42');
    expect(screen.getByTestId('seamless-frame')).toHaveAttribute('src', LAUNCH_URL);
    expect(callsTo(api, 'POST', API.game.launch)).toHaveLength(0);
    expect(screen.queryByTestId('app-footer')).not.toBeInTheDocument();
  });

  it('should go back to the page the game was started from and refresh the header balance', async () => {
    signIn(0);
    const api = memberApi();
    const { router, user } = await renderApp(launchedEntry);
    await screen.findByTestId('seamless-frame', {}, { timeout: 4000 });
    await waitFor(() => expect(callsTo(api, 'GET', API.wallet.balance).length).toBeGreaterThan(0));
    const before = callsTo(api, 'GET', API.wallet.balance).length;
    await user.click(screen.getByTestId('seamless-back'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/rng?vassalage=RGS'),
    );
    await waitFor(() => expect(callsTo(api, 'GET', API.wallet.balance).length).toBeGreaterThan(before));
  });

  it('should launch the game again from ?game= after a reload (no router state)', async () => {
    signIn(0);
    const api = memberApi({
      [`POST ${API.game.launch}`]: () => ({ url: 'https://games.vendor.example/play/x?token=fresh' }),
    });
    await renderApp('/seamless?game=42');
    const frame = await screen.findByTestId('seamless-frame', {}, { timeout: 4000 });
    expect(frame).toHaveAttribute('src', 'https://games.vendor.example/play/x?token=fresh');
    expect(callsTo(api, 'POST', API.game.launch).map(([, init]) => bodyOf(init))).toEqual([
      { nodeId: '42', language: 'EN', theme: 'dark' },
    ]);
    // Without state there is no name to show: the page's own title, and back leads home.
    expect(screen.getByRole('heading', { level: 1, name: 'Game' })).toBeVisible();
  });

  it('should offer a retry when the launch again fails, and show the frame once it works', async () => {
    signIn(0);
    let attempts = 0;
    memberApi({
      [`POST ${API.game.launch}`]: () => {
        attempts += 1;
        if (attempts === 1) throw new ApiFailure(409, 'GAME_UNAVAILABLE');
        return { url: 'https://games.vendor.example/play/x?token=second' };
      },
    });
    const { user } = await renderApp('/seamless?game=42');
    expect(await screen.findByTestId('seamless-error', {}, { timeout: 4000 })).toHaveTextContent(
      'This game cannot be opened right now',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('seamless-frame')).toHaveAttribute(
      'src',
      'https://games.vendor.example/play/x?token=second',
    );
    expect(attempts).toBe(2);
  });

  it('should show a trial member the true-account notice when the vendor has no demo', async () => {
    signIn(4);
    memberApi({
      'GET /wps/member/info': () => makeMemberInfo({ type: 4, isTrial: true }),
      [`POST ${API.game.launch}`]: () => {
        throw new ApiFailure(403, 'DEMO_NOT_SUPPORTED');
      },
    });
    await renderApp('/seamless?game=42');
    expect(await screen.findByTestId('trial-dialog', {}, { timeout: 4000 })).toHaveTextContent(
      'A true account is needed',
    );
    expect(screen.queryByTestId('seamless-frame')).not.toBeInTheDocument();
  });

  it('should ask a guest to log in rather than launch, and never follow a foreign back address', async () => {
    const api = mockApi({});
    const { router, user } = await renderApp({
      pathname: '/seamless',
      search: '?game=42',
      state: { nodeId: '42', name: 'Lucky Lanterns', from: '//evil.example/' },
    });
    const prompt = await screen.findByTestId('seamless-login', {}, { timeout: 4000 });
    expect(prompt).toHaveTextContent('Log in to play');
    await user.click(within(prompt).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('login-dialog')).toBeVisible();
    expect(callsTo(api, 'POST', API.game.launch)).toHaveLength(0);
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('seamless-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('should say that no game is open without one, and lead back home', async () => {
    mockApi({});
    const { router, user } = await renderApp('/seamless');
    expect(await screen.findByTestId('seamless-empty', {}, { timeout: 4000 })).toHaveTextContent('No game is open');
    await user.click(screen.getByTestId('seamless-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
