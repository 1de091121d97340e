import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MemberProfile } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { makeMemberInfo } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';
import { openSealed } from '@/testing/seal-keys';
import { NO_SOCIAL_CONTACTS } from '@platform/ui/testing';

const PROFILE: MemberProfile = {
  username: 'demo_member',
  mobileNum: '9171234567',
  countryDialingCode: '+63',
  affiliateCode: null,
  referrer: null,
  fields: {
    nickname: 'Demo Member',
    payeeName: 'Maria Santos',
    email: 'demo@example.com',
    ...NO_SOCIAL_CONTACTS,
    idNumber: null,
    birthday: null,
    address: null,
    nationality: null,
    occupation: null,
    sourceOfIncome: null,
    placeOfBirth: null,
  },
  editable: ['nickname', 'email', 'whatsapp'],
};

const LOGINS = {
  list: [
    {
      loggedInAt: '2026-11-20T10:00:00.000Z',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
      method: 'PASSWORD',
    },
  ],
};

describe('securityCenter', () => {
  beforeEach(() => {
    setViewport(true);
    signIn(0);
  });

  it('should show the account, the profile and the last logins', async () => {
    mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      'GET /wps/member/profile': () => PROFILE,
      'GET /wps/member/logins': () => LOGINS,
    });
    await renderApp('/member');
    const centre = within(await screen.findByTestId('security-center'));
    expect(await centre.findByTestId('account-username')).toHaveTextContent('demo_member');
    expect(centre.getByTestId('account-mobile')).toHaveTextContent('+63 9171234567');
    const profile = within(await centre.findByTestId('profile-form'));
    expect(profile.getByTestId('profile-field-nickname')).toHaveValue('Demo Member');
    expect(profile.getByTestId('profile-value-payeeName')).toHaveTextContent('Maria Santos');
    expect(profile.queryByTestId('profile-field-payeeName')).not.toBeInTheDocument();
    const logins = within(await centre.findByTestId('last-logins'));
    expect(await logins.findByText('203.0.113.7')).toBeVisible();
    expect(logins.getByText('Chrome · Android')).toBeVisible();
    expect(logins.getByText('Password')).toBeVisible();
  });

  it('should say so when there are no logins, and offer a retry when they fail', async () => {
    let fail = true;
    mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      'GET /wps/member/profile': () => PROFILE,
      'GET /wps/member/logins': () => {
        if (fail) throw new ApiFailure(503, 'SERVICE_UNAVAILABLE', 'down');
        return { list: [] };
      },
    });
    const { user } = await renderApp('/member');
    const logins = within(await screen.findByTestId('last-logins'));
    expect(await logins.findByText('System maintenance', {}, { timeout: 4000 })).toBeVisible();
    fail = false;
    await user.click(logins.getByRole('button', { name: 'Try again' }));
    expect(await logins.findByText('No logins recorded yet')).toBeVisible();
  });

  it('should save only the changed profile fields, and show a refused rule at its field', async () => {
    let saves = 0;
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      'GET /wps/member/profile': () => PROFILE,
      'GET /wps/member/logins': () => LOGINS,
      'PUT /wps/member/profile': (init) => {
        saves += 1;
        if (saves === 1) {
          throw new ApiFailure(400, 'VALIDATION_FAILED', 'whatsapp: has the wrong format', {
            field: 'whatsapp',
            reason: 'pattern',
            patternId: 'DIGITS_ONLY',
            minLength: 7,
            maxLength: 15,
          });
        }
        const changes = bodyOf(init) as Record<string, string>;
        return { ...PROFILE, fields: { ...PROFILE.fields, ...changes } };
      },
    });
    const { user } = await renderApp('/member');
    const profile = within(await screen.findByTestId('profile-form'));
    expect(profile.getByTestId('profile-save')).toBeDisabled();
    await user.type(profile.getByTestId('profile-field-whatsapp'), 'abc');
    await user.click(profile.getByTestId('profile-save'));
    expect(await profile.findByText('Please enter 7 - 15 digits only')).toBeVisible();
    await user.clear(profile.getByTestId('profile-field-whatsapp'));
    await user.type(profile.getByTestId('profile-field-whatsapp'), '9171234567');
    await user.click(profile.getByTestId('profile-save'));
    await waitFor(() => expect(saves).toBe(2));
    expect(bodyOf(callsTo(api, 'PUT', '/wps/member/profile')[1]?.[1])).toEqual({ whatsapp: '9171234567' });
    expect(await screen.findByText('Your profile has been saved.')).toBeVisible();
  });

  it('should set the payment password with the login password, sealed', async () => {
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo({ hasPaymentPassword: false }),
      'GET /wps/member/profile': () => PROFILE,
      'GET /wps/member/logins': () => LOGINS,
      'PUT /wps/member/payment-password': () => null,
    });
    const { user } = await renderApp('/member');
    const form = within(await screen.findByTestId('payment-password-form'));
    await waitFor(() => expect(form.getByText('Login password')).toBeVisible());
    await user.type(form.getByTestId('payment-password-proof'), 'Demo#2026');
    await user.type(form.getByTestId('payment-password-new'), '482913');
    await user.type(form.getByTestId('payment-password-confirm'), '482913');
    await user.click(form.getByTestId('payment-password-save'));
    expect(await screen.findByText('Your payment password has been saved.')).toBeVisible();
    const [, init] = callsTo(api, 'PUT', '/wps/member/payment-password')[0] as [unknown, RequestInit];
    expect(await openSealed(JSON.parse(String(init.body)))).toEqual({
      loginPassword: 'Demo#2026',
      newPaymentPassword: '482913',
      confirmPaymentPassword: '482913',
    });
  });

  it('should refuse profile values by the built-in rules before saving, with the pattern messages', async () => {
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      'GET /wps/member/profile': () => ({ ...PROFILE, editable: ['nickname', 'telegram', 'zalo', 'birthday'] }),
      'GET /wps/member/logins': () => LOGINS,
    });
    const { user } = await renderApp('/member');
    const profile = within(await screen.findByTestId('profile-form'));
    await user.clear(profile.getByTestId('profile-field-nickname'));
    await user.type(profile.getByTestId('profile-field-nickname'), '<b>Me</b>');
    await user.type(profile.getByTestId('profile-field-telegram'), 'juan dc');
    await user.type(profile.getByTestId('profile-field-zalo'), '0912-345');
    const minorYear = new Date().getUTCFullYear() - 17;
    fireEvent.change(profile.getByTestId('profile-field-birthday'), { target: { value: `${minorYear}-01-01` } });
    await user.click(profile.getByTestId('profile-save'));
    expect(await profile.findByText('Please enter 1 - 32 characters, without < or >')).toBeVisible();
    expect(
      profile.getByText(
        'Please enter a Telegram username of 5 - 33 characters: letters, digits and _, optionally starting with @',
      ),
    ).toBeVisible();
    expect(profile.getByText('Please enter 6 - 15 digits only')).toBeVisible();
    expect(profile.getByText('You must be 18 or older')).toBeVisible();
    expect(callsTo(api, 'PUT', '/wps/member/profile')).toHaveLength(0);
  });

  it('should refuse a payment password the server would refuse, by its rule and by weakness', async () => {
    const api = mockApi({
      'GET /wps/member/info': () => makeMemberInfo({ hasPaymentPassword: false }),
      'GET /wps/member/profile': () => PROFILE,
      'GET /wps/member/logins': () => LOGINS,
      'PUT /wps/member/payment-password': () => null,
    });
    const { user } = await renderApp('/member');
    const form = within(await screen.findByTestId('payment-password-form'));
    await user.type(form.getByTestId('payment-password-proof'), 'Demo#2026');
    await user.type(form.getByTestId('payment-password-new'), '48291');
    await user.type(form.getByTestId('payment-password-confirm'), '48291');
    await user.click(form.getByTestId('payment-password-save'));
    expect(await form.findByText('Please enter 6 - 6 digits only')).toBeVisible();
    await user.clear(form.getByTestId('payment-password-new'));
    await user.type(form.getByTestId('payment-password-new'), '123456');
    await user.click(form.getByTestId('payment-password-save'));
    expect(await form.findByText('This password is too easy to guess; please choose another')).toBeVisible();
    expect(callsTo(api, 'PUT', '/wps/member/payment-password')).toHaveLength(0);
  });

  it('should open the change-password dialog with the old password', async () => {
    mockApi({
      'GET /wps/member/info': () => makeMemberInfo(),
      'GET /wps/member/profile': () => PROFILE,
      'GET /wps/member/logins': () => LOGINS,
    });
    const { user } = await renderApp('/member');
    await user.click(await screen.findByTestId('open-change-password'));
    const dialog = within(await screen.findByTestId('change-password-dialog'));
    expect(dialog.getByTestId('change-old-password')).toBeVisible();
  });
});
