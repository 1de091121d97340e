import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToken } from '@/lib/session';
import { callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, staffProfile } from '@/testing/render';

const emptyStaffPage = () => ({ list: [], pageNo: 1, totalPages: 0, total: 0 });

describe('shell', () => {
  it('should show the header with merchant, staff name and role', async () => {
    mockApi({});
    renderApp('/no-such-page', {
      staff: staffProfile({ role: 'cashier', displayName: 'Carla Cruz', merchantCode: 'demo' }),
    });
    expect(await screen.findByTestId('header-merchant')).toHaveTextContent('demo');
    expect(screen.getByTestId('header-staff')).toHaveTextContent('Carla Cruz');
    expect(screen.getByTestId('header-role')).toHaveTextContent('Cashier');
  });

  it('should show the Staff entry only to a role holding staff.manage', async () => {
    mockApi({ 'GET /wps/ops/staff': emptyStaffPage });
    const { unmount } = renderApp('/', { staff: 'owner' });
    expect(await screen.findByTestId('nav-staff')).toBeInTheDocument();
    unmount();
    renderApp('/', { staff: 'cashier' });
    const nav = await screen.findByRole('navigation', { name: 'Back office sections' });
    expect(within(nav).getByTestId('nav-dashboard')).toBeInTheDocument();
    expect(within(nav).queryByTestId('nav-staff')).not.toBeInTheDocument();
    expect(within(nav).queryByTestId('nav-group-staff')).not.toBeInTheDocument();
  });

  it('should show the 403 page at a URL the role may not open, without calling its API', async () => {
    const api = mockApi({ 'GET /wps/ops/staff': emptyStaffPage });
    renderApp('/staff', { staff: 'cashier' });
    expect(await screen.findByTestId('forbidden-page')).toHaveTextContent('You do not have access to this page');
    expect(callsTo(api, 'GET', '/wps/ops/staff')).toHaveLength(0);
  });

  it('should show the not-found page for an unknown URL', async () => {
    mockApi({});
    renderApp('/no/such/page', { staff: 'owner' });
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
  });

  it('should switch language and theme from the header', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderApp('/', { staff: 'support' });
    await user.selectOptions(await screen.findByTestId('language-switch'), 'TY');
    expect(await screen.findByRole('button', { name: 'Mag-sign out' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fil-PH');
    expect(window.localStorage.getItem('ops.language')).toBe('TY');
    await user.selectOptions(screen.getByTestId('language-switch'), 'EN');
    const before = document.documentElement.dataset.theme;
    await user.click(screen.getByTestId('theme-toggle'));
    expect(document.documentElement.dataset.theme).not.toBe(before);
    expect(window.localStorage.getItem('ops.theme')).toBe(document.documentElement.dataset.theme);
  });

  it('should sign out from the header and forget the token', async () => {
    const api = mockApi({ 'POST /wps/ops/auth/logout': () => null });
    const user = userEvent.setup();
    renderApp('/', { staff: 'owner' });
    await user.click(await screen.findByTestId('sign-out'));
    expect(await screen.findByTestId('sign-in-form')).toBeInTheDocument();
    expect(screen.queryByTestId('sign-in-notice')).not.toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(callsTo(api, 'POST', '/wps/ops/auth/logout')).toHaveLength(1);
  });
});
