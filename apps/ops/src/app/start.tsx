import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '@/components/toaster';
import { initI18n } from '@/lib/i18n';
import { applyTheme, resolveTheme } from '@/lib/theme';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

/** Start-up: theme and language first (both local), then the router; the session guard loads the profile. */
export async function startApp(container: HTMLElement): Promise<Root> {
  applyTheme(resolveTheme());
  await initI18n();
  const root = createRoot(container);
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
        <Toaster />
      </AppProvider>
    </StrictMode>,
  );
  return root;
}
