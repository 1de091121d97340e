import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { ROUTE_TABLE, type Layout, type PageId, type RouteEntry } from '@/config/paths';
import { PageLoader } from '@/components/page-loader';
import { withChunkTimeout } from '@/lib/chunk-timeout';
import { fullPackReady } from '@/lib/i18n/i18n';
import { authDialogLoader, guardLoader } from './guard';
import { AgentLayout } from './routes/layouts/agent-layout';
import { DefaultLayout } from './routes/layouts/default-layout';
import { GameLayout } from './routes/layouts/game-layout';
import { RootLayout } from './routes/layouts/root-layout';
import { SeamlessLayout } from './routes/layouts/seamless-layout';
import { WindowLayout } from './routes/layouts/window-layout';
import { RouteError } from './routes/route-error';

type RouteModule = { Component: ComponentType };

/** Each page is its own chunk, fetched on first visit (spec §9 chunk loader). */
const PAGES: Record<Exclude<PageId, 'login' | 'register'>, () => Promise<RouteModule>> = {
  home: () => import('./routes/home'),
  agentLanding: () => import('./routes/agent-landing'),
  agentCentre: () => import('./routes/agent-centre'),
  member: () => import('./routes/member'),
  help: () => import('./routes/help'),
  gameCentre: () => import('./routes/game-centre'),
  gameList: () => import('./routes/game-list'),
  accountGames: () => import('./routes/account-games'),
  lottery: () => import('./routes/lottery'),
  promotions: () => import('./routes/promotions'),
  pointMall: () => import('./routes/point-mall'),
  seamless: () => import('./routes/seamless'),
  verify: () => import('./routes/verify'),
  service: () => import('./routes/service'),
  vip: () => import('./routes/vip'),
  raffles: () => import('./routes/raffles'),
};

/** A page's chunk, once its strings are there too (the deferred part of the language pack, see pack-parts.ts). */
const pageLoader = (load: () => Promise<RouteModule>) =>
  withChunkTimeout(async () => (await Promise.all([load(), fullPackReady()]))[0]);

const LAYOUTS: Record<Layout, ComponentType> = {
  default: DefaultLayout,
  agent: AgentLayout,
  game: GameLayout,
  seamless: SeamlessLayout,
  window: WindowLayout,
};

export type RouteHandle = { titleKey: string };

const toRoute = (entry: RouteEntry): RouteObject => {
  const handle: RouteHandle = { titleKey: entry.titleKey };
  if (entry.page === 'login' || entry.page === 'register') {
    // The loader always redirects to /; the home page is the component so the route is never empty.
    return { path: entry.path, handle, loader: authDialogLoader(entry.page), lazy: pageLoader(PAGES.home) };
  }
  return {
    path: entry.path,
    handle,
    ...(entry.guard === 'none' ? {} : { loader: guardLoader(entry.guard) }),
    lazy: pageLoader(PAGES[entry.page]),
  };
};

/** Unknown paths render inside the default layout (spec §2: "Every other path uses the default layout"). */
const notFoundRoute: RouteObject = {
  path: '*',
  handle: { titleKey: 'pages.notFound' } satisfies RouteHandle,
  lazy: pageLoader(() => import('./routes/not-found')),
};

const layoutRoute = (layout: Layout): RouteObject => ({
  Component: LAYOUTS[layout],
  children: [
    {
      // Errors below a layout render inside it, so the header and menu stay usable.
      ErrorBoundary: RouteError,
      children: [
        ...ROUTE_TABLE.filter((entry) => entry.layout === layout).map(toRoute),
        ...(layout === 'default' ? [notFoundRoute] : []),
      ],
    },
  ],
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: (['default', 'agent', 'game', 'seamless', 'window'] as const).map(layoutRoute),
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/** The routes a path matches, or null: start-up asks this once and answers both questions below from it. */
export const routeMatches = (pathname: string) => matchRoutes(routes, pathname);

type RouteMatches = ReturnType<typeof routeMatches>;

/** Starts downloading the page chunk of the matched path early; the router later reuses the same module. */
export const prefetchRoute = (matches: RouteMatches) => {
  const route = matches?.at(-1)?.route;
  if (typeof route?.lazy === 'function') route.lazy().catch(() => undefined);
};

/** Whether a path renders in the default layout (banner, marquee, side menu): what start-up may fetch early for it. */
export const usesDefaultLayout = (matches: RouteMatches): boolean =>
  matches?.some((match) => match.route.Component === DefaultLayout) ?? false;
