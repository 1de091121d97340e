import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, STORAGE_KEYS } from '@platform/contracts';
import { ApiFailure, callsTo, mockApi } from '@/testing/api-mock';
import { makeConfig, makeLoginResponse, makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';
import { openSealed } from '@/testing/seal-keys';
import { clockTextOf, gmtOffsetOf } from '../utils/clock';
import { frameRoutes, overview } from './agent.test-support';

const AGENT = makeMemberInfo({ type: 1, isAgent: true, account: 'demo_agent', nickname: 'Demo Agent' });

describe('agent landing (/agent)', () => {
  beforeEach(() => setViewport(true));

  it('should show the Chinese pitch with its translation, the login form and the consulting hours', async () => {
    mockApi({});
    await renderApp('/agent');
    const landing = within(await screen.findByTestId('agent-landing'));
    expect(landing.getByRole('heading', { name: '成为我们的推广代理' }).closest('[lang]')).toHaveAttribute(
      'lang',
      'zh-Hans',
    );
    expect(landing.getByText(/15天/)).toBeVisible();
    expect(landing.getByText(/A promoter in 15 days/)).toBeVisible();
    expect(landing.getByText('Professional consulting hours: Monday to Friday, 12:00 to 21:00')).toBeVisible();
    expect(landing.getByTestId('agent-login-username')).toBeVisible();
  });

  it('should refuse a member with the translated AGENT_ONLY message', async () => {
    mockApi({
      'POST /wps/session/login': () => {
        throw new ApiFailure(403, 'AGENT_ONLY', 'Non-agents cannot log in');
      },
      'PUT /wps/system/language': () => null,
    });
    window.localStorage.setItem(STORAGE_KEYS.language, 'TY');
    const { user } = await renderApp('/agent');
    const landing = within(await screen.findByTestId('agent-landing'));
    await user.type(landing.getByTestId('agent-login-username'), 'demo_member');
    await user.type(landing.getByTestId('agent-login-password'), 'Demo#2026');
    await user.click(landing.getByTestId('agent-login-submit'));
    expect(await landing.findByTestId('agent-login-error')).toHaveTextContent('Hindi makapag-log in ang hindi ahente');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('should log an agent in on the agent side and open the agent centre', async () => {
    const api = mockApi({
      'POST /wps/session/login': () => makeLoginResponse({}, AGENT),
      'GET /wps/member/info': () => AGENT,
    });
    const { user, router } = await renderApp('/agent');
    const landing = within(await screen.findByTestId('agent-landing'));
    await user.type(landing.getByTestId('agent-login-username'), 'demo_agent');
    await user.type(landing.getByTestId('agent-login-password'), 'Agent#2026');
    await user.click(landing.getByTestId('agent-login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agentHome'));
    const [, init] = callsTo(api, 'POST', '/wps/session/login')[0] as [unknown, RequestInit];
    expect(await openSealed(JSON.parse(String(init.body)))).toMatchObject({ side: 'agent', username: 'demo_agent' });
    expect(await screen.findByTestId('agent-nickname')).toHaveTextContent('Demo Agent');
  });

  it('should open the change-password dialog over the landing when the agent must change it', async () => {
    mockApi({ 'POST /wps/session/login': () => makeLoginResponse({ mustChangePassword: true }, AGENT) });
    const { user } = await renderApp('/agent', makeConfig());
    const landing = within(await screen.findByTestId('agent-landing'));
    await user.type(landing.getByTestId('agent-login-username'), 'demo_agent');
    await user.type(landing.getByTestId('agent-login-password'), '123456');
    await user.click(landing.getByTestId('agent-login-submit'));
    expect(await screen.findByTestId('change-password-dialog')).toBeVisible();
  });
});

describe('agent centre (/agentHome)', () => {
  beforeEach(() => setViewport(true));
  afterEach(() => vi.useRealTimers());

  it('should show the GMT offset and a clock that ticks every second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 10, 21, 14, 5, 9));
    signIn(1, { nickname: 'Demo Agent' });
    mockApi({ 'GET /wps/member/info': () => AGENT });
    await renderApp('/agentHome');
    const clock = await screen.findByTestId('agent-clock');
    expect(screen.getByTestId('agent-gmt')).toHaveTextContent(gmtOffsetOf(new Date()));
    expect(screen.getByTestId('agent-gmt').textContent).toMatch(/^GMT[+-]\d{2}:\d{2}$/);
    const first = clock.textContent;
    expect(first).toMatch(/^2026-11-21 14:05:(09|1\d)$/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(clock.textContent).not.toBe(first);
    expect(clock.textContent).toBe(clockTextOf(new Date()));
    expect(screen.getByTestId('agent-nickname')).toHaveTextContent('Demo Agent');
  });

  it("should list the spec pages that exist, then the agent's own account and customer service", async () => {
    signIn(1);
    mockApi({ ...frameRoutes, [`GET ${API.agent.overview}`]: () => overview() });
    await renderApp('/agentHome');
    const centre = within(await screen.findByTestId('agent-centre'));
    const nav = centre.getByRole('navigation', { name: 'Agent centre pages' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Announcements',
      'Team overview',
      'Account creation',
      'Team management',
      'Team betting',
      'User profit and loss',
      'Transaction details',
      'Deposit',
      'Withdraw',
      'Messages',
      'Payment password',
    ]);
    expect(within(nav).getByRole('link', { name: 'Team overview' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByTestId('agent-nav-service')).toHaveTextContent('Customer service');
    expect(await centre.findByTestId('agent-balance')).toHaveTextContent('$1,250,000.50');
  });

  it('should sign out after confirmation', async () => {
    signIn(1);
    const api = mockApi({ 'GET /wps/member/info': () => AGENT, 'DELETE /wps/session/logout': () => null });
    const { user, router } = await renderApp('/agentHome');
    await user.click(await screen.findByTestId('agent-logout'));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(api, 'DELETE', '/wps/session/logout')).toHaveLength(1);
  });
});

describe('clock formatting', () => {
  it('should format the offset with sign, hours and minutes', () => {
    const at = (offsetMinutes: number) => ({ getTimezoneOffset: () => offsetMinutes }) as Date;
    expect(gmtOffsetOf(at(-480))).toBe('GMT+08:00');
    expect(gmtOffsetOf(at(0))).toBe('GMT+00:00');
    expect(gmtOffsetOf(at(330))).toBe('GMT-05:30');
  });
});
