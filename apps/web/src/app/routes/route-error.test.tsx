import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import { withChunkTimeout } from '@/lib/chunk-timeout';
import { RouteError } from './route-error';

const LANGUAGES = { default: 'EN', supported: [{ code: 'EN', locale: 'en-US', label: 'English' }] };

describe('a page chunk that does not arrive', () => {
  it('should say the page took too long, and offer a retry that reloads', async () => {
    await initI18n(LANGUAGES);
    const router = createMemoryRouter(
      [
        {
          path: '/',
          ErrorBoundary: RouteError,
          HydrateFallback: () => null,
          // A chunk that never arrives, with the time-out shortened from 120 s for the test.
          lazy: withChunkTimeout(() => new Promise<never>(() => undefined), 30),
        },
      ],
      { initialEntries: ['/'] },
    );
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { name: 'The page took longer time to load, check your network' }),
    ).toBeVisible();
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(reload).toHaveBeenCalled();
  });

  it('should show a generic error for anything else', async () => {
    await initI18n(LANGUAGES);
    const router = createMemoryRouter(
      [
        {
          path: '/',
          ErrorBoundary: RouteError,
          HydrateFallback: () => null,
          loader: () => {
            throw new Error('boom');
          },
          Component: () => null,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unknown error' })).toBeVisible();
  });
});
