import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REFERRAL_OPS_API, type ReferralSettings } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const SETTINGS: ReferralSettings = {
  enabled: true,
  minDeposit: '100.00',
  minValidBet: '500.00',
  windowDays: 30,
  reward: '20.00',
  sharePercent: '0.2',
};

// The first render loads the page's chunk: a cold, busy machine needs longer than the default wait.
const SLOW = { timeout: 45_000 };

describe('invite friends settings', () => {
  it('should show the saved terms, refuse a share above 5 % before sending, and save what staff typed', async () => {
    const user = userEvent.setup();
    let stored = SETTINGS;
    const api = mockApi({
      [`GET ${REFERRAL_OPS_API.referralSettings}`]: () => stored,
      [`PUT ${REFERRAL_OPS_API.referralSettings}`]: (init) => {
        stored = bodyOf(init) as ReferralSettings;
        return { ...stored, reward: '0.00' };
      },
    });
    renderApp('/promotions/referral', { staff: 'content' });
    const share = await screen.findByLabelText(/Daily share of friends/, {}, SLOW);
    expect(share).toHaveValue('0.2');
    expect(screen.getByLabelText(/Minimum deposits/)).toHaveValue('100.00');
    expect(screen.getByLabelText(/Window \(days\)/)).toHaveValue('30');
    expect(screen.getByRole('checkbox', { name: 'Invite friends is on' })).toBeChecked();

    await user.clear(share);
    await user.type(share, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('must be at most 5')).toBeInTheDocument();
    expect(share).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(api, 'PUT', REFERRAL_OPS_API.referralSettings)).toHaveLength(0);

    await user.clear(share);
    await user.type(share, '0.5');
    await user.clear(screen.getByLabelText(/Reward per qualified friend/));
    await user.type(screen.getByLabelText(/Reward per qualified friend/), '0');
    await user.clear(screen.getByLabelText(/Window \(days\)/));
    await user.type(screen.getByLabelText(/Window \(days\)/), '14');
    await user.click(screen.getByRole('checkbox', { name: 'Invite friends is on' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invite friends settings saved')).toBeInTheDocument();
    expect(bodyOf(callsTo(api, 'PUT', REFERRAL_OPS_API.referralSettings)[0]?.[1])).toEqual({
      ...SETTINGS,
      enabled: false,
      windowDays: 14,
      reward: '0',
      sharePercent: '0.5',
    });
    // The form shows what the server saved.
    await waitFor(() => expect(screen.getByLabelText(/Reward per qualified friend/)).toHaveValue('0.00'));
  });

  it('should show the server’s refusal under the field it names', async () => {
    const user = userEvent.setup();
    mockApi({
      [`GET ${REFERRAL_OPS_API.referralSettings}`]: () => SETTINGS,
      [`PUT ${REFERRAL_OPS_API.referralSettings}`]: () => {
        throw new ApiFailure(400, 'INVALID_AMOUNT', 'The amount has too many decimals', {
          fields: [{ path: 'minValidBet', message: 'The amount has too many decimals' }],
        });
      },
    });
    renderApp('/promotions/referral', { staff: 'content' });
    const minValidBet = await screen.findByLabelText(/Minimum valid bet/, {}, SLOW);
    await user.clear(minValidBet);
    await user.type(minValidBet, '10.005');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The amount has too many decimals')).toBeInTheDocument();
    expect(minValidBet).toHaveAccessibleDescription(/The amount has too many decimals/);
    expect(screen.queryByText('Invite friends settings saved')).not.toBeInTheDocument();
  });

  it('should keep a role without promotions.manage out', async () => {
    const api = mockApi({ [`GET ${REFERRAL_OPS_API.referralSettings}`]: () => SETTINGS });
    renderApp('/promotions/referral', { staff: 'cashier' });
    expect(await screen.findByTestId('forbidden-page', {}, SLOW)).toBeInTheDocument();
    expect(callsTo(api, 'GET', REFERRAL_OPS_API.referralSettings)).toHaveLength(0);
  });
});
