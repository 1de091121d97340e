import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@platform/contracts';
import { ApiFailure, callsTo, mockApi } from '@/testing/api-mock';
import { makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';

describe('logout', () => {
  beforeEach(() => setViewport(true));

  it('should ask first, then log out, clear the session but keep language and theme, and go home', async () => {
    signIn(0);
    window.localStorage.setItem(STORAGE_KEYS.language, 'TY');
    window.localStorage.setItem(STORAGE_KEYS.theme, 'light');
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      'DELETE /wps/session/logout': () => null,
      'PUT /wps/system/language': () => null,
    });
    const { user, router } = await renderApp('/promotions');
    await user.click(await screen.findByTestId('user-menu-trigger'));
    await user.click(await screen.findByTestId('user-menu-logout'));
    const confirm = within(await screen.findByTestId('confirm-dialog'));
    expect(confirm.getByRole('heading', { name: 'Mag-sign out' })).toBeVisible();

    await user.click(confirm.getByTestId('confirm-cancel'));
    expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('test-session-token');
    expect(callsTo(api, 'DELETE', '/wps/session/logout')).toHaveLength(0);

    await user.click(screen.getByTestId('user-menu-trigger'));
    await user.click(await screen.findByTestId('user-menu-logout'));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [, init] = callsTo(api, 'DELETE', '/wps/session/logout')[0] as [unknown, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer test-session-token' });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.sessionStorage.getItem('userInfo')).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('TY');
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(document.documentElement.lang).toBe('fil-PH');
    const header = within(screen.getByTestId('app-header'));
    expect(await header.findByRole('button', { name: 'Mag-log in' })).toBeVisible();
  });

  it('should also sign out from the side menu', async () => {
    signIn(0);
    mockApi({ 'GET /wps/member/info': () => makeMemberInfo(), 'DELETE /wps/session/logout': () => null });
    const { user } = await renderApp('/');
    await user.click(await screen.findByTestId('side-menu-logout'));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-ok'));
    await waitFor(() => expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull());
  });
});

describe('start-up with a stored session', () => {
  beforeEach(() => setViewport(true));

  it('should load member info and show the nickname', async () => {
    signIn(0, { nickname: 'Old Name' });
    mockApi({ 'GET /wps/member/info': () => makeMemberInfo({ nickname: 'New Name' }) });
    await renderApp('/');
    expect(await screen.findByText('New Name')).toBeVisible();
  });

  it('should clear a session the server no longer knows, quietly, and re-run the guards', async () => {
    signIn(0);
    mockApi({
      'GET /wps/member/info': () => {
        throw new ApiFailure(401, 'AUTH_REQUIRED', 'You are not logged in, please login');
      },
    });
    const { router } = await renderApp('/pointMall');
    await waitFor(() => expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByTestId('login-dialog')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('trial members (spec §6)', () => {
  beforeEach(() => setViewport(true));

  it('should show the true-account notice instead of the member centre', async () => {
    signIn(4, { nickname: 'Guest AB12' });
    mockApi({ 'GET /wps/member/info': () => makeMemberInfo({ type: 4, isTrial: true, nickname: 'Guest AB12' }) });
    const { user, router } = await renderApp('/member');
    const notice = within(await screen.findByTestId('trial-dialog'));
    expect(notice.getByRole('heading', { name: 'A true account is needed' })).toBeVisible();
    expect(screen.queryByTestId('member-centre')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await user.click(notice.getByTestId('trial-confirm'));
    expect(screen.queryByTestId('trial-dialog')).not.toBeInTheDocument();
  });

  it("should show the notice from the header's account entry", async () => {
    signIn(4);
    mockApi({ 'GET /wps/member/info': () => makeMemberInfo({ type: 4, isTrial: true }) });
    const { user, router } = await renderApp('/');
    await user.click(await screen.findByTestId('user-menu-trigger'));
    await user.click(await screen.findByTestId('user-menu-account'));
    expect(await screen.findByTestId('trial-dialog')).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('should offer the way out of the block: registering a real account', async () => {
    signIn(4);
    mockApi({ 'GET /wps/member/info': () => makeMemberInfo({ type: 4, isTrial: true }) });
    const { user } = await renderApp('/member');
    const notice = within(await screen.findByTestId('trial-dialog'));
    await user.click(notice.getByRole('button', { name: 'Register a real account' }));
    expect(await screen.findByTestId('register-dialog')).toBeVisible();
    expect(screen.queryByTestId('trial-dialog')).not.toBeInTheDocument();
  });

  it('should show the notice for the agent centre too', async () => {
    signIn(4);
    mockApi({ 'GET /wps/member/info': () => makeMemberInfo({ type: 4, isTrial: true }) });
    await renderApp('/agentHome');
    expect(await screen.findByTestId('trial-dialog')).toBeVisible();
    expect(screen.queryByTestId('agent-centre')).not.toBeInTheDocument();
  });
});

describe('account menu', () => {
  beforeEach(() => setViewport(true));

  it('should list account, customer service and sign-out, and the agent centre for agents only', async () => {
    signIn(1);
    mockApi({ 'GET /wps/member/info': () => makeMemberInfo({ type: 1, isAgent: true }) });
    const { user, router } = await renderApp('/');
    await user.click(await screen.findByTestId('user-menu-trigger'));
    expect(await screen.findByTestId('user-menu-service')).toBeVisible();
    expect(screen.getByTestId('user-menu-logout')).toBeVisible();
    await user.click(screen.getByTestId('user-menu-agent'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agentHome'));
  });

  it('should not offer the agent centre to a member', async () => {
    signIn(0);
    mockApi({ 'GET /wps/member/info': () => makeMemberInfo() });
    const { user, router } = await renderApp('/');
    await user.click(await screen.findByTestId('user-menu-trigger'));
    expect(screen.queryByTestId('user-menu-agent')).not.toBeInTheDocument();
    await user.click(await screen.findByTestId('user-menu-account'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
  });
});
