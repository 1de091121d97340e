import type { FastifyInstance } from 'fastify';
import { SEAMLESS_OPS, seamlessPath } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { SeamlessService } from './seamless.service';

/** A protocol call is a few hundred bytes; anything near this is not one. */
export const SEAMLESS_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The seamless wallet's five calls (docs/protocols/seamless-wallet.md). The signature covers the exact bytes sent, so
 * these routes keep the raw body (their own JSON parser, in their own scope) and the service parses it after the
 * signature matched.
 */
export const seamlessRoutes = async (app: FastifyInstance, { service }: { service: SeamlessService }) => {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: SEAMLESS_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    for (const op of SEAMLESS_OPS) {
      route(scope, 'POST', seamlessPath(op), {
        handler: async ({ request }) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return service.handle({ op, headers: request.headers, rawBody, ip: request.ip });
        },
      });
    }
  });
};
