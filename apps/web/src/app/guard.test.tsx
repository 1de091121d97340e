import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, setViewport, signIn } from '@/testing/render-app';
import { checkGuard } from './guard';

const GUEST = { isLogin: false, isAgent: false, isTrial: false };
const MEMBER = { isLogin: true, isAgent: false, isTrial: false };
const AGENT = { isLogin: true, isAgent: true, isTrial: false };
const TRIAL = { isLogin: true, isAgent: false, isTrial: true };

describe('navigation guard rules (spec §2, §5)', () => {
  it('should send a guest on a login-required page to /login, remembering the page', () => {
    expect(checkGuard('login', GUEST, '/favorite')).toEqual({ to: '/login?redirect=%2Ffavorite', replace: false });
    expect(checkGuard('login', MEMBER, '/favorite')).toBeNull();
  });

  it('should keep guests and trial members out of the member centre', () => {
    expect(checkGuard('member', GUEST, '/member')?.to).toBe('/login?redirect=%2Fmember');
    expect(checkGuard('member', TRIAL, '/member')).toEqual({ to: '/', replace: true, trialNotice: true });
    expect(checkGuard('member', MEMBER, '/member')).toBeNull();
  });

  it('should replace /agentHome by /agent for guests and non-agents', () => {
    expect(checkGuard('agent', GUEST, '/agentHome')).toEqual({ to: '/agent', replace: true });
    expect(checkGuard('agent', MEMBER, '/agentHome')).toEqual({ to: '/agent', replace: true });
    expect(checkGuard('agent', AGENT, '/agentHome')).toBeNull();
    expect(checkGuard('agent', TRIAL, '/agentHome')).toEqual({ to: '/agent', replace: true, trialNotice: true });
  });
});

describe('navigation guard in the app', () => {
  beforeEach(() => setViewport(true));

  it.each([
    '/member',
    '/favorite',
    '/recent',
    '/pointMall',
    '/lottery',
    '/seaLottery',
    '/vnLottery',
    '/lottert',
    '/vnlottery',
    '/sealottery',
  ])('should show a guest who opens %s the home page with the login dialog', async (path) => {
    const { router } = await renderApp(path);
    expect(await screen.findByTestId('login-dialog')).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    // Home is behind the modal (hidden from assistive technology while the dialog is open).
    expect(screen.getByRole('heading', { level: 1, name: 'Game lobby', hidden: true })).toBeInTheDocument();
  });

  it('should land a guest who opens /agentHome on the agent landing', async () => {
    const { router } = await renderApp('/agentHome');
    expect(await screen.findByTestId('agent-landing')).toBeVisible();
    expect(router.state.location.pathname).toBe('/agent');
    expect(screen.queryByTestId('login-dialog')).not.toBeInTheDocument();
  });

  it('should replace /agentHome by /agent for a logged-in member who is not an agent', async () => {
    signIn(0);
    const { router } = await renderApp('/agentHome');
    expect(await screen.findByTestId('agent-landing')).toBeVisible();
    expect(router.state.location.pathname).toBe('/agent');
  });

  it('should open the agent centre for an agent', async () => {
    signIn(41);
    await renderApp('/agentHome');
    expect(await screen.findByTestId('agent-centre')).toBeVisible();
  });

  it('should let a logged-in member into a login-required page', async () => {
    signIn(0);
    const { router } = await renderApp('/pointMall');
    expect(await screen.findByRole('heading', { level: 1, name: 'Points mall' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/pointMall');
  });

  it('should send a trial member away from the member centre', async () => {
    signIn(4);
    const { router } = await renderApp('/member');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByTestId('member-centre')).not.toBeInTheDocument();
  });

  it('should scroll to the top and hide the loader after a navigation', async () => {
    const { router } = await renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Game lobby' });
    window.scrollTo(0, 500);
    vi.mocked(window.scrollTo).mockClear();
    await router.navigate('/promotions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(screen.queryByTestId('page-loader')).not.toBeInTheDocument();
  });
});
