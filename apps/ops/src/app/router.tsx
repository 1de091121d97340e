import { createBrowserRouter, type RouteObject } from 'react-router';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { NotFoundPage } from './routes/not-found-page';
import { RequirePermission } from './routes/require-permission';
import { RequireSession } from './routes/require-session';
import { ShellLayout } from './routes/shell-layout';
import { OPS_ROUTES } from './routes';

/** The back office lives under /ops on the platform's origin (apps/server serves apps/ops/dist there). */
export const OPS_BASENAME = '/ops';

/** The route tree; tests mount it in a memory router (testing/render.tsx). */
export const createRoutes = (): RouteObject[] => [
  { path: '/sign-in', element: <SignInPage /> },
  {
    path: '/',
    element: (
      <RequireSession>
        <ShellLayout />
      </RequireSession>
    ),
    children: [
      ...OPS_ROUTES.map((route): RouteObject => ({
        ...(route.path === '' ? { index: true } : { path: route.path }),
        handle: { titleKey: route.titleKey },
        element: (
          <RequirePermission permission={route.permission}>
            <route.Page />
          </RequirePermission>
        ),
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(createRoutes(), { basename: OPS_BASENAME });
