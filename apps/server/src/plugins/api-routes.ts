import type { FastifyInstance } from 'fastify';

/** Path prefixes that belong to APIs and never fall back to the SPA's index.html. */
const API_PATH = /^\/(wps|lgw|health|api)(\/|$)/;
export const isApiPath = (path: string): boolean => API_PATH.test(path);

type ApiRoute = { method: string; url: string; pattern: RegExp };
export type ApiRouteRegistry = {
  allowedMethodsFor(path: string): string[];
  /** Every API route declared so far, as declared (`/wps/ops/members/:memberId`); HEAD twins included. */
  list(): { method: string; url: string }[];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The API routes of this instance: the route-descriptor test compares them with the contracts' catalogue. */
    apiRoutes: ApiRouteRegistry;
  }
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/a/:id/b` → /^\/a\/[^/]+\/b\/?$/ (the router ignores a trailing slash). */
const toPattern = (url: string): RegExp =>
  new RegExp(
    `^${url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : escape(segment)))
      .join('/')}/?$`,
  );

/**
 * Fastify answers an existing path called with the wrong method as a plain 404; recording the API routes
 * of this instance lets the not-found handler answer 405 with an Allow header instead. Install it before
 * any route is declared.
 */
export const recordApiRoutes = (app: FastifyInstance): ApiRouteRegistry => {
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routes.push({ method: String(method), url: route.url, pattern: toPattern(route.url) });
  });
  const registry: ApiRouteRegistry = {
    allowedMethodsFor: (path) => [
      ...new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method)),
    ],
    list: () => routes.map(({ method, url }) => ({ method, url })),
  };
  app.decorate('apiRoutes', registry);
  return registry;
};
