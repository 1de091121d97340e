import type { FastifyRequest } from 'fastify';
import { isAgentType, isTrialType } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { MerchantResolver } from './identity.context';
import type { Session, SessionLookup, SessionService } from './session.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth helpers once the bearer token is checked; null for guests. */
    session: Session | null;
  }
}

/** `Authorization: Bearer <token>` with a token as we issue them (43 base64url characters); anything else is no token. */
const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/;

export const tokenOf = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  return typeof header === 'string' ? (BEARER.exec(header)?.[1] ?? null) : null;
};

/**
 * Authentication for identity routes and any other module's: `requireSession` for any logged-in caller,
 * `requireMember` for real-account actions (members and agents; trial members get TRIAL_FORBIDDEN), `requireAgent`
 * for the agent centre. Each returns the caller's session: services take the member id from it, never from input,
 * so a session only ever reaches its own member row.
 */
export const createAuth = ({ sessions, merchantOf }: { sessions: SessionService; merchantOf: MerchantResolver }) => {
  const lookups = new WeakMap<FastifyRequest, Promise<SessionLookup | null>>();

  const lookup = (request: FastifyRequest): Promise<SessionLookup | null> => {
    let found = lookups.get(request);
    if (found === undefined) {
      const token = tokenOf(request);
      found =
        token === null
          ? Promise.resolve(null)
          : merchantOf(request).then((merchant) => sessions.resolve(merchant.id, token));
      lookups.set(request, found);
    }
    return found;
  };

  const requireSession = async (request: FastifyRequest): Promise<Session> => {
    const result = await lookup(request);
    if (result === null || result.kind === 'invalid') {
      throw new AppError('AUTH_REQUIRED', 401, 'You are not logged in, please login');
    }
    if (result.kind === 'expired') throw new AppError('SESSION_EXPIRED', 401, 'Your session has expired, please login');
    request.session = result.session;
    return result.session;
  };

  const requireMember = async (request: FastifyRequest): Promise<Session> => {
    const session = await requireSession(request);
    if (isTrialType(session.type)) {
      throw new AppError('TRIAL_FORBIDDEN', 403, 'A real account is needed for this; please register');
    }
    return session;
  };

  const requireAgent = async (request: FastifyRequest): Promise<Session> => {
    const session = await requireSession(request);
    if (!isAgentType(session.type)) throw new AppError('AGENT_ONLY', 403, 'This is for agents only');
    return session;
  };

  /** The session when the token is valid; null for guests and for bad or expired tokens (no error). */
  const optionalSession = async (request: FastifyRequest): Promise<Session | null> => {
    const result = await lookup(request);
    return result?.kind === 'ok' ? result.session : null;
  };

  return { requireSession, requireMember, requireAgent, optionalSession };
};

export type Auth = ReturnType<typeof createAuth>;
