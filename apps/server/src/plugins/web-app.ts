import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from '../lib/respond';
import { isApiPath, type ApiRouteRegistry } from './api-routes';

/** Vite puts content-hashed files under /assets/: a new build has new names, so they never go stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: always revalidate it. */
const REVALIDATE = 'no-cache';
/** Other files in dist (icons, vendor logos) keep their names across builds. */
const SHORT = 'public, max-age=3600';

const notBuiltPage = (what: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${what} not built</title></head>
<body><h1>The ${what} is not built</h1>
<p>The API is running. Build it with <code>npm run build</code>, then restart the server.</p></body></html>`;

const pathOf = (request: FastifyRequest): string => request.url.split('?', 1)[0] ?? '/';

const acceptsHtml = (request: FastifyRequest): boolean => (request.headers.accept ?? '').includes('text/html');

/** The back office (apps/ops, Vite `base: '/ops/'`): its pages and assets all live under this prefix. */
export const OPS_PREFIX = '/ops';

const isOpsPath = (path: string): boolean => path === OPS_PREFIX || path.startsWith(`${OPS_PREFIX}/`);

export type SpaDirs = { web: string; ops: string };

type Spa = { root: string; built: boolean; assets: string; what: string };

const cacheFor = (root: string) => (reply: FastifyReply, filePath: string) => {
  const relative = filePath.slice(root.length).replaceAll('\\', '/');
  const cache = relative.startsWith('/assets/') ? IMMUTABLE : relative.endsWith('.html') ? REVALIDATE : SHORT;
  reply.header('cache-control', cache);
};

/**
 * Serves the built SPAs, the player web app at / and the back office at /ops/, and answers everything no route
 * matched:
 * - API paths (/wps, /lgw, /health, /api): 405 when the path exists with another method, else a 404 envelope;
 * - other GET/HEAD navigations (Accept: text/html), outside the assets folders: the index.html of the app the path
 *   belongs to (/ops/... the back office, anything else the web app), for history-mode routing;
 * - anything else (a missing asset, a POST to a page): a 404 envelope.
 * The dist directories are checked once at boot; without one (tests, API-only runs) its navigations get a 503 page.
 * Both apps get the same security headers (plugins/security-headers.ts, on every response).
 */
export const registerWebApp = async (
  app: FastifyInstance,
  dirs: SpaDirs,
  apiRoutes: ApiRouteRegistry,
): Promise<void> => {
  const web: Spa = {
    root: dirs.web,
    built: existsSync(join(dirs.web, 'index.html')),
    assets: '/assets/',
    what: 'web app',
  };
  const ops: Spa = {
    root: dirs.ops,
    built: existsSync(join(dirs.ops, 'index.html')),
    assets: `${OPS_PREFIX}/assets/`,
    what: 'back office',
  };
  if (web.built) {
    await app.register(fastifyStatic, {
      root: web.root,
      // The web build writes .br and .gz copies; they are sent as they are to clients that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheFor(web.root),
    });
  }
  if (ops.built) {
    await app.register(fastifyStatic, {
      root: ops.root,
      prefix: `${OPS_PREFIX}/`,
      // reply.sendFile comes from the first registration; the back office brings it only when it is the only one.
      decorateReply: !web.built,
      preCompressed: true,
      cacheControl: false,
      // /ops/ is answered by the not-found handler below (index.html with its cache header), like any other page.
      index: false,
      setHeaders: cacheFor(ops.root),
    });
  }

  const sendIndex = (reply: FastifyReply, spa: Spa) =>
    spa.built
      ? reply.header('cache-control', REVALIDATE).sendFile('index.html', spa.root)
      : reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(notBuiltPage(spa.what));

  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request);
    if (isApiPath(path)) {
      const allowed = apiRoutes.allowedMethodsFor(path);
      if (allowed.length > 0) {
        return reply
          .code(405)
          .header('allow', allowed.join(', '))
          .send(failure('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}`));
      }
      return reply.code(404).send(failure('NOT_FOUND', `No API endpoint at ${path}`));
    }
    const spa = isOpsPath(path) ? ops : web;
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && acceptsHtml(request) && !path.startsWith(spa.assets)) return sendIndex(reply, spa);
    return reply.code(404).send(failure('NOT_FOUND', `Nothing at ${path}`));
  });
};
