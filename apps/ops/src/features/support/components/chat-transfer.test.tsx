import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OpsChat, OpsChatMessage } from '@platform/contracts';
import { bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, staffProfile } from '@/testing/render';

const chat = (overrides: Partial<OpsChat> = {}): OpsChat => ({
  id: '9',
  status: 'ACTIVE',
  offline: false,
  staffName: 'anna',
  otherTyping: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  memberId: null,
  username: null,
  guestName: 'Ana',
  guestContact: 'ana@example.com',
  lastMessageAt: '2026-11-27T10:01:00.000Z',
  mine: true,
  ...overrides,
});
const line = (overrides: Partial<OpsChatMessage>): OpsChatMessage => ({
  id: '1',
  sender: 'CUSTOMER',
  staffName: null,
  body: 'Where is my payout?',
  hasImage: false,
  internal: false,
  createdAt: '2026-11-27T10:00:30.000Z',
  ...overrides,
});
const COLLEAGUES = {
  list: [
    { id: '7', username: 'anna', displayName: 'Anna' },
    { id: '8', username: 'ben', displayName: 'Ben Cruz' },
  ],
};
const anna = staffProfile({ role: 'support', id: '7', username: 'anna', displayName: 'Anna' });

describe('chat transfer', () => {
  it('should hand the chat to the chosen colleague with a staff-only note, then stop offering a reply', async () => {
    const user = userEvent.setup();
    let current = chat();
    let messages = [line({})];
    const api = mockApi({
      'GET /wps/ops/chats': () => ({ list: [current] }),
      'GET /wps/ops/chats/9': (_init, url) => ({
        chat: current,
        messages: url.searchParams.get('after') ? [] : messages,
      }),
      'GET /wps/ops/chat-canned': () => ({ list: [] }),
      'GET /wps/ops/chat-colleagues': () => COLLEAGUES,
      'POST /wps/ops/chats/9/transfer': (init) => {
        const body = bodyOf(init) as { note: string };
        current = chat({ staffName: 'ben', mine: false });
        messages = [
          ...messages,
          line({ id: '2', sender: 'STAFF', staffName: 'anna', body: body.note, internal: true }),
        ];
        return current;
      },
    });
    renderApp('/support/chats', { staff: anna });
    await user.click(await screen.findByRole('button', { name: /Ana/ }));
    await screen.findByText('Where is my payout?');
    await user.click(screen.getByText('Transfer'));
    const select = screen.getByLabelText('Colleague');
    // Oneself is not among the colleagues.
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.text)).toEqual([
      'Choose a colleague',
      'Ben Cruz (ben)',
    ]);
    await user.selectOptions(select, '8');
    await user.type(screen.getByLabelText('Note for the colleague (staff only)'), 'VIP, payout desk');
    await user.click(screen.getByRole('button', { name: 'Transfer to colleague' }));
    await waitFor(() => expect(callsTo(api, 'POST', '/wps/ops/chats/9/transfer')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'POST', '/wps/ops/chats/9/transfer')[0]?.[1])).toEqual({
      toStaffId: '8',
      note: 'VIP, payout desk',
    });
    expect(await screen.findByTestId('chat-others')).toHaveTextContent('ben is answering this chat.');
    expect(screen.queryByLabelText('Reply')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('should mark a transfer note as staff only in the transcript', async () => {
    mockApi({
      'GET /wps/ops/chats': () => ({ list: [chat({ mine: false, staffName: 'ben' })] }),
      'GET /wps/ops/chats/9': () => ({
        chat: chat({ staffName: 'anna' }),
        messages: [line({ id: '2', sender: 'STAFF', staffName: 'ben', body: 'Check the bank slip', internal: true })],
      }),
      'GET /wps/ops/chat-canned': () => ({ list: [] }),
      'GET /wps/ops/chat-colleagues': () => COLLEAGUES,
    });
    const user = userEvent.setup();
    renderApp('/support/chats', { staff: anna });
    await user.click(await screen.findByRole('button', { name: /Ana/ }));
    const note = (await screen.findByText('Check the bank slip')).closest('li');
    expect(note).toHaveTextContent('Staff only');
    expect(note).toHaveClass('support__line--internal');
  });
});
