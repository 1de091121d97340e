import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@platform/contracts';
import { ApiFailure, callsTo, mockApi } from '@/testing/api-mock';
import { makeConfig, makeLoginResponse, makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport } from '@/testing/render-app';
import { openSealed } from '@/testing/seal-keys';
import { REMEMBER_KEY } from '../utils/remember-me';

const CAPTCHA = { kind: 'image', captchaId: 'cap-1', image: 'data:image/png;base64,AAAA', expiresInSeconds: 120 };
const QUESTION = {
  kind: 'text',
  captchaId: 'cap-2',
  question: 'Enter the digits for four, two.',
  expiresInSeconds: 120,
};
const modules = (...ids: string[]) => ids.map((modId) => ({ modId, enabled: 1 as const, childrenNodes: [] }));

// The dialog is a lazy chunk: its first import in a cold test run can take longer than findBy's default second.
const loginDialog = async () => within(await screen.findByTestId('login-dialog', {}, { timeout: 5000 }));

type User = Awaited<ReturnType<typeof renderApp>>['user'];

const failLogin = (): never => {
  throw new ApiFailure(401, 'INVALID_CREDENTIALS', 'server text', { captcha: true });
};

const fillLogin = async (user: User, name: string, password: string) => {
  const dialog = await loginDialog();
  await user.type(dialog.getByTestId('login-username'), name);
  await user.type(dialog.getByTestId('login-password'), password);
  return dialog;
};

describe('login dialog', () => {
  beforeEach(() => setViewport(true));

  it('should log in with trimmed values, keep the token in session storage, load member info and close', async () => {
    const api = mockApi({
      'POST /wps/session/login': () => makeLoginResponse(),
      'GET /wps/member/info': () => makeMemberInfo(),
    });
    const { user } = await renderApp('/login');
    const dialog = await fillLogin(user, '  demo_member  ', 'Demo#2026 ');
    await user.click(dialog.getByTestId('login-submit'));
    await waitFor(() => expect(screen.queryByTestId('login-dialog')).not.toBeInTheDocument());
    const [[, init]] = callsTo(api, 'POST', '/wps/session/login') as [[unknown, RequestInit]];
    const sent = await openSealed(JSON.parse(String(init.body)));
    expect(sent).toEqual({ type: 'username', username: 'demo_member', password: 'Demo#2026', side: 'member' });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('fresh-session-token');
    expect(callsTo(api, 'GET', '/wps/member/info').length).toBeGreaterThan(0);
    const memberInfoCall = callsTo(api, 'GET', '/wps/member/info')[0]?.[1] as RequestInit;
    expect(memberInfoCall.headers).toMatchObject({ Authorization: 'Bearer fresh-session-token' });
    expect(await screen.findByTestId('user-nickname')).toHaveTextContent('Demo Member');
  });

  it('should return a member to the page the guard bounced them from', async () => {
    mockApi({
      'POST /wps/session/login': () => makeLoginResponse(),
      'GET /wps/member/info': () => makeMemberInfo(),
      'GET /wps/member/profile': () => {
        throw new ApiFailure(500, 'INTERNAL');
      },
    });
    const { user, router } = await renderApp('/pointMall');
    const dialog = await fillLogin(user, 'demo_member', 'Demo#2026');
    await user.click(dialog.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pointMall'));
  });

  it('should send an agent who logs in through the popup to /agentHome, not back to the page', async () => {
    const agent = makeMemberInfo({ type: 1, isAgent: true, account: 'demo_agent', nickname: 'Demo Agent' });
    const api = mockApi({
      'POST /wps/session/login': () => makeLoginResponse({}, agent),
      'GET /wps/member/info': () => agent,
    });
    const { user, router } = await renderApp('/pointMall');
    const dialog = await fillLogin(user, 'demo_agent', 'Agent#2026');
    await user.click(dialog.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agentHome'));
    const [[, init]] = callsTo(api, 'POST', '/wps/session/login') as [[unknown, RequestInit]];
    expect(await openSealed(JSON.parse(String(init.body)))).toMatchObject({ side: 'member', username: 'demo_agent' });
    expect(await screen.findByTestId('agent-nickname')).toHaveTextContent('Demo Agent');
  });

  it('should stop the loader, show the translated server message and then the captcha, which becomes required', async () => {
    let attempts = 0;
    const api = mockApi({
      'POST /wps/session/login': () => {
        attempts += 1;
        throw new ApiFailure(401, 'INVALID_CREDENTIALS', 'server text', { captcha: true });
      },
      'GET /wps/captcha': () => CAPTCHA,
    });
    const { user } = await renderApp('/login');
    const dialog = await fillLogin(user, 'demo_member', 'wrong');
    expect(dialog.queryByTestId('login-captcha-image')).not.toBeInTheDocument();
    await user.click(dialog.getByTestId('login-submit'));
    expect(await dialog.findByTestId('login-error')).toHaveTextContent('Wrong username or password');
    expect(dialog.getByTestId('login-submit')).toBeEnabled();
    expect(await dialog.findByTestId('login-captcha-image')).toHaveAttribute('src', CAPTCHA.image);
    // Required once shown.
    await user.click(dialog.getByTestId('login-submit'));
    expect(await dialog.findByText('Input cannot be empty')).toBeVisible();
    expect(attempts).toBe(1);
    await user.type(dialog.getByTestId('login-captcha-input'), ' ab12 ');
    await user.click(dialog.getByTestId('login-submit'));
    await waitFor(() => expect(attempts).toBe(2));
    const [, init] = callsTo(api, 'POST', '/wps/session/login')[1] as [unknown, RequestInit];
    expect(await openSealed(JSON.parse(String(init.body)))).toMatchObject({ captchaId: 'cap-1', captcha: 'ab12' });
  });

  it('should say how long to wait when this address made too many failed attempts', async () => {
    mockApi({
      'POST /wps/session/login': () => {
        throw new ApiFailure(429, 'TOO_MANY_ATTEMPTS', 'server text', { captcha: true, retryAfterSeconds: 170 });
      },
      'GET /wps/captcha': () => CAPTCHA,
    });
    const { user } = await renderApp('/login');
    const dialog = await fillLogin(user, 'demo_member', 'wrong');
    await user.click(dialog.getByTestId('login-submit'));
    expect(await dialog.findByTestId('login-error')).toHaveTextContent(
      'Too many failed attempts from here. Please try again in 3 min.',
    );
    expect(dialog.getByTestId('login-submit')).toBeEnabled();
  });

  it('should fall back to the server message for a code it cannot translate', async () => {
    mockApi({
      'POST /wps/session/login': () => {
        throw new ApiFailure(400, 'SOMETHING_NEW', 'Try again in a minute');
      },
    });
    const { user } = await renderApp('/login');
    const dialog = await fillLogin(user, 'demo_member', 'x');
    await user.click(dialog.getByTestId('login-submit'));
    expect(await dialog.findByTestId('login-error')).toHaveTextContent('Try again in a minute');
  });

  describe('captcha refresh', () => {
    afterEach(() => vi.useRealTimers());

    it('should fetch a new captcha at most once a second', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const api = mockApi({
        'POST /wps/session/login': () => {
          throw new ApiFailure(400, 'CAPTCHA_REQUIRED', 'x', { captcha: true });
        },
        'GET /wps/captcha': () => CAPTCHA,
      });
      const { user } = await renderApp('/login', makeConfig(), {
        advanceTimers: vi.advanceTimersByTime,
        pointerEventsCheck: 0,
      });
      const dialog = await fillLogin(user, 'demo_member', 'wrong');
      await user.click(dialog.getByTestId('login-submit'));
      await dialog.findByTestId('login-captcha-image');
      vi.advanceTimersByTime(1000);
      const before = callsTo(api, 'GET', '/wps/captcha').length;
      await user.click(dialog.getByTestId('login-captcha-refresh'));
      await user.click(dialog.getByTestId('login-captcha-refresh'));
      await user.click(dialog.getByTestId('login-captcha-refresh'));
      expect(callsTo(api, 'GET', '/wps/captcha').length).toBe(before + 1);
      vi.advanceTimersByTime(1000);
      await user.click(dialog.getByTestId('login-captcha-refresh'));
      expect(callsTo(api, 'GET', '/wps/captcha').length).toBe(before + 2);
    });
  });

  it('should show a refresh button that says what it does, and offer the question only where CAPTCHATEXT3 is on', async () => {
    const failing = { 'POST /wps/session/login': () => failLogin(), 'GET /wps/captcha': () => CAPTCHA };
    mockApi(failing);
    const off = await renderApp('/login');
    let dialog = await fillLogin(off.user, 'demo_member', 'wrong');
    await off.user.click(dialog.getByTestId('login-submit'));
    expect(await dialog.findByRole('img', { name: 'Verification code image' })).toBeVisible();
    expect(dialog.getByRole('button', { name: 'New code' })).toBeVisible();
    expect(dialog.queryByRole('button', { name: /answer a question instead/ })).not.toBeInTheDocument();
    off.unmount();

    const api = mockApi({
      ...failing,
      'GET /wps/captcha': (_init, url) => (url.searchParams.get('kind') === 'text' ? QUESTION : CAPTCHA),
    });
    const on = await renderApp('/login', makeConfig({ whitelabel: modules('CAPTCHATEXT3') }));
    dialog = await fillLogin(on.user, 'demo_member', 'wrong');
    await on.user.click(dialog.getByTestId('login-submit'));
    await dialog.findByRole('img', { name: 'Verification code image' });
    await on.user.click(dialog.getByRole('button', { name: "Can't see the picture? Answer a question instead" }));
    const question = await dialog.findByText(QUESTION.question);
    expect(dialog.queryByRole('img', { name: 'Verification code image' })).not.toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /Answer, in digits/ })).toHaveAccessibleDescription(QUESTION.question);
    expect(question).toHaveAttribute('aria-live', 'polite');
    expect(dialog.getByRole('button', { name: 'New question' })).toBeVisible();
    const [url] = callsTo(api, 'GET', '/wps/captcha').at(-1) as [string];
    expect(new URL(url, 'http://localhost').searchParams.get('lang')).toBe('EN');
    await on.user.type(dialog.getByTestId('login-captcha-input'), '42');
    await on.user.click(dialog.getByTestId('login-submit'));
    await waitFor(() => expect(callsTo(api, 'POST', '/wps/session/login')).toHaveLength(2));
    const [, init] = callsTo(api, 'POST', '/wps/session/login')[1] as [unknown, RequestInit];
    expect(await openSealed(JSON.parse(String(init.body)))).toMatchObject({ captchaId: 'cap-2', captcha: '42' });
  });

  it('should show the SMS tab only while the SMS login module is on', async () => {
    mockApi({});
    const off = await renderApp('/login');
    expect(within(await screen.findByTestId('login-dialog')).getByTestId('login-tab-username')).toBeVisible();
    expect(screen.queryByTestId('login-tab-sms')).not.toBeInTheDocument();
    off.unmount();

    mockApi({ 'GET /wps/system/country/codes': () => [] });
    const { user } = await renderApp('/login', makeConfig({ whitelabel: modules('SMSLOGIN3') }));
    const dialog = await loginDialog();
    await user.click(dialog.getByTestId('login-tab-sms'));
    expect(dialog.getByTestId('login-sms-mobile')).toBeVisible();
    expect(dialog.getByTestId('login-sms-send')).toBeVisible();
    expect(dialog.queryByTestId('login-password')).not.toBeInTheDocument();
  });

  it('should offer free play only while FREEPLAY3 is on, and take a trial member home', async () => {
    mockApi({});
    const off = await renderApp('/login');
    await loginDialog();
    expect(screen.queryByTestId('login-freeplay')).not.toBeInTheDocument();
    off.unmount();

    const trial = makeMemberInfo({ type: 4, isTrial: true, account: 'trial_ab12', nickname: 'Guest AB12' });
    const api = mockApi({
      'POST /wps/session/login/freeplay': () => makeLoginResponse({}, trial),
      'GET /wps/member/info': () => trial,
    });
    const { user, router } = await renderApp('/login', makeConfig({ whitelabel: modules('FREEPLAY3') }));
    await user.click((await loginDialog()).getByTestId('login-freeplay'));
    await waitFor(() => expect(screen.queryByTestId('login-dialog')).not.toBeInTheDocument());
    const [, init] = callsTo(api, 'POST', '/wps/session/login/freeplay')[0] as [unknown, RequestInit];
    expect(await openSealed(JSON.parse(String(init.body)))).toMatchObject({ platform: 'W', gatewayVersion: 3 });
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByTestId('user-nickname')).toHaveTextContent('Guest AB12');
  });

  it('should swap to registration and to forgot password', async () => {
    mockApi({});
    const { user } = await renderApp('/login');
    await user.click((await loginDialog()).getByTestId('login-forgot-link'));
    expect(await screen.findByTestId('forgot-dialog')).toBeVisible();
    await user.click(within(screen.getByTestId('forgot-dialog')).getByRole('button', { name: 'Back to log in' }));
    await user.click((await loginDialog()).getByTestId('login-register-link'));
    expect(await screen.findByTestId('register-dialog')).toBeVisible();
  });

  it('should toggle password visibility', async () => {
    mockApi({});
    const { user } = await renderApp('/login');
    const dialog = await loginDialog();
    const password = dialog.getByTestId('login-password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(dialog.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(dialog.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('should welcome a first login', async () => {
    mockApi({
      'POST /wps/session/login': () => makeLoginResponse({ firstTimeLogin: true }),
      'GET /wps/member/info': () => makeMemberInfo(),
    });
    const { user } = await renderApp('/login');
    await user.click((await fillLogin(user, 'demo_member', 'Demo#2026')).getByTestId('login-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Welcome, Demo Member!');
  });
});

describe('remember me', () => {
  beforeEach(() => setViewport(true));
  afterEach(() => vi.useRealTimers());

  const login = () =>
    mockApi({
      'POST /wps/session/login': () => makeLoginResponse(),
      'GET /wps/member/info': () => makeMemberInfo(),
    });

  it('should keep only the username, for one day', async () => {
    login();
    const { user, unmount } = await renderApp('/login');
    const dialog = await fillLogin(user, 'demo_member', 'Demo#2026');
    await user.click(dialog.getByTestId('login-remember'));
    await user.click(dialog.getByTestId('login-submit'));
    await waitFor(() => expect(screen.queryByTestId('login-dialog')).not.toBeInTheDocument());
    const stored = JSON.parse(window.localStorage.getItem(REMEMBER_KEY) ?? 'null') as {
      username: string;
      expiresAt: number;
    };
    expect(stored.username).toBe('demo_member');
    expect(stored.expiresAt - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(stored.expiresAt - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const everything = JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage });
    expect(everything).not.toContain('Demo#2026');
    unmount();

    // Next visit (a new tab: no session), the username is filled in and the box ticked.
    window.sessionStorage.clear();
    mockApi({});
    await renderApp('/login');
    const again = await loginDialog();
    expect(again.getByTestId('login-username')).toHaveValue('demo_member');
    expect(again.getByTestId('login-password')).toHaveValue('');
    expect(again.getByTestId('login-remember')).toBeChecked();
  });

  it('should forget the username after a day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = new Date('2026-11-21T08:00:00Z').getTime();
    vi.setSystemTime(now);
    window.localStorage.setItem(REMEMBER_KEY, JSON.stringify({ username: 'demo_member', expiresAt: now + 86_400_000 }));
    mockApi({});
    const first = await renderApp('/login');
    expect((await loginDialog()).getByTestId('login-username')).toHaveValue('demo_member');
    first.unmount();

    vi.setSystemTime(now + 86_400_000 + 1);
    await renderApp('/login');
    expect((await loginDialog()).getByTestId('login-username')).toHaveValue('');
    expect(window.localStorage.getItem(REMEMBER_KEY)).toBeNull();
  });
});

describe('forced password change', () => {
  beforeEach(() => setViewport(true));

  it('should open the change dialog without the old password, then store the fresh token and go home', async () => {
    const api = mockApi({
      'POST /wps/session/login': () => makeLoginResponse({ mustChangePassword: true, token: 'weak-session' }),
      'POST /wps/member/password': () => makeLoginResponse({ token: 'renewed-session' }),
      'GET /wps/member/info': () => makeMemberInfo(),
    });
    const { user, router } = await renderApp('/login');
    await user.click((await fillLogin(user, 'weak_member', '123456')).getByTestId('login-submit'));
    const change = within(await screen.findByTestId('change-password-dialog'));
    expect(change.queryByTestId('change-old-password')).not.toBeInTheDocument();
    await user.type(change.getByTestId('change-new-password'), 'abc');
    await user.type(change.getByTestId('change-confirm-password'), 'abc');
    await user.click(change.getByTestId('change-submit'));
    expect(await change.findByText('Please fill in your password with 8 - 20 characters')).toBeVisible();
    await user.clear(change.getByTestId('change-new-password'));
    await user.type(change.getByTestId('change-new-password'), 'Str0ng#Pass');
    await user.clear(change.getByTestId('change-confirm-password'));
    await user.type(change.getByTestId('change-confirm-password'), 'Str0ng#Pas');
    await user.click(change.getByTestId('change-submit'));
    expect(await change.findByText('Incorrect confirmation input')).toBeVisible();
    await user.type(change.getByTestId('change-confirm-password'), 's');
    await user.click(change.getByTestId('change-submit'));
    await waitFor(() => expect(screen.queryByTestId('change-password-dialog')).not.toBeInTheDocument());
    const [, init] = callsTo(api, 'POST', '/wps/member/password')[0] as [unknown, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer weak-session' });
    expect(await openSealed(JSON.parse(String(init.body)))).toEqual({
      newPassword: 'Str0ng#Pass',
      confirmNewPassword: 'Str0ng#Pass',
    });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('renewed-session');
    expect(window.sessionStorage.getItem('cpw')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('should end the session when the forced change is closed', async () => {
    const api = mockApi({
      'POST /wps/session/login': () => makeLoginResponse({ mustChangePassword: true }),
      'DELETE /wps/session/logout': () => null,
    });
    const { user } = await renderApp('/login');
    await user.click((await fillLogin(user, 'weak_member', '123456')).getByTestId('login-submit'));
    const change = within(await screen.findByTestId('change-password-dialog'));
    await user.click(change.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(callsTo(api, 'DELETE', '/wps/session/logout')).toHaveLength(1);
  });
});
