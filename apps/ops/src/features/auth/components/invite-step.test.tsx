import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const TOKEN = 'inv1tat10n-t0ken-of-the-link-0123456789abcd';

describe('enrolment link', () => {
  it('should take the token off the address bar, set the password and go on to the enrolment', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST /wps/ops/auth/invitation': () => ({
        stage: 'ENROL',
        challenge: 'ch-enrol',
        otpauthUrl: 'otpauth://totp/x?secret=GEZDGNBVGY3TQOJQ',
        secret: 'GEZDGNBVGY3TQOJQ',
      }),
    });
    const { router } = renderApp(`/sign-in#invite=${TOKEN}`, { staff: null });
    expect(await screen.findByTestId('invite-form')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
    await user.type(screen.getByTestId('invite-password'), 'Owner2026pass');
    await user.type(screen.getByTestId('invite-confirm'), 'Owner2026pasx');
    await user.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText('The two passwords differ.')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/wps/ops/auth/invitation')).toHaveLength(0);
    await user.clear(screen.getByTestId('invite-confirm'));
    await user.type(screen.getByTestId('invite-confirm'), 'Owner2026pass');
    await user.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByTestId('enrol-secret')).toHaveTextContent('GEZD GNBV GY3T QOJQ');
    expect(bodyOf(callsTo(api, 'POST', '/wps/ops/auth/invitation')[0]?.[1])).toEqual({
      token: TOKEN,
      password: 'Owner2026pass',
    });
  });

  it('should say so when the link was used or has expired', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /wps/ops/auth/invitation': () => {
        throw new ApiFailure(400, 'RESET_LINK_INVALID', 'This enrolment link has expired or was already used');
      },
    });
    renderApp(`/sign-in#invite=${TOKEN}`, { staff: null });
    await user.type(await screen.findByTestId('invite-password'), 'Owner2026pass');
    await user.type(screen.getByTestId('invite-confirm'), 'Owner2026pass');
    await user.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByTestId('invite-error')).toHaveTextContent(/expired or was already used/);
  });

  it('should show the usual sign-in without a link', async () => {
    mockApi({});
    renderApp('/sign-in#something-else', { staff: null });
    expect(await screen.findByTestId('sign-in-form')).toBeInTheDocument();
  });
});
