import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getToken } from '@/lib/session';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, staffProfile } from '@/testing/render';

const owner = staffProfile({ role: 'owner', displayName: 'Olivia Owner' });

const signInRoutes = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'POST /wps/ops/auth/login': () => ({ stage: 'MFA', challenge: 'ch-1' }),
    'POST /wps/ops/auth/mfa': (init) => {
      const body = bodyOf(init) as { code?: string; recoveryCode?: string };
      if (body.code === '123456' || body.recoveryCode === 'ab3defg7hk') return { token: 'tok-1', staff: owner };
      throw new ApiFailure(401, 'INVALID_CREDENTIALS', 'wrong code');
    },
    ...extra,
  });

const typePassword = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByTestId('sign-in-username'), 'ops_owner');
  await user.type(screen.getByTestId('sign-in-password'), 'Ops#2026');
  await user.click(screen.getByTestId('sign-in-submit'));
};

describe('sign-in', () => {
  // The pages signed-in staff land on are lazy chunks: compile them first, so waits measure the app, not the build.
  beforeAll(async () => {
    await Promise.all([
      import('@/features/dashboard/components/dashboard-page'),
      import('@/features/staff/components/staff-page'),
    ]);
  });

  it('should send a signed-out visitor to the sign-in page', async () => {
    mockApi({});
    renderApp('/staff', { staff: null });
    expect(await screen.findByTestId('sign-in-form')).toBeInTheDocument();
  });

  it('should sign in with password and code and land on the page asked for', async () => {
    const user = userEvent.setup();
    const api = signInRoutes();
    const { router } = renderApp('/staff', { staff: null });
    await typePassword(user);
    await user.type(await screen.findByTestId('mfa-code'), '123456');
    await user.click(screen.getByTestId('mfa-submit'));
    expect(await screen.findByTestId('staff-page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff');
    expect(screen.getByTestId('header-staff')).toHaveTextContent('Olivia Owner');
    expect(getToken()).toBe('tok-1');
    expect(window.sessionStorage.getItem('ops.token')).toBe('tok-1');
    expect(bodyOf(callsTo(api, 'POST', '/wps/ops/auth/login')[0]?.[1])).toEqual({
      username: 'ops_owner',
      password: 'Ops#2026',
    });
    expect(bodyOf(callsTo(api, 'POST', '/wps/ops/auth/mfa')[0]?.[1])).toEqual({ challenge: 'ch-1', code: '123456' });
  });

  it('should show why a wrong code was refused and stay on the code step', async () => {
    const user = userEvent.setup();
    signInRoutes();
    renderApp('/', { staff: null });
    await typePassword(user);
    await user.type(await screen.findByTestId('mfa-code'), '000000');
    await user.click(screen.getByTestId('mfa-submit'));
    expect(await screen.findByTestId('mfa-error')).toHaveTextContent('The username, password or code is not correct.');
    expect(getToken()).toBeNull();
  });

  it('should say how long this address must wait after too many failed sign-ins', async () => {
    const user = userEvent.setup();
    signInRoutes({
      'POST /wps/ops/auth/login': () => {
        throw new ApiFailure(429, 'TOO_MANY_ATTEMPTS', 'server text', { retryAfterSeconds: 100 });
      },
    });
    renderApp('/', { staff: null });
    await typePassword(user);
    expect(await screen.findByTestId('sign-in-error')).toHaveTextContent(
      'Too many failed sign-in attempts from this address. Try again in 2 min.',
    );
    expect(getToken()).toBeNull();
  });

  it('should refuse a code that is not 6 digits without calling the server', async () => {
    const user = userEvent.setup();
    const api = signInRoutes();
    renderApp('/', { staff: null });
    await typePassword(user);
    await user.type(await screen.findByTestId('mfa-code'), '12a');
    await user.click(screen.getByTestId('mfa-submit'));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/wps/ops/auth/mfa')).toHaveLength(0);
  });

  it('should show field errors for an empty username and password without calling the server', async () => {
    const user = userEvent.setup();
    const api = signInRoutes();
    renderApp('/', { staff: null });
    await user.click(await screen.findByTestId('sign-in-submit'));
    expect(await screen.findByText('Enter your username')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByTestId('sign-in-username')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(api, 'POST', '/wps/ops/auth/login')).toHaveLength(0);
  });

  it('should sign in with a recovery code instead of a 6-digit code', async () => {
    const user = userEvent.setup();
    const api = signInRoutes();
    renderApp('/', { staff: null });
    await typePassword(user);
    await user.click(await screen.findByTestId('mfa-toggle-recovery'));
    await user.type(screen.getByTestId('mfa-recovery-code'), 'AB3DE-FG7HK');
    await user.click(screen.getByTestId('mfa-submit'));
    expect(await screen.findByTestId('dashboard-page')).toBeInTheDocument();
    expect(bodyOf(callsTo(api, 'POST', '/wps/ops/auth/mfa')[0]?.[1])).toEqual({
      challenge: 'ch-1',
      recoveryCode: 'ab3defg7hk',
    });
  });

  it('should enrol on first sign-in and start the session only once the recovery codes are saved', async () => {
    const user = userEvent.setup();
    const codes = Array.from({ length: 10 }, (_, i) => `CODE-${i}`);
    const api = signInRoutes({
      'POST /wps/ops/auth/login': () => ({
        stage: 'ENROL',
        challenge: 'ch-enrol',
        otpauthUrl: 'otpauth://totp/Demo:ops_new?secret=JBSWY3DPEHPK3PXP&issuer=Demo',
        secret: 'JBSWY3DPEHPK3PXP',
      }),
      'POST /wps/ops/auth/enrol': () => ({ token: 'tok-new', staff: owner, recoveryCodes: codes }),
    });
    renderApp('/', { staff: null });
    await typePassword(user);
    expect(await screen.findByTestId('enrol-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByTestId('enrol-qr').querySelector('svg')).not.toBeNull();
    await user.type(screen.getByTestId('enrol-code'), '654321');
    await user.click(screen.getByTestId('enrol-submit'));
    const list = await screen.findByTestId('recovery-codes-list');
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(getToken()).toBeNull();
    expect(screen.getByTestId('recovery-codes-continue')).toBeDisabled();
    await user.click(screen.getByTestId('recovery-codes-saved'));
    await user.click(screen.getByTestId('recovery-codes-continue'));
    expect(await screen.findByTestId('dashboard-page')).toBeInTheDocument();
    expect(getToken()).toBe('tok-new');
    expect(bodyOf(callsTo(api, 'POST', '/wps/ops/auth/enrol')[0]?.[1])).toEqual({
      challenge: 'ch-enrol',
      code: '654321',
    });
  });

  it('should return to sign-in with a message when a call answers SESSION_EXPIRED', async () => {
    mockApi({
      'GET /wps/ops/auth/me': () => {
        throw new ApiFailure(401, 'SESSION_EXPIRED', 'expired');
      },
    });
    window.sessionStorage.setItem('ops.token', 'old-token');
    const { resetSessionForTests } = await import('@/lib/session');
    resetSessionForTests();
    renderApp('/staff', { staff: null });
    expect(await screen.findByTestId('sign-in-notice')).toHaveTextContent('Your session has expired');
    expect(window.sessionStorage.getItem('ops.token')).toBeNull();
  });

  it('should sign out after the idle time-out without activity', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ 'POST /wps/ops/auth/logout': () => ({}) });
    renderApp('/', { staff: staffProfile({ role: 'support', idleTimeoutMs: 60_000 }) });
    expect(await screen.findByTestId('dashboard-page')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(61_000);
    expect(await screen.findByTestId('sign-in-notice')).toHaveTextContent('period without activity');
    expect(getToken()).toBeNull();
    await waitFor(() => expect(callsTo(api, 'POST', '/wps/ops/auth/logout')).toHaveLength(1));
  });
});
