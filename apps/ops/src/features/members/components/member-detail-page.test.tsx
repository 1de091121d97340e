import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberNote, OpsMemberProfile } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';
import { NO_SOCIAL_CONTACTS } from '@platform/ui/testing';

const profile = (overrides: Partial<OpsMemberProfile> = {}): OpsMemberProfile => ({
  id: '7',
  username: 'demo_member',
  nickname: 'Demo Member',
  realName: 'Juan Dela Cruz',
  userType: 0,
  status: 'ACTIVE',
  countryDialingCode: '+63',
  mobileNum: '9171234567',
  upline: 'demo_subagent',
  registeredAt: '2026-01-02T03:04:05.000Z',
  lastLoginAt: '2026-03-01T10:00:00.000Z',
  email: 'demo_member@luckystar.example',
  birthday: null,
  idNumber: null,
  address: null,
  nationality: null,
  occupation: null,
  sourceOfIncome: null,
  placeOfBirth: null,
  ...NO_SOCIAL_CONTACTS,
  language: 'EN',
  affiliateCode: null,
  referrer: null,
  registerUrl: null,
  registerMethod: 'SEED',
  registerIp: null,
  lastLoginIp: '10.0.0.1',
  passwordChangedAt: null,
  hasPaymentPassword: true,
  uplineChain: [
    { id: '5', username: 'demo_subagent', userType: 2 },
    { id: '4', username: 'demo_agent', userType: 1 },
  ],
  directDownline: null,
  balances: [
    { purpose: 'CASH', currency: 'USD', balance: '1250.00' },
    { purpose: 'FROZEN', currency: 'USD', balance: '100.00' },
  ],
  ...overrides,
});

const MEMBER = '/wps/ops/members/7';

/** The member API with `state` as the member's current profile (a status change updates it). */
const memberApi = (
  state: { member: OpsMemberProfile; notes?: MemberNote[] },
  extra: Parameters<typeof mockApi>[0] = {},
) =>
  mockApi({
    [`GET ${MEMBER}`]: () => state.member,
    [`POST ${MEMBER}/status`]: (init) => {
      const { action } = bodyOf(init) as { action: string };
      const status = action === 'LOCK' ? 'LOCKED' : action === 'UNLOCK' ? 'ACTIVE' : 'CLOSED';
      state.member = { ...state.member, status };
      return { id: '7', status, sessionsRevoked: 1 };
    },
    [`GET ${MEMBER}/notes`]: () => ({ list: state.notes ?? [], pageNo: 1, totalPages: state.notes?.length ? 1 : 0 }),
    ...extra,
  });

describe('member detail', () => {
  beforeAll(async () => {
    await import('./member-detail-page');
  });

  it('should show the profile with the upline chain, and balances in their tab', async () => {
    memberApi({ member: profile() });
    renderApp('/members/7', { staff: 'support' });
    const shown = await screen.findByTestId('member-profile', {}, { timeout: 15_000 });
    expect(screen.getByRole('heading', { name: 'demo_member' })).toBeInTheDocument();
    expect(screen.getByTestId('member-status')).toHaveTextContent('Active');
    expect(shown).toHaveTextContent('demo_member@luckystar.example');
    expect(shown).toHaveTextContent('+63 9171234567');
    expect(
      within(screen.getByTestId('member-upline-chain'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['demo_subagent', 'demo_agent']);
    expect(screen.queryByTestId('member-downline')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByTestId('member-tab-balances'));
    const rows = await screen.findAllByTestId('member-balances-row');
    expect(rows.map((r) => r.textContent)).toEqual(['CashUSD1,250.00', 'Held by pending withdrawalsUSD100.00']);
  });

  it("should show an agent's direct downline with a link to search it", async () => {
    memberApi({
      member: profile({ username: 'demo_agent', userType: 1, directDownline: { count: 3, capped: false } }),
    });
    const { router } = renderApp('/members/7', { staff: 'support' });
    expect(await screen.findByTestId('member-downline')).toHaveTextContent('3');
    await userEvent.setup().click(screen.getByTestId('member-downline-link'));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/members?agent=demo_agent');
  });

  it('should link an agent to its place in the agent tree, its report and its limits for roles with agents.view', async () => {
    memberApi({
      member: profile({ username: 'demo_agent', userType: 1, directDownline: { count: 3, capped: false } }),
    });
    const { unmount } = renderApp('/members/7', { staff: 'support' });
    expect(await screen.findByTestId('member-downline')).toBeInTheDocument();
    // support has no agents.view: no links to screens it could not open.
    expect(screen.queryByTestId('member-agent-screens')).not.toBeInTheDocument();
    unmount();
    const { router } = renderApp('/members/7', { staff: 'risk' });
    expect(await screen.findByTestId('member-agent-report')).toHaveAttribute('href', '/agents/7/report');
    expect(screen.getByTestId('member-agent-limits')).toHaveAttribute('href', '/agents/7/limits');
    await userEvent.setup().click(screen.getByTestId('member-agent-tree'));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/agents/tree?parentId=7');
  });

  it('should lock with a reason after the dialog, and refuse an empty reason in place', async () => {
    const user = userEvent.setup();
    const state = { member: profile() };
    const api = memberApi(state);
    renderApp('/members/7', { staff: 'risk' });
    await user.click(await screen.findByTestId('member-lock'));
    const dialog = await screen.findByTestId('member-status-dialog');
    expect(dialog).toHaveTextContent('Lock demo_member?');
    await user.click(within(dialog).getByTestId('member-status-dialog-confirm'));
    expect(await within(dialog).findByTestId('field-error')).toHaveTextContent('Enter a reason.');
    expect(callsTo(api, 'POST', `${MEMBER}/status`)).toHaveLength(0);

    await user.type(within(dialog).getByTestId('member-status-dialog-reason'), 'Chargeback on card');
    await user.click(within(dialog).getByTestId('member-status-dialog-confirm'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('demo_member is locked and logged out.');
    expect(bodyOf(callsTo(api, 'POST', `${MEMBER}/status`)[0]?.[1])).toEqual({
      action: 'LOCK',
      reason: 'Chargeback on card',
    });
    await waitFor(() => expect(screen.getByTestId('member-status')).toHaveTextContent('Locked'));
    expect(screen.getByTestId('member-unlock')).toBeInTheDocument();
    expect(screen.queryByTestId('member-lock')).not.toBeInTheDocument();
  });

  it('should show why the server refused a status change inside the dialog', async () => {
    const user = userEvent.setup();
    memberApi(
      { member: profile({ status: 'LOCKED' }) },
      {
        [`POST ${MEMBER}/status`]: () => {
          throw new ApiFailure(409, 'MEMBER_STATE_INVALID', 'This account is not locked');
        },
      },
    );
    renderApp('/members/7', { staff: 'risk' });
    await user.click(await screen.findByTestId('member-unlock'));
    await user.type(await screen.findByTestId('member-status-dialog-reason'), 'Checked');
    await user.click(screen.getByTestId('member-status-dialog-confirm'));
    expect(await screen.findByTestId('member-status-dialog-error')).toHaveTextContent('This account is not locked');
    expect(screen.getByTestId('member-status-dialog')).toBeInTheDocument();
  });

  it('should offer no status or password action on a closed account, and none a role may not use', async () => {
    memberApi({ member: profile({ status: 'CLOSED' }) });
    renderApp('/members/7', { staff: 'owner' });
    expect(await screen.findByTestId('member-status')).toHaveTextContent('Closed');
    expect(screen.queryByTestId('member-unlock')).not.toBeInTheDocument();
    expect(screen.queryByTestId('member-close')).not.toBeInTheDocument();
    expect(screen.queryByTestId('member-reset-password')).not.toBeInTheDocument();
  });

  it('should send a password reset by the chosen channel and show a field error from the server', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const api = memberApi(
      { member: profile() },
      {
        [`POST ${MEMBER}/password-reset`]: () => {
          calls += 1;
          if (calls === 1) {
            throw new ApiFailure(400, 'VALIDATION_FAILED', 'channel: the member has no mobile number', {
              fields: [{ path: 'channel', message: 'the member has no mobile number' }],
            });
          }
          return { channel: 'EMAIL', sentTo: 'd***@luckystar.example', expiresAt: '2026-03-02T10:00:00.000Z' };
        },
      },
    );
    renderApp('/members/7', { staff: 'support' });
    expect(screen.queryByTestId('member-lock')).not.toBeInTheDocument();
    await user.click(await screen.findByTestId('member-reset-password'));
    await user.selectOptions(await screen.findByTestId('password-reset-channel'), 'SMS');
    await user.click(screen.getByTestId('password-reset-confirm'));
    expect(await screen.findByTestId('field-error')).toHaveTextContent('the member has no mobile number');
    expect(screen.getByTestId('password-reset-channel')).toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(screen.getByTestId('password-reset-channel'), 'EMAIL');
    await user.click(screen.getByTestId('password-reset-confirm'));
    expect(await screen.findByTestId('password-reset-sent')).toHaveTextContent('d***@luckystar.example');
    expect(callsTo(api, 'POST', `${MEMBER}/password-reset`).map(([, init]) => bodyOf(init))).toEqual([
      { channel: 'SMS' },
      { channel: 'EMAIL' },
    ]);
  });

  it('should add a note, refusing an empty one in place, and list notes newest first', async () => {
    const user = userEvent.setup();
    const state = { member: profile(), notes: [] as MemberNote[] };
    const api = memberApi(state, {
      [`POST ${MEMBER}/notes`]: (init) => {
        const { text } = bodyOf(init) as { text: string };
        const note = {
          id: String(state.notes.length + 1),
          text,
          staff: 'ops_support',
          createdAt: new Date().toISOString(),
        };
        state.notes = [note, ...state.notes];
        return note;
      },
    });
    renderApp('/members/7', { staff: 'support' });
    await user.click(await screen.findByTestId('member-tab-notes'));
    expect(await screen.findByTestId('member-notes-empty')).toHaveTextContent('No notes yet.');

    await user.click(screen.getByTestId('note-submit'));
    expect(await screen.findByTestId('field-error')).toHaveTextContent('a note cannot be empty');
    expect(callsTo(api, 'POST', `${MEMBER}/notes`)).toHaveLength(0);

    await user.type(screen.getByTestId('note-text'), 'Asked about bonus terms');
    await user.click(screen.getByTestId('note-submit'));
    await user.type(screen.getByTestId('note-text'), 'Sent the terms link');
    await waitFor(() => expect(screen.getByTestId('note-text')).toHaveValue('Sent the terms link'));
    await user.click(screen.getByTestId('note-submit'));
    await waitFor(() =>
      expect(screen.getAllByTestId('member-note').map((n) => n.querySelector('.notes__text')?.textContent)).toEqual([
        'Sent the terms link',
        'Asked about bonus terms',
      ]),
    );
  });

  it('should hide the note form from a role that may only read notes', async () => {
    memberApi({
      member: profile(),
      notes: [{ id: '1', text: 'Existing', staff: 'ops_support', createdAt: '2026-03-01T00:00:00.000Z' }],
    });
    renderApp('/members/7', { staff: 'finance' });
    await userEvent.setup().click(await screen.findByTestId('member-tab-notes'));
    expect(await screen.findByTestId('member-note')).toHaveTextContent('Existing');
    expect(screen.queryByTestId('note-form')).not.toBeInTheDocument();
  });

  it('should page the login history and show a failed record list with a retry', async () => {
    const user = userEvent.setup();
    memberApi(
      { member: profile() },
      {
        [`GET ${MEMBER}/logins`]: (_init, url) => ({
          list: [
            {
              loggedInAt: '2026-03-01T10:00:00.000Z',
              ip: url.searchParams.get('pageNo') === '2' ? '10.0.0.9' : '10.0.0.1',
              userAgent: 'Chrome',
              method: 'PASSWORD',
            },
          ],
          pageNo: Number(url.searchParams.get('pageNo')),
          totalPages: 2,
        }),
        [`GET ${MEMBER}/transactions`]: () => {
          throw new ApiFailure(500, 'INTERNAL', 'failed');
        },
      },
    );
    renderApp('/members/7', { staff: 'support' });
    await user.click(await screen.findByTestId('member-tab-logins'));
    expect(await screen.findByTestId('member-logins-row')).toHaveTextContent('10.0.0.1');
    await user.click(within(screen.getByTestId('member-logins-pager')).getByText('Next'));
    await waitFor(() => expect(screen.getByTestId('member-logins-row')).toHaveTextContent('10.0.0.9'));

    await user.click(screen.getByTestId('member-tab-transactions'));
    expect(await screen.findByTestId('member-transactions-error')).toBeInTheDocument();
  });

  it('should say so when the member is not found (another merchant, or no such id)', async () => {
    mockApi({
      [`GET ${MEMBER}`]: () => {
        throw new ApiFailure(404, 'NOT_FOUND', 'Member not found');
      },
    });
    renderApp('/members/7', { staff: 'support' });
    expect(await screen.findByTestId('member-error')).toHaveTextContent('Not found');
  });
});
