import type { FastifyRequest } from 'fastify';
import type { MerchantResolver, RequestContext } from '../../identity/identity';

/** `Authorization: Bearer <token>` with a token as the platform issues them (43 base64url characters). */
const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/;

export const staffTokenOf = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  return typeof header === 'string' ? (BEARER.exec(header)?.[1] ?? null) : null;
};

const USER_AGENT_MAX = 512;

/** The merchant of the host, the client address (trusted proxies only) and the user agent of a sign-in step. */
export const staffContextOf = async (
  request: FastifyRequest,
  merchantOf: MerchantResolver,
): Promise<RequestContext> => {
  const agent = request.headers['user-agent'];
  return {
    merchant: await merchantOf(request),
    ip: request.ip,
    userAgent: typeof agent === 'string' && agent !== '' ? agent.slice(0, USER_AGENT_MAX) : null,
  };
};
