import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_PATTERNS, STORAGE_KEYS, type RegisterField, type RegisterSettings } from '@platform/contracts';
import { ApiFailure, callsTo, mockApi } from '@/testing/api-mock';
import { COUNTRY_CODES, makeConfig, makeLoginResponse, makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport } from '@/testing/render-app';
import { openSealed } from '@/testing/seal-keys';

const rule = (
  field: string,
  patternId: keyof typeof REGISTER_PATTERNS | null,
  min: number,
  max: number,
  options: Partial<RegisterField> = {},
): RegisterField => ({
  field,
  enabled: true,
  required: false,
  acceptedPattern: patternId ? REGISTER_PATTERNS[patternId] : null,
  patternId,
  minLength: min,
  maxLength: max,
  ...options,
});

const settings = (overrides: Partial<RegisterSettings> = {}): RegisterSettings => ({
  usernameRegistration: true,
  mobileRegistration: false,
  mobilePasswordRequired: false,
  smsVerification: false,
  fields: [
    rule('username', 'LETTER_THEN_ALNUM', 6, 16, { required: true }),
    rule('password', 'PASSWORD', 8, 20, { required: true }),
    rule('confirmPassword', null, 8, 20, { required: true }),
    rule('mobileNum', 'DIGITS_ONLY', 7, 15, { enabled: false }),
    rule('email', 'EMAIL', 5, 100),
    rule('payeeName', 'FULL_NAME', 3, 50),
    rule('qqNum', 'DIGITS_ONLY', 5, 12, { enabled: false }),
    rule('line', 'LENGTH_ONLY', 2, 5),
    rule('affiliateCode', 'ALNUM', 4, 20),
  ],
  ...overrides,
});

const configWith = (register: RegisterSettings) => makeConfig({ register });
const dialog = async () => within(await screen.findByTestId('register-dialog'));
type User = Awaited<ReturnType<typeof renderApp>>['user'];

const fillValid = async (user: User, view: Awaited<ReturnType<typeof dialog>>) => {
  await user.type(view.getByTestId('register-field-username'), ' player007 ');
  await user.type(view.getByTestId('register-field-password'), 'Str0ng#Pass');
  await user.type(view.getByTestId('register-field-confirmPassword'), 'Str0ng#Pass');
};

describe('register dialog', () => {
  beforeEach(() => setViewport(true));

  it('should show a tab per registration type that is switched on', async () => {
    mockApi({ 'GET /wps/system/country/codes': () => COUNTRY_CODES });
    const first = await renderApp('/register', configWith(settings()));
    const view = await dialog();
    expect(view.getByTestId('register-tab-username')).toBeVisible();
    expect(view.queryByTestId('register-tab-mobile')).not.toBeInTheDocument();
    first.unmount();

    const { user } = await renderApp('/register', configWith(settings({ mobileRegistration: true })));
    const both = await dialog();
    await user.click(both.getByTestId('register-tab-mobile'));
    expect(both.getByTestId('register-field-mobileNum')).toBeVisible();
    expect(both.getByTestId('register-field-verificationCode')).toBeVisible();
    expect(both.getByTestId('register-country')).toBeVisible();
    // MOBILENUMPASSREG3 off: no password on the mobile tab.
    expect(both.queryByTestId('register-field-password')).not.toBeInTheDocument();
    expect(both.queryByTestId('register-field-username')).not.toBeInTheDocument();
  });

  it('should show exactly the enabled fields, with their required marks', async () => {
    mockApi({});
    await renderApp('/register', configWith(settings()));
    const view = await dialog();
    for (const name of ['username', 'password', 'confirmPassword', 'email', 'payeeName', 'line', 'affiliateCode']) {
      expect(view.getByTestId(`register-field-${name}`)).toBeVisible();
    }
    expect(view.queryByTestId('register-field-qqNum')).not.toBeInTheDocument();
    expect(view.getByTestId('register-field-username')).toHaveAttribute('aria-required', 'true');
    expect(view.getByTestId('register-field-email')).not.toHaveAttribute('aria-required');
  });

  it('should ask for the terms before anything else', async () => {
    const api = mockApi({});
    const { user } = await renderApp('/register', configWith(settings()));
    const view = await dialog();
    await user.click(view.getByTestId('register-submit'));
    expect(view.getByTestId('register-error')).toHaveTextContent(
      'Please tick the box to accept the terms and continue',
    );
    expect(view.queryByText('Input cannot be empty')).not.toBeInTheDocument();
    expect(callsTo(api, 'PUT', '/wps/member/register')).toHaveLength(0);
  });

  it('should check each field by its rule, with the message of its patternId and bounds', async () => {
    const api = mockApi({});
    const { user } = await renderApp('/register', configWith(settings()));
    const view = await dialog();
    await user.click(view.getByTestId('register-terms'));
    await user.type(view.getByTestId('register-field-username'), '007player');
    await user.type(view.getByTestId('register-field-password'), 'short');
    await user.type(view.getByTestId('register-field-confirmPassword'), 'other');
    await user.type(view.getByTestId('register-field-email'), 'ana@example');
    await user.type(view.getByTestId('register-field-payeeName'), 'Maria');
    // `*` means `.*`: any text of the right length passes.
    await user.type(view.getByTestId('register-field-line'), 'a b!');
    await user.click(view.getByTestId('register-submit'));
    expect(await view.findByText('Please enter 6 - 16 letters and digits, starting with a letter')).toBeVisible();
    expect(view.getByText('Please fill in your password with 8 - 20 characters')).toBeVisible();
    expect(view.getByText('Incorrect confirmation input')).toBeVisible();
    expect(view.getByText('Please enter a valid email address (5 - 100 characters)')).toBeVisible();
    expect(
      view.getByText('Please enter your full name (3 - 50 characters), first and last name separated by a space'),
    ).toBeVisible();
    expect(view.getByTestId('register-field-line')).not.toHaveAttribute('aria-invalid');

    await user.clear(view.getByTestId('register-field-password'));
    await user.type(view.getByTestId('register-field-password'), 'longenough1');
    await user.click(view.getByTestId('register-submit'));
    expect(
      await view.findByText(
        'The password needs at least one uppercase letter, one lowercase letter, one digit and one special symbol',
      ),
    ).toBeVisible();
    expect(callsTo(api, 'PUT', '/wps/member/register')).toHaveLength(0);
  });

  it('should show a server field refusal at its field, translated by patternId', async () => {
    mockApi({
      'PUT /wps/member/register': () => {
        throw new ApiFailure(400, 'VALIDATION_FAILED', 'username: has the wrong format', {
          field: 'username',
          reason: 'pattern',
          patternId: 'ALNUM',
          minLength: 4,
          maxLength: 12,
        });
      },
    });
    const { user } = await renderApp('/register', configWith(settings()));
    const view = await dialog();
    await fillValid(user, view);
    await user.click(view.getByTestId('register-terms'));
    await user.click(view.getByTestId('register-submit'));
    expect(await view.findByText('Please enter 4 - 12 letters or digits only')).toBeVisible();
  });

  it('should register, log in, close and go home', async () => {
    const api = mockApi({
      'PUT /wps/member/register': () => makeLoginResponse({ firstTimeLogin: true }),
      'GET /wps/member/info': () => makeMemberInfo(),
    });
    const { user, router } = await renderApp('/register', configWith(settings()));
    const view = await dialog();
    await fillValid(user, view);
    await user.click(view.getByTestId('register-terms'));
    await user.click(view.getByTestId('register-submit'));
    await waitFor(() => expect(screen.queryByTestId('register-dialog')).not.toBeInTheDocument());
    const [, init] = callsTo(api, 'PUT', '/wps/member/register')[0] as [unknown, RequestInit];
    expect(await openSealed(JSON.parse(String(init.body)))).toMatchObject({
      username: 'player007',
      password: 'Str0ng#Pass',
      confirmPassword: 'Str0ng#Pass',
      login: true,
      registerMethod: 'WEB',
      acceptTerms: true,
      domain: 'localhost',
    });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('fresh-session-token');
    expect(router.state.location.pathname).toBe('/');
  });

  it('should set the username to the number on the mobile variant', async () => {
    const api = mockApi({
      'GET /wps/system/country/codes': () => COUNTRY_CODES,
      'PUT /wps/member/register/mobile': () => makeLoginResponse(),
      'GET /wps/member/info': () => makeMemberInfo(),
    });
    const { user } = await renderApp(
      '/register',
      configWith(settings({ usernameRegistration: false, mobileRegistration: true, mobilePasswordRequired: true })),
    );
    const view = await dialog();
    await waitFor(() => expect(view.getByTestId('register-country')).toHaveValue('+63'));
    expect(view.getByTestId('register-country').parentElement?.querySelector('img')).toHaveAttribute(
      'src',
      '/wps/system/country/flag/PH',
    );
    await user.type(view.getByTestId('register-field-mobileNum'), '9171234567');
    await user.type(view.getByTestId('register-field-verificationCode'), '123456');
    await user.type(view.getByTestId('register-field-password'), 'Str0ng#Pass');
    await user.type(view.getByTestId('register-field-confirmPassword'), 'Str0ng#Pass');
    await user.click(view.getByTestId('register-terms'));
    await user.click(view.getByTestId('register-submit'));
    await waitFor(() => expect(callsTo(api, 'PUT', '/wps/member/register/mobile')).toHaveLength(1));
    const [, init] = callsTo(api, 'PUT', '/wps/member/register/mobile')[0] as [unknown, RequestInit];
    expect(await openSealed(JSON.parse(String(init.body)))).toMatchObject({
      username: '9171234567',
      mobileNum: '9171234567',
      countryDialingCode: '+63',
      verificationCode: '123456',
    });
  });
});

describe('affiliate code', () => {
  beforeEach(() => setViewport(true));

  it('should hide the field when the URL carries a code, check it before registering, and use it', async () => {
    const api = mockApi({
      'GET /wps/agent/affiliate': () => ({ valid: true }),
      'PUT /wps/member/register': () => makeLoginResponse(),
      'GET /wps/member/info': () => makeMemberInfo(),
    });
    const { user } = await renderApp('/register?code=DEMO2026', configWith(settings()));
    const view = await dialog();
    expect(view.queryByTestId('register-field-affiliateCode')).not.toBeInTheDocument();
    await fillValid(user, view);
    await user.click(view.getByTestId('register-terms'));
    await user.click(view.getByTestId('register-submit'));
    await waitFor(() => expect(callsTo(api, 'PUT', '/wps/member/register')).toHaveLength(1));
    const [url] = callsTo(api, 'GET', '/wps/agent/affiliate')[0] as [string];
    expect(new URL(url, 'http://localhost').searchParams.get('code')).toBe('DEMO2026');
    expect(new URL(url, 'http://localhost').searchParams.get('domain')).toBe('localhost');
    const [, init] = callsTo(api, 'PUT', '/wps/member/register')[0] as [unknown, RequestInit];
    expect(await openSealed(JSON.parse(String(init.body)))).toMatchObject({ affiliateCode: 'DEMO2026' });
  });

  it('should warn and reveal the field when the code from the URL fails its check', async () => {
    const api = mockApi({
      'GET /wps/agent/affiliate': () => {
        throw new ApiFailure(400, 'INVALID_INVITATION_CODE', 'Invalid invitation code');
      },
    });
    const { user } = await renderApp('/register?affiliateCode=NOPE1', configWith(settings()));
    const view = await dialog();
    await fillValid(user, view);
    await user.click(view.getByTestId('register-terms'));
    await user.click(view.getByTestId('register-submit'));
    const notice = within(await screen.findByTestId('notice-dialog'));
    expect(notice.getByText('The invitation code is invalid. Please check it, or register without one.')).toBeVisible();
    await user.click(notice.getByTestId('notice-ok'));
    const field = await (await dialog()).findByTestId('register-field-affiliateCode');
    expect(field).toHaveValue('NOPE1');
    expect(callsTo(api, 'PUT', '/wps/member/register')).toHaveLength(0);
  });

  it('should show the field when there is no code in the URL and the rule enables it', async () => {
    mockApi({});
    await renderApp('/register', configWith(settings()));
    expect((await dialog()).getByTestId('register-field-affiliateCode')).toBeVisible();
  });
});

describe('registration SMS code', () => {
  beforeEach(() => setViewport(true));
  afterEach(() => vi.useRealTimers());

  const mobileConfig = configWith(
    settings({
      usernameRegistration: false,
      mobileRegistration: true,
      fields: [...settings().fields.filter((f) => f.field !== 'mobileNum'), rule('mobileNum', 'DIGITS_ONLY', 7, 15)],
    }),
  );

  it('should check the number first, then disable the button for expiredMinutes × 60 s with a countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      'GET /wps/system/country/codes': () => COUNTRY_CODES,
      'POST /wps/verification/sms/register': () => ({ expiredMinutes: 2 }),
    });
    const { user } = await renderApp('/register', mobileConfig, {
      advanceTimers: vi.advanceTimersByTime,
      pointerEventsCheck: 0,
    });
    const view = await dialog();
    const send = view.getByTestId('register-sms-send');
    await user.type(view.getByTestId('register-field-mobileNum'), '917-12');
    await user.click(send);
    expect(await view.findByText('Please enter 7 - 15 digits only')).toBeVisible();
    expect(callsTo(api, 'POST', '/wps/verification/sms/register')).toHaveLength(0);

    await waitFor(() => expect(view.getByTestId('register-country')).toHaveValue('+63'));
    await user.clear(view.getByTestId('register-field-mobileNum'));
    await user.type(view.getByTestId('register-field-mobileNum'), '9171234567');
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(send).toHaveTextContent('Resend in 120 s');
    const [, init] = callsTo(api, 'POST', '/wps/verification/sms/register')[0] as [unknown, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ mobileNo: '9171234567', countryDialingCode: '+63' });
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(send).toHaveTextContent('Resend in 119 s'));
    await vi.advanceTimersByTimeAsync(119_000);
    await waitFor(() => expect(send).toBeEnabled());
    expect(send).toHaveTextContent('Send code');
  });

  it('should throttle requests to one a second and show a failure in a warning dialog', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      'GET /wps/system/country/codes': () => COUNTRY_CODES,
      'POST /wps/verification/sms/register': () => {
        throw new ApiFailure(429, 'SMS_TOO_MANY_REQUESTS', 'slow down');
      },
    });
    const { user } = await renderApp('/register', mobileConfig, {
      advanceTimers: vi.advanceTimersByTime,
      pointerEventsCheck: 0,
    });
    const view = await dialog();
    await user.type(view.getByTestId('register-field-mobileNum'), '9171234567');
    const send = view.getByTestId('register-sms-send');
    await user.click(send);
    const notice = within(await screen.findByTestId('notice-dialog'));
    expect(notice.getByText('Too many requests, please try again after 5 minutes')).toBeVisible();
    await user.click(notice.getByTestId('notice-ok'));
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    await user.click(send);
    expect(callsTo(api, 'POST', '/wps/verification/sms/register')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    await user.click(send);
    await waitFor(() => expect(callsTo(api, 'POST', '/wps/verification/sms/register')).toHaveLength(2));
  });
});
