import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeConfig, VISITOR_IP } from '@/testing/fixtures';
import { callsTo, mockApi } from '@/testing/api-mock';
import { startApp } from './start';

let root: Root | null = null;
let container: HTMLElement;

const start = async () => {
  await act(async () => {
    root = await startApp(container);
  });
};

const gtagScripts = () => document.head.querySelectorAll('script[src*="googletagmanager.com/gtag/js"]');

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  gtagScripts().forEach((script) => script.remove());
});

describe('start-up (spec §4)', () => {
  it('should show only the maintenance page, with the operator message and a customer-service button', async () => {
    mockApi({
      'GET /wps/system/permission': () =>
        makeConfig({ status: { status: 1, message: 'Back at 14:00 after an upgrade.', ip: VISITOR_IP } }),
    });
    await start();
    const page = await screen.findByTestId('maintenance-page');
    expect(within(page).getByRole('heading', { name: 'System maintenance' })).toBeVisible();
    expect(page).toHaveTextContent('Back at 14:00 after an upgrade.');
    expect(screen.queryByTestId('app-header')).not.toBeInTheDocument();

    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: null } as unknown as Window);
    await userEvent.click(screen.getByTestId('cs-button'));
    expect(open).toHaveBeenCalledWith(
      `${location.origin}/service`,
      'customerService',
      expect.stringContaining('width=440,height=750'),
    );
  });

  it('should show only the region page, with the visitor IP', async () => {
    mockApi({
      'GET /wps/system/permission': () => makeConfig({ status: { status: 2, message: null, ip: '198.51.100.23' } }),
    });
    await start();
    expect(await screen.findByTestId('region-page')).toBeVisible();
    expect(screen.getByTestId('region-ip')).toHaveTextContent('198.51.100.23');
    expect(screen.getByTestId('cs-button')).toBeVisible();
    expect(screen.queryByTestId('main-content')).not.toBeInTheDocument();
  });

  it('should tell the user when the popup was blocked', async () => {
    mockApi({
      'GET /wps/system/permission': () => makeConfig({ status: { status: 2, message: null, ip: VISITOR_IP } }),
    });
    await start();
    vi.spyOn(window, 'open').mockReturnValue(null);
    await userEvent.click(await screen.findByTestId('cs-button'));
    expect(screen.getByRole('alert')).toHaveTextContent(/Popup blocked/);
  });

  it('should mount the app in the normal state', async () => {
    mockApi({ 'GET /wps/system/permission': () => makeConfig() });
    await start();
    expect(await screen.findByRole('heading', { level: 1, name: 'Game lobby' })).toBeVisible();
    expect(screen.getByTestId('app-header')).toBeVisible();
    expect(screen.queryByTestId('maintenance-page')).not.toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-US');
    // The title follows the route once its page has rendered (an effect), so it may lag the heading by a tick.
    await waitFor(() => expect(document.title).toBe('Game lobby · Demo Casino'));
  });

  it('should show a translated network error with a retry that recovers', async () => {
    let attempts = 0;
    const fetchMock = mockApi({
      'GET /wps/system/permission': () => {
        attempts += 1;
        if (attempts === 1) throw new Error('down');
        return makeConfig();
      },
    });
    await start();
    const errorPage = await screen.findByTestId('network-error-page');
    expect(errorPage).toHaveTextContent('Network link is abnormal, please try again');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('app-header')).toBeVisible();
    expect(callsTo(fetchMock, 'GET', '/wps/system/permission')).toHaveLength(2);
  });

  it('should show the network error in the stored language without overwriting the choice', async () => {
    window.localStorage.setItem('lang', 'TY');
    mockApi({});
    await start();
    expect(await screen.findByTestId('network-error-page')).toHaveTextContent('Subukang muli');
    expect(document.documentElement.lang).toBe('fil-PH');
    expect(window.localStorage.getItem('lang')).toBe('TY');
  });

  it('should load analytics only when a gtag id is configured', async () => {
    mockApi({ 'GET /wps/system/permission': () => makeConfig({ analytics: { gtagId: 'G-DEMO12345' } }) });
    await start();
    await screen.findByTestId('app-header');
    expect(gtagScripts()).toHaveLength(1);
  });

  it('should not load analytics without a gtag id', async () => {
    mockApi({ 'GET /wps/system/permission': () => makeConfig() });
    await start();
    await screen.findByTestId('app-header');
    expect(gtagScripts()).toHaveLength(0);
  });

  it('should apply the brand default theme, unless the visitor chose one', async () => {
    mockApi({ 'GET /wps/system/permission': () => makeConfig({ brand: { defaultTheme: 'light' } }) });
    await start();
    await screen.findByTestId('app-header');
    expect(document.documentElement.dataset.theme).toBe('light');

    act(() => root?.unmount());
    window.localStorage.setItem('theme', 'dark');
    await start();
    await screen.findByTestId('app-header');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
