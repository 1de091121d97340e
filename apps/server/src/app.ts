import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Env } from './env';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { seedDemo } from './db/seed';
import { errorHandler } from './lib/error-handler';
import { genRequestId, REQUEST_ID_HEADER } from './lib/request-id';
import { healthRoutes } from './modules/health';
import { createMerchantModule } from './modules/merchant';
import { systemRoutes, systemServiceFactory } from './modules/system';
import { recordApiRoutes } from './plugins/api-routes';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export type BuildAppOptions = {
  env: Env;
  /** A database the caller owns (tests); it is not closed with the app. Omitted: opened from env, closed with it. */
  db?: Database;
  /** true: JSON logs at env.LOG_LEVEL; an object: pino options; false/omitted: silent. */
  logger?: boolean | Record<string, unknown>;
};

/** Requests carry small JSON bodies; uploads, when they come, get their own limit on their route. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
const REQUEST_TIMEOUT_MS = 30_000;
/** Longer than the idle timeout of common load balancers (60 s), so they close idle connections first. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
const CONNECTION_TIMEOUT_MS = 10_000;

const loggerOptions = (env: Env, logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] => {
  if (!logger) return false;
  const base = {
    level: env.LOG_LEVEL,
    // Tokens travel in Authorization (spec "T"); never write them to logs.
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
  return logger === true ? base : { ...base, ...logger };
};

const createServer = (env: Env, logger: BuildAppOptions['logger']): FastifyInstance =>
  Fastify({
    logger: loggerOptions(env, logger),
    genReqId: genRequestId,
    // genReqId decides whether an incoming x-request-id is safe to keep.
    requestIdHeader: false,
    // Only these peers may tell us the client IP (X-Forwarded-For) and host (X-Forwarded-Host).
    trustProxy: env.TRUSTED_PROXIES.length > 0 ? env.TRUSTED_PROXIES : false,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

/** Builds the platform API and the static web app on one Fastify instance (fastify/demo style). */
export const buildApp = async (options: BuildAppOptions): Promise<FastifyInstance> => {
  const { env } = options;
  const app = createServer(env, options.logger);
  const db =
    options.db ??
    (await openDatabase(env, (error) => app.log.error({ err: error }, 'idle database connection failed')));
  app.decorate('db', db);
  if (options.db === undefined) app.addHook('onClose', () => db.close());
  try {
    const applied = await migrate(db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    if (await seedDemo(db)) app.log.info('demo merchant seeded');
    await registerRoutes(app, env, db);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
};

const registerRoutes = async (app: FastifyInstance, env: Env, db: Database): Promise<void> => {
  app.setErrorHandler(errorHandler);
  // The API speaks JSON only (DESIGN.md §4); a text body is refused with 415 instead of reaching a handler.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // API answers depend on the session and the Host; no shared cache may keep them unless a route says so.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/wps/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  const apiRoutes = recordApiRoutes(app);
  await registerSecurityHeaders(app);
  // JSON answers (the configuration is the largest) go out compressed; static files come precompressed.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });

  const merchants = createMerchantModule({ db, defaultMerchantCode: env.DEFAULT_MERCHANT_CODE }).service;
  await app.register(healthRoutes, { db });
  await app.register(systemRoutes, {
    system: systemServiceFactory({ merchants }),
    resolveMerchant: merchants.resolveByHost,
  });
  await registerWebApp(app, env.WEB_DIST_DIR, apiRoutes);
};
