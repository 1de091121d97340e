import type { FastifyRequest } from 'fastify';
import { redactUrl } from '@platform/contracts';

export { redactUrl };

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
