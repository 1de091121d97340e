import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberProfile } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { COUNTRY_CODES, makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';
import { openSealed } from '@/testing/seal-keys';
import { NO_SOCIAL_CONTACTS } from '@platform/ui/testing';

const PROFILE: MemberProfile = {
  username: 'demo_member',
  mobileNum: null,
  countryDialingCode: null,
  affiliateCode: null,
  referrer: null,
  fields: {
    nickname: 'Demo Member',
    payeeName: null,
    email: null,
    ...NO_SOCIAL_CONTACTS,
    idNumber: null,
    birthday: null,
    address: null,
    nationality: null,
    occupation: null,
    sourceOfIncome: null,
    placeOfBirth: null,
  },
  editable: ['nickname'],
};

const SEND = 'POST /wps/verification/sms/bind';
const BIND = 'PUT /wps/member/mobile';

/** The security centre of a member without a number, with the calls the page makes besides binding. */
const centre = (routes: Parameters<typeof mockApi>[0]) =>
  mockApi({
    'GET /wps/member/info': () => makeMemberInfo({ mobileNum: null, countryDialingCode: null }),
    'GET /wps/member/profile': () => PROFILE,
    'GET /wps/member/logins': () => ({ list: [] }),
    'GET /wps/system/country/codes': () => COUNTRY_CODES,
    ...routes,
  });

const openForm = async (fakeTimers: boolean) => {
  const { user } = await renderApp(
    '/member',
    undefined,
    fakeTimers ? { advanceTimers: vi.advanceTimersByTime, pointerEventsCheck: 0 } : {},
  );
  const form = within(await screen.findByTestId('bind-mobile-form'));
  await waitFor(() => expect(form.getByTestId('bind-mobile-country')).toHaveValue('+63'));
  return { user, form };
};

describe('binding a mobile number in the security centre', () => {
  beforeEach(() => {
    setViewport(true);
    signIn(0, { mobileNum: null, countryDialingCode: null });
  });
  afterEach(() => vi.useRealTimers());

  it('should check the number, send the code, count down expiredMinutes × 60 s, and bind it sealed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = centre({
      [SEND]: () => ({ expiredMinutes: 2 }),
      [BIND]: () => makeMemberInfo({ mobileNum: '9181234567', countryDialingCode: '+84' }),
    });
    const { user, form } = await openForm(true);
    expect(screen.getByRole('heading', { name: 'Bind mobile number' })).toBeVisible();
    // The account details render in a background render (SectionState), a moment after the form.
    expect(await screen.findByTestId('account-mobile')).toHaveTextContent('Not set');
    // A first binding asks no password.
    expect(form.queryByTestId('bind-mobile-password')).not.toBeInTheDocument();
    const send = form.getByTestId('bind-mobile-send');

    await user.type(form.getByTestId('bind-mobile-number'), '918-12');
    await user.click(send);
    expect(await form.findByText('Please enter 5 - 15 digits only')).toBeVisible();
    expect(callsTo(api, 'POST', '/wps/verification/sms/bind')).toHaveLength(0);

    await user.selectOptions(form.getByTestId('bind-mobile-country'), '+84');
    await user.clear(form.getByTestId('bind-mobile-number'));
    await user.type(form.getByTestId('bind-mobile-number'), '9181234567');
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(send).toHaveTextContent('Resend in 120 s');
    const [, sent] = callsTo(api, 'POST', '/wps/verification/sms/bind')[0] as [unknown, RequestInit];
    expect(bodyOf(sent)).toEqual({ mobileNum: '9181234567', countryDialingCode: '+84' });
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(send).toHaveTextContent('Resend in 119 s'));

    await user.type(form.getByTestId('bind-mobile-code'), '482913');
    await user.click(form.getByTestId('bind-mobile-submit'));
    expect(await screen.findByText('Your mobile number has been saved.')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('account-mobile')).toHaveTextContent('+84 9181234567'));
    expect(screen.getByRole('heading', { name: 'Change mobile number' })).toBeVisible();
    expect(form.getByTestId('bind-mobile-number')).toHaveValue('');
    // Now a number is bound: replacing it will need the login password.
    expect(form.getByTestId('bind-mobile-password')).toBeVisible();
    const [, bound] = callsTo(api, 'PUT', '/wps/member/mobile')[0] as [unknown, RequestInit];
    expect(await openSealed(JSON.parse(String(bound.body)))).toEqual({
      mobileNum: '9181234567',
      countryDialingCode: '+84',
      verificationCode: '482913',
    });

    // Still counting down after the bind: another code only when the time is up.
    expect(send).toBeDisabled();
    await vi.advanceTimersByTimeAsync(119_000);
    await waitFor(() => expect(send).toBeEnabled());
    expect(send).toHaveTextContent('Send code');
  });

  it('should throttle sends to one a second and show a refused send in a warning dialog', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = centre({
      [SEND]: () => {
        throw new ApiFailure(400, 'MOBILE_TAKEN', 'This mobile number is already registered');
      },
    });
    const { user, form } = await openForm(true);
    await user.type(form.getByTestId('bind-mobile-number'), '9181234567');
    const send = form.getByTestId('bind-mobile-send');
    await user.click(send);
    const notice = within(await screen.findByTestId('notice-dialog'));
    expect(notice.getByText('This mobile number is already registered')).toBeVisible();
    await user.click(notice.getByTestId('notice-ok'));
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    await user.click(send);
    expect(callsTo(api, 'POST', '/wps/verification/sms/bind')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    await user.click(send);
    await waitFor(() => expect(callsTo(api, 'POST', '/wps/verification/sms/bind')).toHaveLength(2));
  });

  it('should ask for the code before binding, and show a refused code without changing the shown number', async () => {
    const api = centre({
      [SEND]: () => ({ expiredMinutes: 5 }),
      [BIND]: () => {
        throw new ApiFailure(400, 'VERIFICATION_CODE_INVALID', 'Please enter a valid verification code');
      },
    });
    const { user, form } = await openForm(false);
    await user.type(form.getByTestId('bind-mobile-number'), '9181234567');
    await user.click(form.getByTestId('bind-mobile-submit'));
    expect(await form.findByText('Please enter a valid verification code')).toBeVisible();
    expect(callsTo(api, 'PUT', '/wps/member/mobile')).toHaveLength(0);

    await user.type(form.getByTestId('bind-mobile-code'), '000000');
    await user.click(form.getByTestId('bind-mobile-submit'));
    expect(await form.findByTestId('bind-mobile-error')).toHaveTextContent('Please enter a valid verification code');
    expect(screen.getByTestId('account-mobile')).toHaveTextContent('Not set');
  });

  it("should show the merchant's mobile rule when the server refuses the number by it", async () => {
    centre({
      [BIND]: () => {
        throw new ApiFailure(400, 'VALIDATION_FAILED', 'mobileNum: must be 10 to 10 characters', {
          field: 'mobileNum',
          reason: 'length',
          patternId: 'DIGITS_ONLY',
          minLength: 10,
          maxLength: 10,
        });
      },
    });
    const { user, form } = await openForm(false);
    await user.type(form.getByTestId('bind-mobile-number'), '91812345');
    await user.type(form.getByTestId('bind-mobile-code'), '482913');
    await user.click(form.getByTestId('bind-mobile-submit'));
    expect(await form.findByText('Please enter 10 - 10 digits only')).toBeVisible();
    expect(form.queryByTestId('bind-mobile-error')).not.toBeInTheDocument();
  });
});

describe('replacing a bound mobile number in the security centre', () => {
  const BOUND = { mobileNum: '9171234567', countryDialingCode: '+63' };
  beforeEach(() => {
    setViewport(true);
    signIn(0, BOUND);
  });

  const bound = (routes: Parameters<typeof mockApi>[0]) =>
    centre({ 'GET /wps/member/info': () => makeMemberInfo(BOUND), ...routes });

  it('should ask for the current login password and send it sealed with the number and code', async () => {
    const api = bound({
      [SEND]: () => ({ expiredMinutes: 5 }),
      [BIND]: () => makeMemberInfo({ mobileNum: '9181234567', countryDialingCode: '+63' }),
    });
    const { user, form } = await openForm(false);
    expect(screen.getByRole('heading', { name: 'Change mobile number' })).toBeVisible();
    expect(screen.getByText('To replace your number, also enter your current login password.')).toBeVisible();
    const password = form.getByTestId('bind-mobile-password');
    expect(password).toHaveAttribute('type', 'password');
    expect(form.getByLabelText(/Current login password/)).toBe(password);

    await user.type(form.getByTestId('bind-mobile-number'), '9181234567');
    await user.type(form.getByTestId('bind-mobile-code'), '482913');
    await user.click(form.getByTestId('bind-mobile-submit'));
    expect(await form.findByText('Input cannot be empty')).toBeVisible();
    expect(callsTo(api, 'PUT', '/wps/member/mobile')).toHaveLength(0);

    await user.type(password, ' Tester#2026 ');
    await user.click(form.getByTestId('bind-mobile-submit'));
    expect(await screen.findByText('Your mobile number has been saved.')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('account-mobile')).toHaveTextContent('+63 9181234567'));
    expect(password).toHaveValue('');
    const [, sent] = callsTo(api, 'PUT', '/wps/member/mobile')[0] as [unknown, RequestInit];
    expect(await openSealed(JSON.parse(String(sent.body)))).toEqual({
      mobileNum: '9181234567',
      countryDialingCode: '+63',
      verificationCode: '482913',
      password: 'Tester#2026',
    });
  });

  it('should show a wrong login password and keep the shown number', async () => {
    bound({
      [BIND]: () => {
        throw new ApiFailure(400, 'OLD_PASSWORD_WRONG', 'The current password is wrong');
      },
    });
    const { user, form } = await openForm(false);
    await user.type(form.getByTestId('bind-mobile-number'), '9181234567');
    await user.type(form.getByTestId('bind-mobile-code'), '482913');
    await user.type(form.getByTestId('bind-mobile-password'), 'Wrong#2026');
    await user.click(form.getByTestId('bind-mobile-submit'));
    expect(await form.findByTestId('bind-mobile-error')).toHaveTextContent('The current password is wrong');
    expect(screen.getByTestId('account-mobile')).toHaveTextContent('+63 9171234567');
  });
});
