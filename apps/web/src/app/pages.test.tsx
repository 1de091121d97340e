import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeSiteModal } from '@/lib/site-modals';
import { callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, setViewport, signIn } from '@/testing/render-app';

// The helpModal's store outlives a test: none may leave it open for the next.
afterEach(closeSiteModal);

const HELP = {
  lang: 'EN',
  device: 'WEB',
  sections: [
    { anchor: 'faq', title: 'Frequently asked questions', html: '<p>How do I deposit?</p>' },
    {
      anchor: 'term',
      title: 'Terms and conditions',
      html: '<p>You must be 18 or older.</p><img src="x" onerror="window.hacked=1"><script>window.hacked=1</script>',
    },
  ],
};

describe('/login and /register (spec §2)', () => {
  beforeEach(() => {
    setViewport(true);
    mockApi({ 'GET /wps/system/help': () => HELP });
  });

  it('/login should show home at / with the login dialog open', async () => {
    const { router } = await renderApp('/login');
    expect(await screen.findByTestId('login-dialog')).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('/register should show home with the register dialog, which Escape dismisses', async () => {
    const { router, user } = await renderApp('/register');
    const dialog = await screen.findByTestId('register-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Register' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('register-dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Game lobby' })).toBeVisible();
  });

  it('should show the terms from the register dialog in the helpModal, the dialog kept under it', async () => {
    const { router, user } = await renderApp('/register');
    const dialog = await screen.findByTestId('register-dialog');
    const link = within(dialog).getByRole('link', { name: 'terms and conditions' });
    // The address stays the page's (a new tab still opens the terms page).
    expect(link).toHaveAttribute('href', '/help#term');
    await user.click(link);
    const modal = await screen.findByTestId('help-modal');
    expect(await within(modal).findByRole('heading', { name: 'Terms and conditions' })).toBeVisible();
    expect(within(modal).getByText('You must be 18 or older.')).toBeVisible();
    expect(modal.querySelector('script')).toBeNull();
    expect(modal.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(router.state.location.pathname).not.toBe('/help');
    expect(screen.getByTestId('register-dialog')).toBeInTheDocument();
  });

  it('/login should take a logged-in user home without a dialog', async () => {
    signIn();
    const { router } = await renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Game lobby' });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByTestId('login-dialog')).not.toBeInTheDocument();
  });
});

describe('/help', () => {
  beforeEach(() => setViewport(true));

  it('should show the sections by anchor, sanitized, and scroll to #term', async () => {
    const fetchMock = mockApi({ 'GET /wps/system/help': () => HELP });
    await renderApp('/help#term');
    const terms = await screen.findByRole('region', { name: 'Terms and conditions' });
    expect(terms).toHaveAttribute('id', 'term');
    expect(terms).toHaveTextContent('You must be 18 or older.');
    expect(terms.querySelector('script')).toBeNull();
    expect(terms.querySelector('img')?.getAttribute('onerror')).toBeNull();
    await waitFor(() => expect(terms.scrollIntoView).toHaveBeenCalled());
    expect(screen.getByRole('navigation', { name: 'Help topics' })).toBeVisible();
    const url = new URL(String(callsTo(fetchMock, 'GET', '/wps/system/help')[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ lang: 'EN', device: 'WEB' });
  });

  it('should say so when there is no help content', async () => {
    mockApi({ 'GET /wps/system/help': () => ({ ...HELP, sections: [] }) });
    await renderApp('/help');
    expect(await screen.findByText('No help topics yet')).toBeVisible();
  });

  it('should show a translated error with a retry when help cannot load', async () => {
    mockApi({});
    await renderApp('/help');
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Network link is abnormal, please try again',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

describe('/member', () => {
  beforeEach(() => {
    setViewport(true);
    mockApi({});
    signIn();
  });

  it('should open on securityCenter, listing only pages that exist', async () => {
    await renderApp('/member');
    const centre = await screen.findByTestId('member-centre');
    const nav = within(centre).getByRole('navigation', { name: 'Member centre pages' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'My account',
      'Wallet',
      'Deposit',
      'Withdraw',
      'Transfer to upline',
      'Betting record',
      'Account record',
      'Profit and loss',
      'Bonus',
      'Reward centre',
      'Missions',
      'Messages',
      'Promotions',
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(links[0]).toHaveAttribute('href', '/member?page=securityCenter');
    expect(within(centre).getByRole('heading', { level: 3, name: 'Account basics' })).toBeVisible();
    expect(within(centre).getByTestId('security-center')).toBeVisible();
  });

  it('should fall back to the default page for a page that does not exist yet', async () => {
    await renderApp('/member?page=referral');
    const centre = await screen.findByTestId('member-centre');
    expect(within(centre).getByRole('heading', { level: 2, name: 'My account' })).toBeVisible();
  });
});
