import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REFERRAL_OPS_API, type OpsRaffle } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

/** The merchant's zone: eight hours ahead of UTC all year, so 12:00 UTC reads 8:00 PM whatever the browser's zone. */
const ZONE = 'Asia/Manila';
const HASH = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

const raffle = (overrides: Partial<OpsRaffle> = {}): OpsRaffle => ({
  id: '3',
  title: 'December raffle',
  basis: 'DEPOSIT',
  ticketUnit: '100.00',
  maxTicketsPerMember: 20,
  prizes: ['1000.00', '500.00'],
  opensAt: '2026-12-01T00:00:00.000Z',
  closesAt: '2026-12-20T12:00:00.000Z',
  drawAt: '2026-12-21T12:00:00.000Z',
  status: 'OPEN',
  seedHash: HASH,
  seed: null,
  ticketTotal: null,
  winners: [],
  holders: 2,
  tickets: 7,
  ...overrides,
});

const SLOW = { timeout: 45_000 };
const RAFFLES = `GET ${REFERRAL_OPS_API.raffles}`;
const cancelPath = (id: string) => REFERRAL_OPS_API.raffleCancel.replace(':id', id);

describe('raffles back office', () => {
  it('should say there are no raffles yet', async () => {
    mockApi({ [RAFFLES]: () => ({ list: [], timezone: ZONE }) });
    renderApp('/promotions/raffles', { staff: 'content' });
    expect(await screen.findByTestId('raffles-empty', {}, SLOW)).toHaveTextContent('No raffles yet');
    expect(screen.getByTestId('raffles-zone')).toHaveTextContent('Asia/Manila');
  });

  it('should list a raffle’s terms, times in the merchant’s zone, seed hash, tickets and winners', async () => {
    mockApi({
      [RAFFLES]: () => ({
        timezone: ZONE,
        list: [
          raffle(),
          raffle({
            ...{ id: '2', title: 'November raffle', status: 'DRAWN', seed: 'ab'.repeat(32), ticketTotal: 40 },
            ...{ tickets: 40, holders: 9, basis: 'VALID_BET' },
            winners: [
              { rank: 1, ticketNo: 17, username: 'ju***', amount: '1000.00', mine: false, claimed: true },
              { rank: 2, ticketNo: 3, username: 'ma***', amount: '500.00', mine: false, claimed: false },
            ],
          }),
        ],
      }),
    });
    renderApp('/promotions/raffles', { staff: 'content' });
    const [open, drawn] = (await screen.findAllByTestId('raffles-row', {}, SLOW)) as [HTMLElement, HTMLElement];
    expect(open).toHaveTextContent('December raffle');
    expect(open).toHaveTextContent(/Deposits · 1 ticket per 100\.00 · at most 20 tickets a member/);
    const times = within(open).getByTestId('raffle-times');
    expect(times).toHaveTextContent(/Closes\s*Dec 20, 2026, 8:00\sPM/);
    expect(times).toHaveTextContent(/Draw\s*Dec 21, 2026, 8:00\sPM/);
    expect(within(open).getByTestId('raffle-status')).toHaveTextContent('Open');
    expect(within(open).getByTestId('raffle-seed-hash')).toHaveAttribute('title', HASH);
    expect(within(open).getByTestId('raffle-tickets')).toHaveTextContent('7 so far, 2 holding');
    expect(within(open).getByTestId('raffle-prizes-list')).toHaveTextContent(/1,000\.00\s*500\.00/);
    expect(within(open).getByRole('button', { name: 'Cancel raffle' })).toBeInTheDocument();

    expect(within(drawn).getByTestId('raffle-status')).toHaveTextContent('Drawn');
    expect(within(drawn).getByTestId('raffle-tickets')).toHaveTextContent('40, 9 holding');
    const winners = within(drawn).getByTestId('raffle-winners');
    expect(winners).toHaveTextContent('ju***, ticket 17: 1,000.00 · claimed');
    expect(winners).toHaveTextContent('ma***, ticket 3: 500.00');
    // Drawn: nothing left to cancel.
    expect(within(drawn).queryByRole('button', { name: 'Cancel raffle' })).not.toBeInTheDocument();
  });

  it('should cancel a raffle only after a confirmation, and show a refusal when it was drawn meanwhile', async () => {
    const user = userEvent.setup();
    let status: OpsRaffle['status'] = 'OPEN';
    let refuse = true;
    const api = mockApi({
      [RAFFLES]: () => ({ list: [raffle({ status })], timezone: ZONE }),
      [`POST ${cancelPath('3')}`]: () => {
        if (refuse) {
          refuse = false;
          throw new ApiFailure(409, 'RAFFLE_DRAWN', 'This raffle was drawn or cancelled already');
        }
        status = 'CANCELLED';
        return raffle({ status });
      },
    });
    renderApp('/promotions/raffles', { staff: 'content' });
    const row = await screen.findByTestId('raffles-row', {}, SLOW);
    await user.click(within(row).getByRole('button', { name: 'Cancel raffle' }));
    const dialog = await screen.findByTestId('raffle-cancel-dialog');
    expect(dialog).toHaveTextContent('December raffle');
    expect(dialog).toHaveTextContent(/Dec 21, 2026, 8:00\sPM/);
    // Backing out sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('raffle-cancel-dialog')).not.toBeInTheDocument());
    expect(callsTo(api, 'POST', cancelPath('3'))).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Cancel raffle' }));
    await user.click(await screen.findByTestId('raffle-cancel-dialog-confirm'));
    expect(await screen.findByTestId('raffle-cancel-dialog-error')).toHaveTextContent(
      'This raffle was already drawn or cancelled; the list has been refreshed.',
    );
    await user.click(screen.getByTestId('raffle-cancel-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId('raffle-cancel-dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Raffle December raffle cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('raffle-status')).toHaveTextContent('Cancelled'));
    expect(screen.queryByRole('button', { name: 'Cancel raffle' })).not.toBeInTheDocument();
    expect(callsTo(api, 'POST', cancelPath('3'))).toHaveLength(2);
  });

  it('should create a raffle with its prize list and times read in the merchant’s zone', async () => {
    const user = userEvent.setup();
    let fail = true;
    const api = mockApi({
      [RAFFLES]: () => ({ list: [], timezone: ZONE }),
      [`POST ${REFERRAL_OPS_API.raffles}`]: () => {
        if (fail) {
          fail = false;
          throw new ApiFailure(400, 'INVALID_AMOUNT', 'The amount has too many decimals', {
            fields: [{ path: 'prizes.1', message: 'The amount has too many decimals' }],
          });
        }
        return raffle({ id: '9', title: 'New year raffle', status: 'UPCOMING', tickets: 0, holders: 0 });
      },
    });
    renderApp('/promotions/raffles', { staff: 'content' });
    await user.click(await screen.findByRole('button', { name: 'New raffle' }, SLOW));
    const dialog = await screen.findByTestId('raffle-dialog');
    expect(within(dialog).getByTestId('raffle-zone')).toHaveTextContent('In Asia/Manila');
    // Nothing filled in: the fields say what is missing and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create raffle' }));
    expect(await within(dialog).findAllByTestId('field-error')).not.toHaveLength(0);
    expect(within(dialog).getByTestId('raffle-title-EN')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(api, 'POST', REFERRAL_OPS_API.raffles)).toHaveLength(0);

    await user.type(within(dialog).getByTestId('raffle-title-EN'), 'New year raffle');
    await user.type(within(dialog).getByTestId('raffle-title-TY'), 'Raffle ng Bagong Taon');
    await user.selectOptions(within(dialog).getByTestId('raffle-basis'), 'VALID_BET');
    await user.type(within(dialog).getByTestId('raffle-ticket-unit'), '50');
    await user.clear(within(dialog).getByTestId('raffle-max-tickets'));
    await user.type(within(dialog).getByTestId('raffle-max-tickets'), '25');
    await user.type(within(dialog).getByTestId('raffle-prize-1'), '888');
    await user.click(within(dialog).getByRole('button', { name: 'Add a prize' }));
    await user.type(within(dialog).getByTestId('raffle-prize-2'), '88.888');
    await user.click(within(dialog).getByRole('button', { name: 'Add a prize' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove the last prize' }));
    expect(within(dialog).queryByTestId('raffle-prize-3')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByTestId('raffle-opensAt'), { target: { value: '2026-12-26T00:00' } });
    fireEvent.change(within(dialog).getByTestId('raffle-closesAt'), { target: { value: '2026-12-31T20:00' } });
    fireEvent.change(within(dialog).getByTestId('raffle-drawAt'), { target: { value: '2027-01-01T00:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create raffle' }));

    // The server's refusal of the second prize lands under it.
    expect(await within(dialog).findByText('The amount has too many decimals')).toBeInTheDocument();
    expect(within(dialog).getByTestId('raffle-prize-2')).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(callsTo(api, 'POST', REFERRAL_OPS_API.raffles)[0]?.[1])).toEqual({
      title: { EN: 'New year raffle', TY: 'Raffle ng Bagong Taon' },
      basis: 'VALID_BET',
      ticketUnit: '50',
      maxTicketsPerMember: 25,
      prizes: ['888', '88.888'],
      // Manila is UTC+8: its midnight of 26 December is 16:00 UTC the day before.
      opensAt: '2026-12-25T16:00:00.000Z',
      closesAt: '2026-12-31T12:00:00.000Z',
      drawAt: '2026-12-31T16:30:00.000Z',
    });

    await user.clear(within(dialog).getByTestId('raffle-prize-2'));
    await user.type(within(dialog).getByTestId('raffle-prize-2'), '88.88');
    await user.click(within(dialog).getByRole('button', { name: 'Create raffle' }));
    await waitFor(() => expect(screen.queryByTestId('raffle-dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Raffle New year raffle created')).toBeInTheDocument();
    expect(bodyOf(callsTo(api, 'POST', REFERRAL_OPS_API.raffles)[1]?.[1])).toMatchObject({ prizes: ['888', '88.88'] });
  });

  it('should refuse a closing before the opening in the form, before anything is sent', async () => {
    const user = userEvent.setup();
    const api = mockApi({ [RAFFLES]: () => ({ list: [], timezone: ZONE }) });
    renderApp('/promotions/raffles', { staff: 'content' });
    await user.click(await screen.findByRole('button', { name: 'New raffle' }, SLOW));
    const dialog = await screen.findByTestId('raffle-dialog');
    await user.type(within(dialog).getByTestId('raffle-title-EN'), 'Backwards');
    await user.type(within(dialog).getByTestId('raffle-ticket-unit'), '10');
    await user.type(within(dialog).getByTestId('raffle-prize-1'), '100');
    fireEvent.change(within(dialog).getByTestId('raffle-opensAt'), { target: { value: '2026-12-26T00:00' } });
    fireEvent.change(within(dialog).getByTestId('raffle-closesAt'), { target: { value: '2026-12-25T00:00' } });
    fireEvent.change(within(dialog).getByTestId('raffle-drawAt'), { target: { value: '2026-12-27T00:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create raffle' }));
    expect(await within(dialog).findByText('must be after opening')).toBeInTheDocument();
    expect(within(dialog).getByTestId('raffle-closesAt')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(api, 'POST', REFERRAL_OPS_API.raffles)).toHaveLength(0);
  });
});
