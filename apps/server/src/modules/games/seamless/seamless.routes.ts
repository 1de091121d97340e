import type { FastifyInstance } from 'fastify';
import { SEAMLESS_BATCH_BODY_LIMIT_BYTES, SEAMLESS_BATCH_PATH, SEAMLESS_OPS, seamlessPath } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { SeamlessService } from './seamless.service';

/** A protocol call is a few hundred bytes; anything near this is not one. */
export const SEAMLESS_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The seamless wallet's five calls and the batch call (docs/protocols/seamless-wallet.md). The signature covers the exact bytes sent, so
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
    const rawOf = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
    for (const op of SEAMLESS_OPS) {
      route(scope, 'POST', seamlessPath(op), {
        handler: async ({ request }) => {
          return service.handle({ op, headers: request.headers, rawBody: rawOf(request.body), ip: request.ip });
        },
      });
    }
  });
  // The batch call (ADR 0047): up to a thousand settlements in one body, hence its own scope and body limit.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: SEAMLESS_BATCH_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    route(scope, 'POST', SEAMLESS_BATCH_PATH, {
      handler: async ({ request }) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return service.handleBatch({ headers: request.headers, rawBody, ip: request.ip });
      },
    });
  });
};
