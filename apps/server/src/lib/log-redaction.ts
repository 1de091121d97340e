import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log line: reset tokens in links, codes, passwords. */
const SENSITIVE_PARAM = /token|password|code|captcha|secret/i;

/** The URL with sensitive query values replaced, e.g. `/?resetToken=[redacted]`. */
export const redactUrl = (url: string): string => {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SENSITIVE_PARAM.test(key)) {
      params.set(key, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, mark)}?${params.toString()}` : url;
};

/**
 * What a request log line says about the request. Bodies are never logged (they carry passwords and codes, sealed
 * or not), headers not at all (Authorization carries the session token), and the URL only with secrets redacted.
 */
export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
});
