import type { FastifyInstance } from 'fastify';
import { findUnstorableInRequest, INVALID_CHARACTERS_MESSAGE } from '@platform/contracts';
import { RgsError } from './errors';

/**
 * The RGS's edge check, the platform's twin (DESIGN.md §14): text its database cannot store (U+0000, a lone surrogate)
 * in any request's body, query, params or path is a 400 INVALID_CHARACTERS before a handler reads it. Installed before
 * any route, so every route inherits it.
 */
export const registerInputGuard = (app: FastifyInstance): void => {
  // A callback hook: it runs on every request, and an async hook costs a promise each time.
  app.addHook('preValidation', (request, _reply, done) => {
    const found = findUnstorableInRequest(request);
    if (found === undefined) return done();
    const error =
      found.finding.kind === 'too-complex'
        ? new RgsError('BAD_REQUEST', 400, `The ${found.part} is nested too deeply`)
        : new RgsError('INVALID_CHARACTERS', 400, `${INVALID_CHARACTERS_MESSAGE}: ${found.part}`);
    done(error);
  });
};
