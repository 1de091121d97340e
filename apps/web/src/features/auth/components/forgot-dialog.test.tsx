import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiFailure, callsTo, mockApi } from '@/testing/api-mock';
import { COUNTRY_CODES, makeConfig } from '@/testing/fixtures';
import { renderApp, setViewport } from '@/testing/render-app';
import { openSealed } from '@/testing/seal-keys';

const forgotConfig = (byMobile: boolean) =>
  makeConfig({ whitelabel: [{ modId: 'FORGOTMOB3', enabled: byMobile ? 1 : 0, childrenNodes: [] }] });

const openForgot = async (user: Awaited<ReturnType<typeof renderApp>>['user']) => {
  await user.click(within(await screen.findByTestId('login-dialog')).getByTestId('login-forgot-link'));
  return within(await screen.findByTestId('forgot-dialog'));
};

describe('forgot password', () => {
  beforeEach(() => setViewport(true));

  it('should post username and email form-encoded and show the neutral answer', async () => {
    const api = mockApi({ 'POST /wps/member/password/email': () => null });
    const { user } = await renderApp('/login', forgotConfig(false));
    const dialog = await openForgot(user);
    expect(dialog.queryByTestId('forgot-tab-mobile')).not.toBeInTheDocument();
    await user.type(dialog.getByTestId('forgot-username'), ' demo_member ');
    await user.type(dialog.getByTestId('forgot-email'), 'not-an-email');
    await user.click(dialog.getByTestId('forgot-submit'));
    expect(await dialog.findByText('Please enter a valid email address')).toBeVisible();
    await user.clear(dialog.getByTestId('forgot-email'));
    await user.type(dialog.getByTestId('forgot-email'), 'demo@example.com');
    await user.click(dialog.getByTestId('forgot-submit'));
    expect(await dialog.findByTestId('forgot-result')).toHaveTextContent(
      'If the username and email match an account, a link to reset its password has been sent to that email.',
    );
    const [, init] = callsTo(api, 'POST', '/wps/member/password/email')[0] as [unknown, RequestInit];
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(String(init.body)).toBe('username=demo_member&email=demo%40example.com');
  });

  it('should set a new password with an SMS code while FORGOTMOB3 is on', async () => {
    const api = mockApi({
      'GET /wps/system/country/codes': () => COUNTRY_CODES,
      'POST /wps/verification/sms/forgot': () => ({ expiredMinutes: 5 }),
      'POST /wps/member/password/verification': () => null,
    });
    const { user } = await renderApp('/login', forgotConfig(true));
    const dialog = await openForgot(user);
    await user.click(dialog.getByTestId('forgot-tab-mobile'));
    await waitFor(() => expect(dialog.getByTestId('forgot-country')).toHaveValue('+63'));
    await user.type(dialog.getByTestId('forgot-mobile'), '9171234567');
    await user.click(dialog.getByTestId('forgot-sms-send'));
    await waitFor(() => expect(dialog.getByTestId('forgot-sms-send')).toBeDisabled());
    await user.type(dialog.getByTestId('forgot-code'), '123456');
    await user.type(dialog.getByTestId('forgot-new-password'), 'Str0ng#Pass');
    await user.type(dialog.getByTestId('forgot-confirm-password'), 'Str0ng#Pass');
    await user.click(dialog.getByTestId('forgot-submit'));
    expect(await dialog.findByTestId('forgot-result')).toHaveTextContent('Your password has been changed.');
    const [, init] = callsTo(api, 'POST', '/wps/member/password/verification')[0] as [unknown, RequestInit];
    expect(await openSealed(JSON.parse(String(init.body)))).toEqual({
      mobileNum: '9171234567',
      countryDialingCode: '+63',
      verificationCode: '123456',
      newPassword: 'Str0ng#Pass',
      confirmNewPassword: 'Str0ng#Pass',
    });
  });
});

describe('reset link (/?resetToken=...)', () => {
  beforeEach(() => setViewport(true));

  it('should open the reset dialog, drop the token from the address, reset (sealed) and open login', async () => {
    const token = 'r'.repeat(43);
    const api = mockApi({ 'POST /wps/member/password/reset': () => null });
    const { user, router } = await renderApp(`/?resetToken=${token}`);
    const dialog = within(await screen.findByTestId('reset-dialog'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.type(dialog.getByTestId('reset-new-password'), 'Str0ng#Pass');
    await user.type(dialog.getByTestId('reset-confirm-password'), 'Str0ng#Pass');
    await user.click(dialog.getByTestId('reset-submit'));
    expect(await screen.findByTestId('login-dialog')).toBeVisible();
    const [, init] = callsTo(api, 'POST', '/wps/member/password/reset')[0] as [unknown, RequestInit];
    expect(await openSealed(JSON.parse(String(init.body)))).toEqual({
      token,
      newPassword: 'Str0ng#Pass',
      confirmNewPassword: 'Str0ng#Pass',
    });
  });

  it('should say so when the link has expired', async () => {
    mockApi({
      'POST /wps/member/password/reset': () => {
        throw new ApiFailure(400, 'RESET_LINK_INVALID', 'x');
      },
    });
    const { user } = await renderApp(`/?resetToken=${'r'.repeat(43)}`);
    const dialog = within(await screen.findByTestId('reset-dialog'));
    await user.type(dialog.getByTestId('reset-new-password'), 'Str0ng#Pass');
    await user.type(dialog.getByTestId('reset-confirm-password'), 'Str0ng#Pass');
    await user.click(dialog.getByTestId('reset-submit'));
    expect(await dialog.findByTestId('reset-error')).toHaveTextContent('This reset link is invalid or has expired');
  });
});
