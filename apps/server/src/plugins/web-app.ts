import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { layoutOf } from '@platform/contracts';
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

/**
 * The home banner a default-layout page shows first: its picture, and whether it is the only banner (the carousel
 * places a lone banner and the first of several differently).
 */
export type ShellBanner = { imageUrl: string; single: boolean };
/** Looks up the banner of the merchant the request is for; null when it has none. Must be cheap (cached). */
export type WebShell = (request: FastifyRequest) => Promise<ShellBanner | null>;
/**
 * The security headers of a page of the merchant the request is for (its Content Security Policy and
 * Permissions-Policy, plugins/security-headers.ts pageHeadersOf). Must be cheap (cached per Host).
 */
export type PageHeaders = (request: FastifyRequest, app: 'web' | 'ops') => Promise<Record<string, string>>;

/** What index.html marks as replaceable: the boot loader between these comments. */
const BOOT_START = '<!--boot-->';
const BOOT_END = '<!--/boot-->';

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Operator data goes into the page: only a path on our origin or an https picture is used. */
const isSafeImageUrl = (url: string): boolean =>
  (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) || url.startsWith('https://');

/**
 * The web app's index.html with the page's shell in place of the boot loader: an empty header bar and side menu, and
 * the home banner where the app will put it (the same classes, so the same box), preloaded at high priority. The
 * banner is then the first thing painted, before any script has run; React replaces the whole shell when it starts.
 * Returns null when the template has no boot markers or the picture's address is not one we serve.
 */
export const withShell = (template: string, banner: ShellBanner): string | null => {
  const start = template.indexOf(BOOT_START);
  const end = template.indexOf(BOOT_END);
  const head = template.indexOf('</head>');
  if (start < 0 || end < start || head < 0 || head > start || !isSafeImageUrl(banner.imageUrl)) return null;
  const src = escapeAttribute(banner.imageUrl);
  const slot = banner.single ? 'home-banner__single' : 'home-banner__first';
  const shell =
    '<div class="shell boot-shell" data-testid="boot-shell">' +
    '<div class="app-header" aria-hidden="true"></div>' +
    '<div class="shell__body"><div class="side-menu boot-shell__menu" aria-hidden="true"></div>' +
    '<div class="shell__content"><div class="home-banner-area"><div class="home-banner">' +
    `<div class="${slot}"><span class="home-banner__link">` +
    `<img class="banner-image" src="${src}" alt="" fetchpriority="high" decoding="async"></span></div>` +
    '</div></div>' +
    '<p class="visually-hidden" data-testid="page-loader" role="status">Loading…</p>' +
    '</div></div></div>';
  return (
    template.slice(0, head) +
    `<link rel="preload" as="image" href="${src}" fetchpriority="high">` +
    template.slice(head, start) +
    shell +
    template.slice(end + BOOT_END.length)
  );
};

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
 * Every response starts with the static security headers (plugins/security-headers.ts); pages then get their
 * merchant's policy (`pageHeaders`).
 */
export const registerWebApp = async (
  app: FastifyInstance,
  dirs: SpaDirs,
  apiRoutes: ApiRouteRegistry,
  options: { shell?: WebShell; pageHeaders?: PageHeaders } = {},
): Promise<void> => {
  /** Without the merchant's policy (a failed lookup), the page keeps the strict one every response starts with. */
  const withPageHeaders = async (request: FastifyRequest, reply: FastifyReply, app: 'web' | 'ops') => {
    if (options.pageHeaders === undefined) return;
    const headers = await options.pageHeaders(request, app).catch((error: unknown) => {
      request.log.warn({ err: error }, 'page security headers lookup failed');
      return null;
    });
    if (headers !== null) void reply.headers(headers);
  };

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
      // / is answered by a route below, like any other page (with the page shell when there is one).
      index: false,
      // Nothing under a dot is for the public: the build's .vite/manifest.json names every source file.
      dotfiles: 'ignore',
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
      dotfiles: 'ignore',
      setHeaders: cacheFor(ops.root),
    });
  }

  /** The web app's index.html, read once: pages of the default layout get the shell with the home banner in it. */
  const webTemplate = web.built ? readFileSync(join(web.root, 'index.html'), 'utf8') : null;

  const sendWebIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    await withPageHeaders(request, reply, 'web');
    if (webTemplate !== null && options.shell !== undefined && layoutOf(pathOf(request)) === 'default') {
      // The shell is an extra: when the lookup fails, the page is served as built.
      const banner = await options.shell(request).catch((error: unknown) => {
        request.log.warn({ err: error }, 'home banner lookup for the page shell failed');
        return null;
      });
      const html = banner === null ? null : withShell(webTemplate, banner);
      if (html !== null) {
        return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(html);
      }
    }
    return sendIndex(reply, web);
  };

  const sendIndex = (reply: FastifyReply, spa: Spa) =>
    spa.built
      ? reply.header('cache-control', REVALIDATE).sendFile('index.html', spa.root)
      : reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(notBuiltPage(spa.what));

  // With `index: false`, @fastify/static would refuse / as a directory: the home page is a page like the others.
  if (web.built) app.get('/', (request, reply) => sendWebIndex(request, reply));

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
    if (isRead && acceptsHtml(request) && !path.startsWith(spa.assets)) {
      if (spa === web) return sendWebIndex(request, reply);
      await withPageHeaders(request, reply, 'ops');
      return sendIndex(reply, spa);
    }
    return reply.code(404).send(failure('NOT_FOUND', `Nothing at ${path}`));
  });
};
