import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from './api-routes';

/** Google Analytics 4 through gtag.js (spec §3 analytics.gtagId). */
const GTAG_SCRIPT = 'https://www.googletagmanager.com';
const GTAG_CONNECT = [
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/**
 * Content Security Policy for the Vite-built SPA and the API (one policy for both, keep it simple):
 * - scripts only from our origin, plus Google Tag Manager, always allowed rather than per merchant: the
 *   origin is harmless when a merchant has no gtag id, and one static policy is easy to audit;
 * - inline styles allowed (React style props, Swiper); no inline scripts;
 * - images from anywhere over https (merchant CDNs, vendor icons) and data: URIs (captcha PNGs);
 * - fetch/XHR to our origin, websockets (Socket.IO) and analytics;
 * - game clients framed from any https origin (vendors) and from our own origin (the RGS in embedded mode);
 * - no upgrade-insecure-requests: local and LAN use is plain http, and TLS is the proxy's job.
 */
const directives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'", GTAG_SCRIPT],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:', GTAG_SCRIPT, ...GTAG_CONNECT],
  frameSrc: ["'self'", 'https:'],
  mediaSrc: ["'self'", 'https:'],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  upgradeInsecureRequests: null,
};

const options: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives },
  // Customer service and some vendors open in popups (spec: 440×750 window) and may talk to their opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * helmet's headers, computed once: the policy is static, so running helmet's middleware on every response (as
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
 * them, no sniffing, HTTPS only. The headers meant for documents (opener policy, agent cluster, DNS prefetch, the IE
 * and Flash leftovers) are left off; on the lobby's hottest call they were most of the bytes and the per-header work
 * of an answer served from the cache (bench/lobby).
 */
const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

export const registerSecurityHeaders = async (app: FastifyInstance): Promise<void> => {
  const headers = staticHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? API_HEADERS : headers);
    done();
  });
};
