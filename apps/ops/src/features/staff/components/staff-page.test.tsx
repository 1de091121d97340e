import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffAccount } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, staffProfile } from '@/testing/render';

const account = (overrides: Partial<StaffAccount>): StaffAccount => ({
  id: '10',
  username: 'ops_support',
  displayName: 'Sam Support',
  role: 'support',
  status: 'ACTIVE',
  mfaEnrolled: true,
  lastLoginAt: '2026-11-20T08:30:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

const admin = staffProfile({ id: '2', role: 'admin', displayName: 'Ada Admin' });
const accounts = [
  account({ id: '1', username: 'ops_owner', displayName: 'Olivia Owner', role: 'owner' }),
  account({ id: '2', username: 'ops_admin', displayName: 'Ada Admin', role: 'admin' }),
  account({ id: '10' }),
];
const page = (list: StaffAccount[]) => ({ list, pageNo: 1, totalPages: 1, total: list.length });

const rowOf = async (username: string) => {
  const rows = await screen.findAllByTestId('staff-list-row');
  const row = rows.find((candidate) => within(candidate).queryByText(username) !== null);
  if (!row) throw new Error(`no row for ${username}`);
  return row;
};

describe('staff page', () => {
  // The page is a lazy chunk: compile it before the first test, so that test's waits measure the page, not the build.
  beforeAll(async () => {
    await import('./staff-page');
  });

  it('should list the staff and offer actions only on accounts the caller may manage', async () => {
    mockApi({ 'GET /wps/ops/staff': () => page(accounts) });
    renderApp('/staff', { staff: admin });
    expect(await screen.findAllByTestId('staff-list-row')).toHaveLength(3);
    expect(within(await rowOf('ops_owner')).queryByTestId('staff-disable')).not.toBeInTheDocument();
    expect(within(await rowOf('ops_admin')).queryByTestId('staff-change-role')).not.toBeInTheDocument();
    const support = await rowOf('ops_support');
    expect(within(support).getByTestId('staff-status')).toHaveTextContent('Active');
    expect(within(support).getByTestId('staff-mfa')).toHaveTextContent('Set up');
    expect(within(support).getByTestId('staff-disable')).toBeInTheDocument();
  });

  it('should send the filters and show the empty state when nothing matches', async () => {
    const api = mockApi({ 'GET /wps/ops/staff': (_init, url) => page(url.searchParams.get('q') ? [] : accounts) });
    const user = userEvent.setup();
    renderApp('/staff', { staff: 'owner' });
    await screen.findAllByTestId('staff-list-row');
    await user.type(screen.getByTestId('staff-filter-q'), 'nobody');
    await user.selectOptions(screen.getByTestId('staff-filter-role'), 'cashier');
    await user.click(screen.getByTestId('staff-filters-apply'));
    expect(await screen.findByTestId('staff-list-empty')).toBeInTheDocument();
    const last = callsTo(api, 'GET', '/wps/ops/staff').at(-1)?.[0];
    const url = new URL(String(last), 'http://localhost');
    expect(url.searchParams.get('q')).toBe('nobody');
    expect(url.searchParams.get('role')).toBe('cashier');
    expect(url.searchParams.has('status')).toBe(false);
  });

  it('should create an account, refusing a weak password in place and showing a taken username from the server', async () => {
    let created: unknown = null;
    const api = mockApi({
      'GET /wps/ops/staff': () => page(accounts),
      'POST /wps/ops/staff': (init) => {
        const body = bodyOf(init) as { username: string };
        if (body.username === 'ops_owner') {
          throw new ApiFailure(400, 'VALIDATION_FAILED', 'Invalid input', {
            fields: [{ path: 'username', message: 'This username is taken' }],
          });
        }
        created = body;
        return account({ id: '11', username: body.username, role: 'cashier' });
      },
    });
    const user = userEvent.setup();
    renderApp('/staff', { staff: 'owner' });
    await user.click(await screen.findByTestId('staff-create'));
    const dialog = await screen.findByTestId('staff-create-dialog');
    await user.type(within(dialog).getByTestId('staff-create-username'), 'ops_owner');
    await user.type(within(dialog).getByTestId('staff-create-display-name'), 'Carl Cashier');
    await user.selectOptions(within(dialog).getByTestId('staff-create-role'), 'cashier');
    await user.type(within(dialog).getByTestId('staff-create-password'), 'short');
    await user.click(within(dialog).getByTestId('staff-create-submit'));
    expect(await within(dialog).findByText('Use at least 8 characters')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/wps/ops/staff')).toHaveLength(0);

    await user.clear(within(dialog).getByTestId('staff-create-password'));
    await user.type(within(dialog).getByTestId('staff-create-password'), 'Cashier#2026');
    await user.click(within(dialog).getByTestId('staff-create-submit'));
    expect(await within(dialog).findByText('This username is taken')).toBeInTheDocument();
    expect(within(dialog).getByTestId('staff-create-username')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByTestId('staff-create-username'));
    await user.type(within(dialog).getByTestId('staff-create-username'), 'ops_carl');
    await user.click(within(dialog).getByTestId('staff-create-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Staff account ops_carl created.');
    expect(screen.queryByTestId('staff-create-dialog')).not.toBeInTheDocument();
    expect(created).toEqual({
      username: 'ops_carl',
      displayName: 'Carl Cashier',
      password: 'Cashier#2026',
      role: 'cashier',
    });
  });

  it('should not offer the owner role to an admin', async () => {
    mockApi({ 'GET /wps/ops/staff': () => page(accounts) });
    const user = userEvent.setup();
    renderApp('/staff', { staff: admin });
    await user.click(await screen.findByTestId('staff-create'));
    const roles = within(await screen.findByTestId('staff-create-role')).getAllByRole('option');
    expect(roles.map((option) => option.getAttribute('value'))).not.toContain('owner');
    expect(roles.map((option) => option.getAttribute('value'))).toContain('cashier');
  });

  it('should change a role and show the server refusal under the role field', async () => {
    let attempts = 0;
    const api = mockApi({
      'GET /wps/ops/staff': () => page(accounts),
      'PATCH /wps/ops/staff/10': () => {
        attempts += 1;
        if (attempts === 1) {
          throw new ApiFailure(400, 'VALIDATION_FAILED', 'Invalid input', {
            fields: [{ path: 'role', message: 'Only an owner can give the owner role' }],
          });
        }
        return account({ role: 'finance' });
      },
    });
    const user = userEvent.setup();
    renderApp('/staff', { staff: 'owner' });
    await user.click(within(await rowOf('ops_support')).getByTestId('staff-change-role'));
    const dialog = await screen.findByTestId('staff-role-dialog');
    await user.selectOptions(within(dialog).getByTestId('staff-role-select'), 'owner');
    await user.click(within(dialog).getByTestId('staff-role-submit'));
    expect(await within(dialog).findByText('Only an owner can give the owner role')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByTestId('staff-role-select'), 'finance');
    await user.click(within(dialog).getByTestId('staff-role-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('ops_support is now Finance.');
    expect(bodyOf(callsTo(api, 'PATCH', '/wps/ops/staff/10').at(-1)?.[1])).toEqual({ role: 'finance' });
  });

  it('should disable an account only after the confirmation, and reset MFA', async () => {
    const api = mockApi({
      'GET /wps/ops/staff': () => page(accounts),
      'PATCH /wps/ops/staff/10': () => account({ status: 'DISABLED' }),
      'POST /wps/ops/staff/10/reset-mfa': () => account({ mfaEnrolled: false }),
    });
    const user = userEvent.setup();
    renderApp('/staff', { staff: 'owner' });
    await user.click(within(await rowOf('ops_support')).getByTestId('staff-disable'));
    const confirm = await screen.findByTestId('staff-confirm');
    expect(confirm).toHaveTextContent('Disable ops_support?');
    expect(callsTo(api, 'PATCH', '/wps/ops/staff/10')).toHaveLength(0);
    await user.click(within(confirm).getByTestId('staff-confirm-confirm'));
    await waitFor(() => expect(screen.queryByTestId('staff-confirm')).not.toBeInTheDocument());
    expect(bodyOf(callsTo(api, 'PATCH', '/wps/ops/staff/10')[0]?.[1])).toEqual({ status: 'DISABLED' });

    await user.click(within(await rowOf('ops_support')).getByTestId('staff-reset-mfa'));
    await user.click(within(await screen.findByTestId('staff-confirm')).getByTestId('staff-confirm-confirm'));
    await waitFor(() => expect(callsTo(api, 'POST', '/wps/ops/staff/10/reset-mfa')).toHaveLength(1));
  });

  it('should keep the confirmation open with the reason when the server refuses', async () => {
    mockApi({
      'GET /wps/ops/staff': () => page(accounts),
      'POST /wps/ops/staff/10/reset-mfa': () => {
        throw new ApiFailure(403, 'FORBIDDEN', 'Permission denied');
      },
    });
    const user = userEvent.setup();
    renderApp('/staff', { staff: 'owner' });
    await user.click(within(await rowOf('ops_support')).getByTestId('staff-reset-mfa'));
    const confirm = await screen.findByTestId('staff-confirm');
    await user.click(within(confirm).getByTestId('staff-confirm-confirm'));
    expect(await within(confirm).findByTestId('staff-confirm-error')).toHaveTextContent(
      'Your role does not allow this action.',
    );
  });
});
