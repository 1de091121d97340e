import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { makeConfig, TELEGRAM_SUPPORT_URL } from '@/testing/fixtures';
import { renderApp, setViewport, signIn } from '@/testing/render-app';

const sideMenu = () => within(screen.getByTestId('side-menu'));

describe('header (guest)', () => {
  beforeEach(() => {
    setViewport(true);
    mockApi({});
  });

  it('should show the brand, the configured categories, and login and register buttons', async () => {
    await renderApp('/');
    const header = within(await screen.findByTestId('app-header'));
    expect(header.getByRole('link', { name: 'Demo Casino home' })).toHaveAttribute('href', '/');
    expect(header.getByRole('link', { name: 'Sports' })).toHaveAttribute('href', '/sports');
    expect(header.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(header.getByRole('button', { name: 'Register' })).toBeVisible();
  });

  it('should open the login dialog, which swaps to registration', async () => {
    const { user } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    const login = await screen.findByTestId('login-dialog');
    expect(within(login).getByRole('heading', { name: 'Log in' })).toBeVisible();
    expect(within(login).getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/help#term');
    await user.click(within(login).getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('register-dialog')).toBeVisible();
    expect(screen.queryByTestId('login-dialog')).not.toBeInTheDocument();
  });

  it('should close the dialog with its close button', async () => {
    const { user } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    const dialog = await screen.findByTestId('register-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('register-dialog')).not.toBeInTheDocument();
  });

  it('should replace login and register by the account menu once logged in', async () => {
    signIn();
    await renderApp('/');
    const header = within(await screen.findByTestId('app-header'));
    expect(await header.findByTestId('user-nickname')).toHaveTextContent('Demo Member');
    expect(header.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    expect(header.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });
});

describe('side menu', () => {
  beforeEach(() => {
    setViewport(true);
    mockApi({});
  });

  it('should list only pages that exist: promotions, and point mall when PTSYS3 is on', async () => {
    await renderApp('/');
    await screen.findByTestId('side-menu');
    expect(sideMenu().getByRole('link', { name: 'Promotions' })).toHaveAttribute('href', '/promotions');
    expect(sideMenu().getByRole('link', { name: 'Points mall' })).toHaveAttribute('href', '/pointMall');
    expect(sideMenu().queryByRole('link', { name: 'Become an agent' })).not.toBeInTheDocument();
    expect(sideMenu().queryByText(/deposit/i)).not.toBeInTheDocument();
  });

  it('should show the agent entry when AGENTPOLICY3 is on, and hide point mall when PTSYS3 is off', async () => {
    await renderApp(
      '/',
      makeConfig({
        whitelabel: [
          { modId: 'PTSYS3', enabled: 0, childrenNodes: [] },
          { modId: 'AGENTPOLICY3', enabled: 1, childrenNodes: [] },
        ],
      }),
    );
    await screen.findByTestId('side-menu');
    expect(sideMenu().getByRole('link', { name: 'Become an agent' })).toHaveAttribute('href', '/agent');
    expect(sideMenu().queryByRole('link', { name: 'Points mall' })).not.toBeInTheDocument();
  });

  it('should show download QR codes on demand, with the language and never the session token', async () => {
    signIn();
    const { user } = await renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Download the app' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('svg title')).toBeNull();
    await user.click(toggle);
    const ios = await sideMenu().findByRole('link', { name: /iOS app/ });
    expect(ios).toHaveAttribute('href', 'https://apps.example.com/ios?lang=EN');
    expect(
      sideMenu()
        .getByRole('link', { name: /Android app/ })
        .getAttribute('href'),
    ).not.toContain('token');
    expect(sideMenu().getByRole('link', { name: /Lite app/ })).toBeVisible();
    const qr = sideMenu().getByTitle('QR code to download the iOS app').closest('svg');
    expect(qr).toHaveAttribute('width', '107');
  });

  it('should open live chat in the service window and link Telegram support', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: null } as unknown as Window);
    const { user } = await renderApp('/');
    await screen.findByTestId('side-menu');
    expect(sideMenu().getByRole('link', { name: /Telegram support/ })).toHaveAttribute('href', TELEGRAM_SUPPORT_URL);
    await user.click(sideMenu().getByRole('button', { name: 'Live chat' }));
    // Our own live chat opens in the service window (issue 22), whatever address the LIVECHAT entry had.
    expect(open).toHaveBeenCalledWith(
      `${location.origin}/service`,
      'customerService',
      expect.stringContaining('width=440'),
    );
  });

  it('should link the configured social pages only', async () => {
    await renderApp('/');
    await screen.findByTestId('side-menu');
    expect(sideMenu().getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', 'https://facebook.com/demo');
    expect(sideMenu().getByRole('link', { name: /YouTube/ })).toBeVisible();
    expect(sideMenu().queryByRole('link', { name: /TikTok/ })).not.toBeInTheDocument();
  });

  it('should show the licence image in the legal dialog', async () => {
    const { user } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Gaming licence' }));
    const dialog = await screen.findByTestId('legal-license-dialog');
    expect(within(dialog).getByRole('img', { name: 'Gaming licence of Demo Casino' })).toHaveAttribute(
      'src',
      'http://localhost:3000/license.png',
    );
  });
});

describe('footer and floating service', () => {
  beforeEach(() => {
    setViewport(true);
    mockApi({});
  });

  it('should show help and product links, follow-us and the vendor logos', async () => {
    await renderApp('/');
    const footer = within(await screen.findByTestId('app-footer'));
    expect(footer.getByRole('navigation', { name: 'Help' })).toBeVisible();
    expect(footer.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/help#term');
    expect(footer.getByRole('link', { name: 'Live casino' })).toHaveAttribute('href', '/live');
    expect(footer.getByRole('heading', { name: 'Follow us' })).toBeVisible();
    const logos = within(footer.getByRole('list', { name: 'Game providers' })).getAllByRole('img');
    expect(logos.map((logo) => logo.getAttribute('alt'))).toEqual(['PG Soft', 'JILI']);
    expect(logos[0]).toHaveAttribute('src', 'http://localhost:3000/vendors/PG.svg');
  });

  it('should float live chat, Facebook and Telegram at the page edge', async () => {
    await renderApp('/');
    const floating = within(await screen.findByRole('complementary', { name: 'Quick contact' }));
    expect(floating.getByRole('button', { name: 'Live chat' })).toBeVisible();
    expect(floating.getByRole('link', { name: /Facebook/ })).toBeVisible();
    expect(floating.getByRole('link', { name: /Telegram/ })).toBeVisible();
  });
});
