import type { FastifyInstance } from 'fastify';
import { findUnstorableInRequest } from '@platform/contracts';
import { unstorableError } from '../lib/storable-input';

/**
 * The one edge check every route goes through (DESIGN.md §14): text the database cannot store (U+0000, a lone
 * surrogate) in the body, query, params or path is refused with 400 INVALID_CHARACTERS before any handler reads it, so
 * no route can turn it into a 500 further in. Installed on the root instance before any route, so every plugin
 * inherits it. Input read later is checked where it is read: a sealed body by the sealed module once opened, multipart
 * fields by their route (lib/storable-input.ts).
 */
export const registerInputGuard = (app: FastifyInstance): void => {
  // A callback hook: it runs on every request, and an async hook costs a promise each time.
  app.addHook('preValidation', (request, _reply, done) => {
    const found = findUnstorableInRequest(request);
    done(found === undefined ? undefined : unstorableError(found.finding, found.part));
  });
};
