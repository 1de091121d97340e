import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OpsMaintenance, OpsWhitelabel } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const LANGUAGES = {
  defaultLanguage: 'EN',
  languages: [
    { code: 'EN', locale: 'en-US', label: 'English', enabled: true },
    { code: 'TY', locale: 'fil-PH', label: 'Filipino', enabled: true },
  ],
};
const OFF: OpsMaintenance = { enabled: false, active: false, messages: {}, startsAt: null, endsAt: null };
const MAINTENANCE = '/wps/ops/config/maintenance';

const maintenanceApi = (onPut: (body: unknown) => unknown = (body) => ({ ...(body as object), active: true })) =>
  mockApi({
    'GET /wps/ops/config/maintenance': () => OFF,
    'GET /wps/ops/config/languages': () => LANGUAGES,
    'PUT /wps/ops/config/maintenance': (init) => onPut(bodyOf(init)),
  });

describe('configuration pages', () => {
  it('should list the configuration pages in the nav of an admin', async () => {
    mockApi({ 'GET /wps/ops/config/languages': () => LANGUAGES });
    renderApp('/config/languages', { staff: 'admin' });
    expect(await screen.findByTestId('config-languages-page')).toBeInTheDocument();
    const group = screen.getByTestId('nav-group-configuration');
    expect(within(group).getByTestId('nav-config-maintenance')).toBeInTheDocument();
    expect(within(group).getByTestId('nav-config-region-rules')).toBeInTheDocument();
  });

  it('should not show a cashier the configuration', async () => {
    mockApi({});
    renderApp('/config/maintenance', { staff: 'cashier' });
    expect(await screen.findByTestId('forbidden-page')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-group-configuration')).not.toBeInTheDocument();
  });

  it('should ask before turning maintenance on, and send nothing when the staff member cancels', async () => {
    const user = userEvent.setup();
    const api = maintenanceApi();
    renderApp('/config/maintenance', { staff: 'admin' });
    await user.click(await screen.findByTestId('maintenance-enabled'));
    await user.type(screen.getByTestId('maintenance-message-EN'), 'Back at 10:00');
    await user.type(screen.getByTestId('maintenance-message-TY'), 'Babalik ng 10:00');
    await user.click(screen.getByTestId('maintenance-save'));
    const dialog = await screen.findByTestId('maintenance-confirm');
    expect(dialog).toHaveTextContent('Turn maintenance on?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('maintenance-confirm')).not.toBeInTheDocument());
    expect(callsTo(api, 'PUT', MAINTENANCE)).toHaveLength(0);

    await user.click(screen.getByTestId('maintenance-save'));
    await user.click(await screen.findByTestId('maintenance-confirm-confirm'));
    await waitFor(() => expect(callsTo(api, 'PUT', MAINTENANCE)).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'PUT', MAINTENANCE)[0]?.[1])).toEqual({
      enabled: true,
      messages: { EN: 'Back at 10:00', TY: 'Babalik ng 10:00' },
      startsAt: null,
      endsAt: null,
    });
    expect(await screen.findByTestId('maintenance-status')).toHaveTextContent('Players see the maintenance page now');
  });

  it('should put the server’s field errors under their inputs and keep the form', async () => {
    const user = userEvent.setup();
    maintenanceApi(() => {
      throw new ApiFailure(400, 'VALIDATION_FAILED', 'Invalid maintenance', {
        fields: [{ path: 'endsAt', message: 'is already past' }],
      });
    });
    renderApp('/config/maintenance', { staff: 'admin' });
    await user.click(await screen.findByTestId('maintenance-enabled'));
    await user.type(screen.getByTestId('maintenance-ends-at'), '2020-01-01T10:00');
    await user.click(screen.getByTestId('maintenance-save'));
    await user.click(await screen.findByTestId('maintenance-confirm-confirm'));
    const ends = screen.getByTestId('maintenance-ends-at');
    await waitFor(() => expect(ends).toHaveAttribute('aria-invalid', 'true'));
    expect(ends.closest('.field')).toHaveTextContent('is already past');
    expect(screen.getByTestId('maintenance-enabled')).toBeChecked();
  });

  it('should refuse a window that ends before it starts without asking the server', async () => {
    const user = userEvent.setup();
    const api = maintenanceApi();
    renderApp('/config/maintenance', { staff: 'admin' });
    await user.type(await screen.findByTestId('maintenance-starts-at'), '2030-01-02T10:00');
    await user.type(screen.getByTestId('maintenance-ends-at'), '2030-01-01T10:00');
    await user.click(screen.getByTestId('maintenance-save'));
    expect(await screen.findByText('must be after the start')).toBeInTheDocument();
    expect(screen.queryByTestId('maintenance-confirm')).not.toBeInTheDocument();
    expect(callsTo(api, 'PUT', MAINTENANCE)).toHaveLength(0);
  });

  it('should not let the default language be switched off', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /wps/ops/config/languages': () => LANGUAGES });
    renderApp('/config/languages', { staff: 'admin' });
    await user.click(await screen.findByTestId('languages-enabled-EN'));
    await user.click(screen.getByTestId('languages-save'));
    expect(await screen.findByText('the default language cannot be disabled')).toBeInTheDocument();
    expect(callsTo(api, 'PUT', '/wps/ops/config/languages')).toHaveLength(0);
  });

  it('should keep a feature under a switched-off one from being switched on, and send only what changed', async () => {
    const user = userEvent.setup();
    const tree: OpsWhitelabel = {
      modules: [
        {
          modId: 'SMSLOGIN3',
          enabled: true,
          effective: true,
          childrenNodes: [{ modId: 'FORGOTMOB3', enabled: false, effective: false, childrenNodes: [] }],
        },
      ],
    };
    const api = mockApi({
      'GET /wps/ops/config/whitelabel': () => tree,
      'PATCH /wps/ops/config/whitelabel': () => {
        throw new ApiFailure(400, 'VALIDATION_FAILED', 'Invalid', {
          fields: [{ path: 'changes.0.enabled', message: 'cannot be switched on while X is off' }],
        });
      },
    });
    renderApp('/config/whitelabel', { staff: 'admin' });
    const parent = await screen.findByTestId('whitelabel-SMSLOGIN3');
    const child = screen.getByTestId('whitelabel-FORGOTMOB3');
    expect(child).toBeEnabled();
    await user.click(parent);
    expect(child).toBeDisabled();
    await user.click(screen.getByTestId('whitelabel-save'));
    await waitFor(() => expect(callsTo(api, 'PATCH', '/wps/ops/config/whitelabel')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'PATCH', '/wps/ops/config/whitelabel')[0]?.[1])).toEqual({
      changes: [{ modId: 'SMSLOGIN3', enabled: false }],
    });
    const module = screen.getAllByTestId('whitelabel-module')[0];
    expect(await within(module as HTMLElement).findByText('cannot be switched on while X is off')).toBeInTheDocument();
  });

  it('should refuse a slow pattern on the client and offer the standard one', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /wps/ops/config/register': () => ({
        fields: [
          {
            field: 'email',
            enabled: true,
            required: false,
            acceptedPattern: null,
            patternId: 'EMAIL',
            minLength: 5,
            maxLength: 100,
          },
        ],
      }),
    });
    renderApp('/config/register', { staff: 'admin' });
    await user.click(await screen.findByTestId('register-pattern-email'));
    await user.paste('^([a-z]+)*$');
    await user.click(screen.getByTestId('register-save'));
    expect(await screen.findByText(/must not repeat a group/)).toBeInTheDocument();
    expect(callsTo(api, 'PUT', '/wps/ops/config/register')).toHaveLength(0);
    await user.click(screen.getByTestId('register-standard-email'));
    expect(screen.getByTestId('register-pattern-email')).toHaveValue('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$');
  });

  it('should refuse a link that is not http(s) on the client', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /wps/ops/config/resources': () => ({ resources: [] }) });
    renderApp('/config/resources', { staff: 'admin' });
    expect(await screen.findByTestId('resources-empty')).toBeInTheDocument();
    await user.click(await screen.findByTestId('resources-add'));
    await user.type(screen.getByTestId('resources-label'), 'Facebook');
    await user.type(screen.getByTestId('resources-url'), 'javascript:alert(1)');
    await user.click(screen.getByTestId('resources-save'));
    expect(await screen.findByText('must be an http:// or https:// address')).toBeInTheDocument();
    expect(callsTo(api, 'PUT', '/wps/ops/config/resources')).toHaveLength(0);
  });
});
