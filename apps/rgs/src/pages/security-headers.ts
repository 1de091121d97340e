/**
 * The game server's security headers (ADR 0020). Its JSON answers and bundles are never documents with scripts or
 * frames: nothing may load from them or frame them. Its pages (game clients, round replays) run only this origin's
 * scripts, may be framed only by the operators' platforms, and keep powerful features off except fullscreen and
 * autoplay, which a game in the platform's frame uses.
 */
const PERMISSIONS_POLICY = [
  ...['accelerometer', 'browsing-topics', 'camera', 'display-capture', 'geolocation', 'gyroscope'],
  ...['hid', 'magnetometer', 'microphone', 'midi', 'payment', 'serial', 'usb'],
]
  .map((feature) => `${feature}=()`)
  .concat(['fullscreen=(self)', 'autoplay=(self)'])
  .join(', ');

const HSTS = 'max-age=31536000; includeSubDomains';

export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'permissions-policy': PERMISSIONS_POLICY,
  'referrer-policy': 'no-referrer',
  'strict-transport-security': HSTS,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** Only what can be a CSP source: `'self'` or an http(s) origin as the URL parser writes it. */
const frameSource = (value: string): string | null => {
  if (value === "'self'") return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
};

/**
 * A page's headers: scripts from this origin only (the bundles; no inline script or eval), inline styles (the clients
 * set them), images from here and data: URLs, fetch and the crash socket to this origin only ('self' covers ws: and
 * wss: to it), framed only by `frameAncestors`; no referrer, so the launch token in the first URL never leaves.
 */
export const pageHeaders = (frameAncestors: readonly string[]): Record<string, string> => {
  const ancestors = [...new Set(frameAncestors.map(frameSource).filter((source) => source !== null))];
  const { 'x-frame-options': _frameOptions, ...base } = BASE_HEADERS;
  return {
    ...base,
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "script-src-attr 'none'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
      `frame-ancestors ${ancestors.length === 0 ? "'none'" : ancestors.join(' ')}`,
    ].join('; '),
  };
};
