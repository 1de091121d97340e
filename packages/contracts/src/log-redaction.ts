/**
 * Query parameters whose values never reach a log line, on the platform and on the RGS alike: session and reset
 * tokens in links (a game's launch URL carries its game session token), codes, passwords.
 */
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
