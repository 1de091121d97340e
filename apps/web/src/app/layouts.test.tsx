import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { renderApp, setViewport, signIn } from '@/testing/render-app';

const present = (testId: string) => screen.queryByTestId(testId) !== null;

const chrome = () => ({
  header: present('app-header'),
  sideMenu: present('side-menu'),
  // The banner area: the home banners, or the brand hero when there are none (features/notices).
  banner: present('banner-area'),
  footer: present('app-footer'),
});

describe('layouts (spec §2)', () => {
  beforeEach(() => {
    setViewport(true);
    mockApi({ 'GET /wps/system/help': () => ({ lang: 'EN', device: 'WEB', sections: [] }) });
  });

  it.each(['/', '/index', '/index.html', '/home', '/sports', '/live', '/rng?vassalage=PG', '/promotions', '/help'])(
    'should render %s in the default layout: header, side menu, banner, main content, footer',
    async (path) => {
      await renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      expect(chrome()).toEqual({ header: true, sideMenu: true, banner: true, footer: true });
      expect(screen.getByTestId('side-menu')).toBeVisible();
      expect(screen.getByTestId('main-content')).toContainElement(screen.getByRole('heading', { level: 1 }));
    },
  );

  it.each(['/lottery', '/seaLottery?gameCode=X1', '/vnLottery', '/lottert', '/vnlottery', '/sealottery'])(
    'should render the game page %s with header and footer but no side menu',
    async (path) => {
      signIn();
      await renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      expect(chrome()).toEqual({ header: true, sideMenu: false, banner: false, footer: true });
    },
  );

  it('should render /seamless with the header only: no footer, no side menu', async () => {
    await renderApp('/seamless');
    await screen.findByRole('heading', { level: 1, name: 'Game' });
    expect(chrome()).toEqual({ header: true, sideMenu: false, banner: false, footer: false });
  });

  it.each([
    ['/agent', 'agent-landing', 0],
    ['/agentHome', 'agent-centre', 1],
  ] as const)('should render %s in the agent layout, without header or side menu', async (path, testId, userType) => {
    signIn(userType);
    await renderApp(path);
    expect(await screen.findByTestId(testId)).toBeVisible();
    expect(chrome()).toEqual({ header: false, sideMenu: false, banner: false, footer: false });
    expect(screen.getByTestId('main-content')).toBeInTheDocument();
  });

  it('should show unknown paths as not found inside the default layout, with a way home', async () => {
    const { router, user } = await renderApp('/no/such/page');
    const page = await screen.findByTestId('not-found-page');
    expect(within(page).getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(chrome()).toEqual({ header: true, sideMenu: true, banner: true, footer: true });
    await user.click(within(page).getByRole('link', { name: 'Back to home' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Game lobby' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('should hide the side menu on a phone until the menu button opens it', async () => {
    setViewport(false);
    const { user } = await renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('side-menu')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('side-menu')).toBeVisible();
  });

  it('should let a desktop user collapse the side menu', async () => {
    const { user } = await renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByTestId('side-menu')).not.toBeVisible();
  });
});
