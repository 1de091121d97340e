import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatHours } from '@platform/contracts';
import { dayRuns } from '@/features/service/components/public-modal';
import { closeSiteModal } from '@/lib/site-modals';
import { mockApi } from '@/testing/api-mock';
import { TELEGRAM_SUPPORT_URL } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';

const HELP = {
  EN: [
    { anchor: 'deposit', title: 'How to deposit', html: '<p>Choose a channel and an amount.</p>' },
    { anchor: 'term', title: 'Terms and conditions', html: '<p>You must be 18 or older to play.</p>' },
  ],
  TY: [
    { anchor: 'deposit', title: 'Paano mag-deposito', html: '<p>Pumili ng channel at halaga.</p>' },
    { anchor: 'term', title: 'Mga tuntunin at kundisyon', html: '<p>Dapat 18 taong gulang pataas ka.</p>' },
  ],
};
const hours = (open: boolean, days = [1, 2, 3, 4, 5]): ChatHours => ({
  open,
  days,
  opensMinute: 720,
  closesMinute: 1260,
  timezone: 'Asia/Manila',
});
const api = (chatHours: ChatHours = hours(true)) =>
  mockApi({
    'GET /wps/system/help': (_init, url) => {
      const lang = (url.searchParams.get('lang') ?? 'EN') as keyof typeof HELP;
      return { lang, device: 'WEB', sections: HELP[lang] };
    },
    'GET /wps/chat-hours': () => chatHours,
  });

// The modals' store lives as long as the module: a test that ends with one open must not leave it to the next.
afterEach(closeSiteModal);

// The first test of each block loads the app and the modal's chunk cold: on a busy machine that alone takes seconds.
const COLD = { timeout: 20_000 };

describe('helpModal', COLD, () => {
  beforeEach(() => setViewport(true));

  it('should open a footer help link as a modal on the same page, switch topics, and close with Escape', async () => {
    api();
    const { user, router } = await renderApp('/');
    const footer = within(await screen.findByTestId('app-footer'));
    await user.click(footer.getByRole('link', { name: 'Terms and conditions' }));
    const modal = await screen.findByTestId('help-modal');
    expect(await within(modal).findByText('You must be 18 or older to play.')).toBeVisible();
    expect(within(modal).getByRole('heading', { name: 'Terms and conditions' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');

    await user.click(within(modal).getByRole('button', { name: 'How to deposit' }));
    expect(within(modal).getByText('Choose a channel and an amount.')).toBeVisible();
    expect(within(modal).getByRole('link', { name: 'Open the help centre' })).toHaveAttribute('href', '/help#deposit');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('help-modal')).not.toBeInTheDocument());
  });

  it('should show the terms over the login popup, which stays open with what was typed', async () => {
    api();
    const { user } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    const login = await screen.findByTestId('login-dialog');
    const username = within(login).getByTestId('login-username');
    await user.type(username, 'demo_member');
    await user.click(within(login).getByRole('link', { name: 'terms and conditions' }));
    const modal = await screen.findByTestId('help-modal');
    expect(await within(modal).findByText('You must be 18 or older to play.')).toBeVisible();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('help-modal')).not.toBeInTheDocument());
    expect(screen.getByTestId('login-dialog')).toBeInTheDocument();
    expect(within(screen.getByTestId('login-dialog')).getByTestId('login-username')).toHaveValue('demo_member');
  });

  it('should show the topic in the player’s language', async () => {
    api();
    const { user } = await renderApp('/');
    await user.selectOptions(await screen.findByTestId('language-select'), 'TY');
    const footer = within(await screen.findByTestId('app-footer'));
    await user.click(await footer.findByRole('link', { name: 'Mga tuntunin at kundisyon' }));
    const modal = await screen.findByTestId('help-modal');
    expect(await within(modal).findByText('Dapat 18 taong gulang pataas ka.')).toBeVisible();
    expect(within(modal).getByRole('link', { name: 'Buksan ang sentro ng tulong' })).toBeVisible();
  });
});

describe('publicModal', COLD, () => {
  beforeEach(() => setViewport(true));

  it('should tell a guest that support is offline, with the hours, and still take a message in the chat window', async () => {
    api(hours(false));
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: null } as unknown as Window);
    const { user } = await renderApp('/');
    await user.click(await within(await screen.findByTestId('side-menu')).findByTestId('side-menu-public'));
    const modal = await screen.findByTestId('public-modal');
    expect(await within(modal).findByTestId('public-status')).toHaveTextContent('We are offline now');
    expect(within(modal).getByTestId('public-hours')).toHaveTextContent(
      'Consulting hours: Monday to Friday, 12:00 to 21:00 (Asia/Manila)',
    );
    expect(within(modal).getByRole('link', { name: /Telegram/ })).toHaveAttribute('href', TELEGRAM_SUPPORT_URL);
    await user.click(within(modal).getByRole('button', { name: 'Leave a message' }));
    expect(open).toHaveBeenCalledWith(
      `${location.origin}/service`,
      'customerService',
      expect.stringContaining('width=440'),
    );
    await waitFor(() => expect(screen.queryByTestId('public-modal')).not.toBeInTheDocument());
  });

  it('should open from the member’s account menu, say support is online, and lead to the help centre', async () => {
    signIn();
    api(hours(true, [1, 2, 3, 6]));
    const { user } = await renderApp('/');
    await user.click(await screen.findByTestId('user-menu-trigger'));
    await user.click(await screen.findByTestId('user-menu-service'));
    const modal = await screen.findByTestId('public-modal');
    expect(await within(modal).findByTestId('public-status')).toHaveTextContent('We are online now');
    expect(within(modal).getByTestId('public-hours')).toHaveTextContent(
      'Monday to Wednesday, Saturday, 12:00 to 21:00',
    );
    expect(within(modal).getByRole('button', { name: 'Live chat' })).toBeVisible();
    await user.click(within(modal).getByRole('button', { name: 'Help centre' }));
    expect(await screen.findByTestId('help-modal')).toBeVisible();
    expect(screen.queryByTestId('public-modal')).not.toBeInTheDocument();
  });

  it('should group consecutive days', () => {
    expect(dayRuns([7, 1, 2, 3, 5])).toEqual([
      [1, 3],
      [5, 5],
      [7, 7],
    ]);
    expect(dayRuns([])).toEqual([]);
  });
});
