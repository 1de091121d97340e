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

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head>
<body><h1>The web app is not built</h1>
<p>The API is running. Build the web app with <code>npm run build</code>, then restart the server.</p></body></html>`;

const pathOf = (request: FastifyRequest): string => request.url.split('?', 1)[0] ?? '/';

const acceptsHtml = (request: FastifyRequest): boolean => (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the built SPA and answers everything no route matched:
 * - API paths (/wps, /lgw, /health, /api): 405 when the path exists with another method, else a 404 envelope;
 * - other GET/HEAD navigations (Accept: text/html), outside /assets/: index.html, for history-mode routing;
 * - anything else (a missing asset, a POST to a page): a 404 envelope.
 * The dist directory is checked once at boot; without it (tests, API-only runs) navigations get a 503 page.
 */
export const registerWebApp = async (
  app: FastifyInstance,
  distDir: string,
  apiRoutes: ApiRouteRegistry,
): Promise<void> => {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      // The web build writes .br and .gz copies; they are sent as they are to clients that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = filePath.slice(distDir.length).replaceAll('\\', '/');
        const cache = relative.startsWith('/assets/') ? IMMUTABLE : relative.endsWith('.html') ? REVALIDATE : SHORT;
        reply.header('cache-control', cache);
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    built
      ? reply.header('cache-control', REVALIDATE).sendFile('index.html')
      : reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);

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
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && acceptsHtml(request) && !path.startsWith('/assets/')) return sendIndex(reply);
    return reply.code(404).send(failure('NOT_FOUND', `Nothing at ${path}`));
  });
};
