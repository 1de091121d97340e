import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ROLE_PERMISSIONS, STAFF_IDLE_TIMEOUT_MS, type StaffRole } from '@platform/contracts';
import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/router';
import { Toaster } from '@/components/toaster';
import { startSession, type StaffProfile } from '@/lib/session';

/** A staff profile as GET /wps/ops/auth/me returns it; `role` sets the permissions unless given. */
export const staffProfile = (overrides: Partial<StaffProfile> & { role?: StaffRole } = {}): StaffProfile => {
  const role = overrides.role ?? 'owner';
  return {
    id: '1',
    username: `ops_${role}`,
    displayName: `Test ${role}`,
    merchantCode: 'demo',
    idleTimeoutMs: STAFF_IDLE_TIMEOUT_MS,
    ...overrides,
    role,
    permissions: overrides.permissions ?? [...ROLE_PERMISSIONS[role]],
  };
};

/** A query client for one test: no retries (a failure shows at once), nothing shared between tests. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } } });

export type RenderAppOptions = {
  /** The signed-in staff member (a profile, or a role); null: signed out. Default: an owner. */
  staff?: StaffProfile | StaffRole | null;
  queryClient?: QueryClient;
};

/**
 * The whole back office at `path` (relative to /ops, e.g. '/staff'), in a memory router, signed in as `staff`:
 * the real routes, layout, nav and permission guards. Mock the API with mockApi() first.
 */
export function renderApp(
  path: string,
  options: RenderAppOptions = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const staff = options.staff === undefined ? 'owner' : options.staff;
  if (staff !== null) startSession('test-token', typeof staff === 'string' ? staffProfile({ role: staff }) : staff);
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={options.queryClient ?? testQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </AppProvider>,
  );
  return { ...result, router };
}

/** One component (a form, a dialog) with the providers and a router around it, without the app's routes. */
export function renderWithProviders(ui: ReactNode, options: RenderAppOptions = {}): RenderResult {
  const staff = options.staff === undefined ? 'owner' : options.staff;
  if (staff !== null) startSession('test-token', typeof staff === 'string' ? staffProfile({ role: staff }) : staff);
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(
    <AppProvider queryClient={options.queryClient ?? testQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </AppProvider>,
  );
}
