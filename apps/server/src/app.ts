import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { vendorSecretKey, type Env } from './env';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { seedDemoData } from './db/seed-demo';
import type { HousekeepingTask } from './jobs/housekeeping';
import { systemClock, type Clock } from './lib/clock';
import { errorHandler } from './lib/error-handler';
import { requestSerializer } from './lib/log-redaction';
import { genRequestId, REQUEST_ID_HEADER } from './lib/request-id';
import { argon2Hasher, countingHasher, type HashMetrics, type PasswordHasher } from './modules/identity/identity';
import type { CatalogueAdapter, GameLauncher } from './modules/games/catalogue';
import { loadPayloadKeys } from './modules/identity/sealed';
import { loadStaffSecretKey, secretBox } from './modules/operations/staff';
import type { VendorSecretResolver } from './modules/games/seamless';
import { registerModules, type PlatformDeps } from './platform-modules';
import { assertProductionSecrets } from './production-checks';
import { recordApiRoutes } from './plugins/api-routes';
import { registerInputGuard } from './plugins/input-guard';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Work counters for benchmarks and tests (bench/login.mjs reads passwordHashes). */
    metrics: HashMetrics;
    /** The expired-row cleanups, also run on a timer (jobs/housekeeping.ts). */
    housekeeping: readonly HousekeepingTask[];
  }
}

/** Test and benchmark seams. Production passes none of them. */
export type AppSeams = {
  /** The clock of everything that expires: sessions, captchas, codes, rate limits, sealed payloads. */
  now?: Clock;
  /** Password hashing; counted in app.metrics whatever it is. Default: argon2id at PASSWORD_HASH_PARAMS. */
  passwordHasher?: PasswordHasher;
  /** The text of each new captcha, so a test can solve it. */
  captchaText?: () => string;
  /** How long the transfer wallet waits for a vendor (default 5 s), so a test can play a vendor that times out. */
  vendorCallTimeoutMs?: number;
  /** Game launchers by vendor code (issue 6 brings the real ones), so a test can launch a game. */
  gameLaunchers?: readonly GameLauncher[];
  /** Game-list adapters for the catalogue sync job, so a test can play a vendor whose list changes. */
  catalogueAdapters?: readonly CatalogueAdapter[];
  /** The platform's own address, for vendors whose api_url is relative (default: the listening address, see selfUrlOf). */
  selfUrl?: () => string | undefined;
  /** How long the lobby's jackpot feed waits for a vendor (default 2 s). */
  jackpotTimeoutMs?: number;
  /** The players of the demo activity when demoActivity is on (default: all of db/demo-activity.ts DEMO_PLAYERS). */
  demoPlayers?: readonly string[];
};

export type BuildAppOptions = {
  env: Env;
  /** A database the caller owns (tests); it is not closed with the app. Omitted: opened from env, closed with it. */
  db?: Database;
  /** true: JSON logs at env.LOG_LEVEL; an object: pino options; false/omitted: silent. */
  logger?: boolean | Record<string, unknown>;
  seams?: AppSeams;
  /**
   * The shared secret of a merchant's vendor (vendor protocols, ADR 0013). Default: the VENDOR_SECRET_<MERCHANT>_<VENDOR>
   * variables (env.VENDOR_SECRETS). The embedded start script passes its own, shared with the in-process RGS.
   */
  vendorSecret?: VendorSecretResolver;
  /**
   * Seed the demo merchant, accounts, staff, catalogue and content (db/seed-demo.ts). Default: only a development start
   * on the embedded database (ADR 0016); on PostgreSQL it is `npm run seed:demo`. Never in production.
   */
  demoData?: boolean;
  /**
   * Once listening, the demo team deposits and plays through the real money paths (db/demo-activity.ts), in the
   * background, once: a restart replays the same keys and moves nothing. Default false; `npm start` on the embedded
   * database turns it on (run.ts). Never in production.
   */
  demoActivity?: boolean;
};

/** Whether a start seeds the demo data by default: development (or tests) on the embedded database only. */
export const demoDataAtStart = (env: Pick<Env, 'NODE_ENV' | 'DATABASE_URL'>): boolean =>
  env.NODE_ENV !== 'production' && env.DATABASE_URL === undefined;

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
    // Tokens travel in Authorization (spec "T"); never write them to logs. The serializer logs no headers or bodies
    // at all; the redaction stays for any code that logs a request object by hand.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body', 'body'],
    serializers: { req: requestSerializer },
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

/**
 * How this process reaches itself over HTTP once it listens (undefined before): the loopback address when it listens
 * on every interface, else the address it listens on. Vendors mounted in this process (the embedded RGS, api_url
 * '/rgs') are called through it.
 */
export const selfUrlOf = (app: FastifyInstance): string | undefined => {
  const address = app.server.address();
  if (address === null || typeof address !== 'object') return undefined;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
};

/** Builds the platform API and the static web app on one Fastify instance (fastify/demo style). */
export const buildApp = async (options: BuildAppOptions): Promise<FastifyInstance> => {
  const { env } = options;
  const demoData = options.demoData ?? demoDataAtStart(env);
  if (demoData && env.NODE_ENV === 'production') throw new Error('demo data is never seeded in production');
  if (options.demoActivity === true && (!demoData || env.NODE_ENV === 'production')) {
    throw new Error('demo activity runs only with demo data, never in production');
  }
  const app = createServer(env, options.logger);
  const db =
    options.db ??
    (await openDatabase(env, (error) => app.log.error({ err: error }, 'idle database connection failed')));
  app.decorate('db', db);
  if (options.db === undefined) app.addHook('onClose', () => db.close());
  const metrics: HashMetrics = { passwordHashes: 0 };
  app.decorate('metrics', metrics);
  const seams = options.seams ?? {};
  const hasher = countingHasher(seams.passwordHasher ?? argon2Hasher(), metrics);
  try {
    const applied = await migrate(db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    if (env.STAFF_SECRET_KEY === undefined && env.DATABASE_URL !== undefined) {
      app.log.warn(
        'STAFF_SECRET_KEY is not set: staff TOTP secrets are sealed with a key kept in DATA_DIR on this node',
      );
    }
    const staffSecrets = secretBox(loadStaffSecretKey(env.STAFF_SECRET_KEY, env.DATA_DIR));
    if (demoData) {
      const log = (message: string, detail: object = {}) => app.log.info(detail, message);
      await seedDemoData(db, { hasher, staffSecrets, now: seams.now ?? systemClock, log });
    }
    const vendorSecret =
      options.vendorSecret ??
      ((merchantCode: string, vendorCode: string) => env.VENDOR_SECRETS.get(vendorSecretKey(merchantCode, vendorCode)));
    if (env.NODE_ENV === 'production') await assertProductionSecrets(db, vendorSecret);
    if (env.PAYLOAD_PRIVATE_KEY === undefined && env.DATABASE_URL !== undefined) {
      app.log.warn('PAYLOAD_PRIVATE_KEY is not set: this node seals with its own key, which other nodes cannot open');
    }
    const keys = await loadPayloadKeys(env.PAYLOAD_PRIVATE_KEY);
    await registerRoutes(app, {
      env,
      db,
      keys,
      hasher,
      staffSecrets,
      now: seams.now ?? systemClock,
      captchaText: seams.captchaText,
      vendorCallTimeoutMs: seams.vendorCallTimeoutMs,
      gameLaunchers: seams.gameLaunchers,
      catalogueAdapters: seams.catalogueAdapters,
      vendorSecret,
      selfUrl: seams.selfUrl ?? (() => selfUrlOf(app)),
      jackpotTimeoutMs: seams.jackpotTimeoutMs,
    });
    if (options.demoActivity === true) startDemoActivityOnListen(app, seams.demoPlayers);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
};

/** In the background once the server listens (the gateway and the vendor calls go over HTTP); logs what it did. */
const startDemoActivityOnListen = (app: FastifyInstance, players?: readonly string[]): void => {
  app.addHook('onListen', (done) => {
    const activity = app.demoActivity;
    if (activity !== null) {
      const started = Date.now();
      activity.run(players).then(
        (report) => app.log.info({ ...report, ms: Date.now() - started }, 'demo activity: team deposits and rounds'),
        (error: unknown) => app.log.warn({ err: error }, 'demo activity failed'),
      );
    }
    done();
  });
};

const registerRoutes = async (app: FastifyInstance, deps: PlatformDeps): Promise<void> => {
  app.setErrorHandler(errorHandler);
  // The API speaks JSON only (DESIGN.md §4); a text body is refused with 415 instead of reaching a handler.
  app.removeContentTypeParser('text/plain');
  // Callback hooks rather than async ones: these run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // API answers depend on the session and the Host; no shared cache may keep them unless a route says so.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/wps/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  const apiRoutes = recordApiRoutes(app);
  registerInputGuard(app);
  await registerSecurityHeaders(app);
  // JSON answers (the configuration is the largest) go out compressed; static files come precompressed.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });

  const { webShell, pageHeaders } = await registerModules(app, deps);
  await registerWebApp(app, { web: deps.env.WEB_DIST_DIR, ops: deps.env.OPS_DIST_DIR }, apiRoutes, {
    shell: webShell,
    pageHeaders,
  });
};
