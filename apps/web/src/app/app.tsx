import { RouterProvider } from 'react-router/dom';
import type { createBrowserRouter } from 'react-router';
import type { PermissionConfig } from '@platform/contracts';
import { AppProvider } from './provider';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The running site: configuration loaded, status normal. */
export function App({ config, router }: { config: PermissionConfig; router: AppRouter }) {
  return (
    <AppProvider config={config}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
