import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatHours } from '@platform/contracts';
import { changeLanguage } from '@/lib/i18n';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const HOURS: ChatHours = {
  open: true,
  days: [1, 2, 3, 4, 5],
  opensMinute: 720,
  closesMinute: 1260,
  timezone: 'Asia/Manila',
};
const settingsApi = (put: (body: unknown) => unknown = (body) => ({ ...HOURS, ...(body as object), open: false })) =>
  mockApi({
    'GET /wps/ops/chat-hours': () => HOURS,
    'PUT /wps/ops/chat-hours': (init) => put(bodyOf(init)),
    'GET /wps/ops/feedback-settings': () => ({ minWords: 5, maxWords: 300 }),
    'PUT /wps/ops/feedback-settings': (init) => bodyOf(init),
  });

afterEach(() => changeLanguage('EN'));

describe('support settings', () => {
  it('should save the consulting hours an admin ticks, and say support is closed after the change', async () => {
    const user = userEvent.setup();
    const api = settingsApi();
    renderApp('/config/support', { staff: 'admin' });
    expect(await screen.findByTestId('hours-now')).toHaveTextContent('Support is open now (Asia/Manila).');
    expect(screen.getByTestId('hours-day-1')).toBeChecked();
    expect(screen.getByTestId('hours-opens')).toHaveValue('12:00');
    await user.click(screen.getByTestId('hours-day-6'));
    await user.click(screen.getByTestId('hours-day-1'));
    await user.clear(screen.getByTestId('hours-closes'));
    await user.type(screen.getByTestId('hours-closes'), '00:00');
    await user.click(screen.getByTestId('hours-save'));
    await waitFor(() => expect(callsTo(api, 'PUT', '/wps/ops/chat-hours')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'PUT', '/wps/ops/chat-hours')[0]?.[1])).toEqual({
      days: [2, 3, 4, 5, 6],
      opensMinute: 720,
      closesMinute: 1440,
    });
    expect(await screen.findByTestId('hours-now')).toHaveTextContent('Support is closed now');
  });

  it('should refuse closing before opening in Tagalog, sending nothing', async () => {
    await changeLanguage('TY');
    const user = userEvent.setup();
    const api = settingsApi();
    renderApp('/config/support', { staff: 'admin' });
    const closes = await screen.findByTestId('hours-closes');
    await user.clear(closes);
    await user.type(closes, '09:00');
    await user.click(screen.getByTestId('hours-save'));
    expect(await screen.findByText('Dapat mas huli ang oras ng pagsasara kaysa sa pagbubukas.')).toBeInTheDocument();
    expect(closes).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(api, 'PUT', '/wps/ops/chat-hours')).toHaveLength(0);
  });

  it('should check the word limits before sending, and put the server’s field error under its input', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /wps/ops/chat-hours': () => HOURS,
      'GET /wps/ops/feedback-settings': () => ({ minWords: 5, maxWords: 300 }),
      'PUT /wps/ops/feedback-settings': () => {
        throw new ApiFailure(400, 'VALIDATION_FAILED', 'Invalid feedback settings', {
          fields: [{ path: 'maxWords', message: 'must be at least the lower limit' }],
        });
      },
    });
    renderApp('/config/support', { staff: 'owner' });
    const min = await screen.findByTestId('words-min');
    await user.clear(min);
    await user.type(min, '0');
    await user.click(screen.getByTestId('words-save'));
    expect(await screen.findByText('Enter a number from 1 to 2000.')).toBeInTheDocument();
    await user.clear(min);
    await user.type(min, '400');
    await user.click(screen.getByTestId('words-save'));
    expect(await screen.findByText('The upper limit must be at least the lower limit.')).toBeInTheDocument();
    expect(callsTo(api, 'PUT', '/wps/ops/feedback-settings')).toHaveLength(0);

    await user.clear(min);
    await user.type(min, '10');
    await user.click(screen.getByTestId('words-save'));
    await waitFor(() => expect(callsTo(api, 'PUT', '/wps/ops/feedback-settings')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'PUT', '/wps/ops/feedback-settings')[0]?.[1])).toEqual({ minWords: 10, maxWords: 300 });
    expect(await screen.findByText('The upper limit must be at least the lower limit.')).toBeInTheDocument();
  });

  it('should keep the settings from support staff and the canned replies from a cashier', async () => {
    mockApi({ 'GET /wps/ops/chat-canned': () => ({ list: [] }) });
    const { unmount } = renderApp('/config/support', { staff: 'support' });
    expect(await screen.findByTestId('forbidden-page')).toBeInTheDocument();
    expect(screen.getByTestId('nav-support-canned')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-config-support')).not.toBeInTheDocument();
    unmount();
    renderApp('/support/canned', { staff: 'cashier' });
    expect(await screen.findByTestId('forbidden-page')).toBeInTheDocument();
  });
});

describe('canned replies', () => {
  it('should add, edit and delete replies, checking the title first', async () => {
    const user = userEvent.setup();
    let list = [{ id: '1', title: 'Greeting', body: 'Hello, how can I help?' }];
    const api = mockApi({
      'GET /wps/ops/chat-canned': () => ({ list }),
      'POST /wps/ops/chat-canned': (init) => {
        const added = { id: '2', ...(bodyOf(init) as { title: string; body: string }) };
        list = [...list, added];
        return added;
      },
      'PUT /wps/ops/chat-canned/1': (init) => {
        const edited = { id: '1', ...(bodyOf(init) as { title: string; body: string }) };
        list = list.map((c) => (c.id === '1' ? edited : c));
        return edited;
      },
      'DELETE /wps/ops/chat-canned/1': () => {
        list = list.filter((c) => c.id !== '1');
        return null;
      },
    });
    renderApp('/support/canned', { staff: 'support' });
    await screen.findByText('Hello, how can I help?');
    await user.type(screen.getByTestId('canned-new-body'), 'Your deposit is credited.');
    await user.click(screen.getByTestId('canned-new-save'));
    expect(await screen.findByText('Enter a title.')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/wps/ops/chat-canned')).toHaveLength(0);
    await user.type(screen.getByTestId('canned-new-title'), 'Deposit');
    await user.click(screen.getByTestId('canned-new-save'));
    expect(await screen.findByText('Your deposit is credited.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Greeting' }));
    const body = screen.getByTestId('canned-edit-1-body');
    await user.clear(body);
    await user.type(body, 'Good day!');
    await user.click(screen.getByTestId('canned-edit-1-save'));
    expect(await screen.findByText('Good day!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Greeting' }));
    await waitFor(() => expect(screen.queryByText('Good day!')).not.toBeInTheDocument());
    expect(within(screen.getByTestId('canned-page')).getAllByTestId('canned-item')).toHaveLength(1);
  });
});
