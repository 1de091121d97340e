import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from './api-routes';

/** Google Analytics 4 through gtag.js (spec §3 analytics.gtagId), allowed only for a merchant that configured it. */
const GTAG_SCRIPT = 'https://www.googletagmanager.com';
const GTAG_CONNECT = [
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/**
 * Powerful features no page of ours uses are switched off for the page and every frame in it (OWASP secure headers).
 * Fullscreen and autoplay stay for our origin and the game frames a page may hold (the /seamless iframe asks for them).
 */
const PERMISSIONS_OFF = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
].map((feature) => `${feature}=()`);

export const permissionsPolicy = (frameOrigins: readonly string[] = []): string => {
  const allowed = ['self', ...frameOrigins.map((origin) => `"${origin}"`)].join(' ');
  return [...PERMISSIONS_OFF, `fullscreen=(${allowed})`, `autoplay=(${allowed})`].join(', ');
};

/** What a page of a merchant may load from, besides its own origin (merchant configuration, see pageSourcesOf). */
export type PageSources = {
  /** The merchant's other origins (its domains, https). */
  merchantOrigins: readonly string[];
  /** Its image CDNs (merchant_cdns IMAGE). */
  imageOrigins: readonly string[];
  /** Where its game clients load: vendors' absolute launch_url origins (the RGS among them) and its launch CDNs. */
  frameOrigins: readonly string[];
  /** The merchant configured a Google Analytics id. */
  analytics: boolean;
};

export const NO_SOURCES: PageSources = { merchantOrigins: [], imageOrigins: [], frameOrigins: [], analytics: false };

/**
 * An origin fit for a CSP source list: http(s) with a host, written as the URL parser writes it (so nothing but
 * scheme, host and port: no path, space, quote or `;` from operator data can reach the header), or null.
 */
export const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    return parsed.hostname === '' ? null : parsed.origin;
  } catch {
    return null;
  }
};

const unique = (values: readonly string[]): string[] => [...new Set(values)];

type Directives = Record<string, readonly string[]>;

const serialize = (directives: Directives): string =>
  Object.entries(directives)
    .map(([name, values]) => (values.length === 0 ? name : `${name} ${values.join(' ')}`))
    .join('; ');

/**
 * The Content Security Policy of a page (ADR 0020):
 * - scripts only from our origin, no inline script or eval: the built apps have none (index.html loads one module, the
 *   page shell is markup only); Google's tag script only for a merchant that configured analytics;
 * - script-src-attr 'none': no inline event handlers, whatever markup ends up in the page;
 * - inline styles allowed (React style props, Swiper set them): a style cannot run code;
 * - images from our origin, the merchant's origins and image CDNs, and data: (captcha images are data URLs); fetch
 *   and websockets to our origin and the merchant's origins only; analytics hosts only with analytics;
 * - frames: the merchant's game clients only (vendors' launch origins, the RGS, launch CDNs), and only in the player
 *   app; the back office frames nothing;
 * - framed by our own origin only; no plugins; forms post to our origin; no <base> elsewhere;
 * - no upgrade-insecure-requests: local and LAN use is plain http, and TLS is the proxy's job.
 */
export const pageCsp = (app: 'web' | 'ops', sources: PageSources): string => {
  const self = ["'self'"];
  const merchant = unique([...self, ...sources.merchantOrigins]);
  const analytics = app === 'web' && sources.analytics;
  return serialize({
    'default-src': self,
    'base-uri': self,
    'script-src': analytics ? [...self, GTAG_SCRIPT] : self,
    'script-src-attr': ["'none'"],
    'style-src': [...self, "'unsafe-inline'"],
    'img-src': unique([...merchant, ...sources.imageOrigins, 'data:', ...(analytics ? GTAG_CONNECT : [])]),
    'font-src': [...self, 'data:'],
    'connect-src': analytics ? [...merchant, GTAG_SCRIPT, ...GTAG_CONNECT] : merchant,
    'frame-src': app === 'web' ? unique([...self, ...sources.frameOrigins]) : ["'none'"],
    'media-src': unique([...self, ...sources.imageOrigins]),
    'worker-src': self,
    'manifest-src': self,
    'object-src': ["'none'"],
    'form-action': self,
    'frame-ancestors': self,
  });
};

/** The headers a page of this merchant gets on top of the static ones (its policy, and which frames may do what). */
export const pageHeadersOf = (app: 'web' | 'ops', sources: PageSources): Record<string, string> => ({
  'content-security-policy': pageCsp(app, sources),
  'permissions-policy': permissionsPolicy(app === 'web' ? sources.frameOrigins : []),
});

const options: HelmetOptions = {
  // Set per response below: the page's own (pageHeadersOf) or, for anything else that is not the API, the strict one.
  contentSecurityPolicy: false,
  // Customer service and some vendors open in popups (spec: 440×750 window) and may talk to their opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * helmet's headers, computed once: they are static, so running helmet's middleware on every response (as
 * @fastify/helmet does) rebuilt the same strings each time, a measurable share of a cached lobby answer (bench/lobby).
 */
const staticHeaders = (): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
};

/**
 * The API's answers (JSON, and the SVG art and flags under /wps) are never documents the browser renders with scripts
 * or frames, so they get the short policy OWASP's REST guidance gives: nothing may load from them, nothing may frame
 * them, no sniffing, HTTPS only, no powerful feature. The headers meant for documents (opener policy, agent cluster,
 * DNS prefetch, the IE and Flash leftovers) are left off; on the lobby's hottest call they were most of the bytes and
 * the per-header work of an answer served from the cache (bench/lobby).
 */
const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': permissionsPolicy(),
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * Everything that is not the API starts with the documents' headers and the policy of a page of no merchant (our
 * origin only): static files (an SVG opened on its own is a document), the 404 and 503 pages. The web and back-office
 * pages replace the policy with their merchant's (plugins/web-app.ts), cached per Host, so no request pays a lookup
 * here.
 */
export const registerSecurityHeaders = async (app: FastifyInstance): Promise<void> => {
  const headers = { ...staticHeaders(), ...pageHeadersOf('ops', NO_SOURCES) };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? API_HEADERS : headers);
    done();
  });
};
