import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { redactUrl } from '@platform/contracts';
import { openPostgres } from '@platform/db';
import { registerApi } from './api';
import { crashEngineFactory, type CrashEngine, type CrashOptions } from './crash/engine';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite';
import { fairFactory } from './fair/fair';
import { jackpotFactory } from './jackpot/jackpot';
import { systemClock, type Clock } from './lib/clock';
import { failure, RgsError } from './lib/errors';
import { registerInputGuard } from './lib/input-guard';
import { lotteryEngineFactory, type LotteryEngine, type LotteryOptions } from './lottery/engine';
import { lotteryAdminFactory } from './lottery/admin';
import { registerLotteryAdmin } from './lottery/admin-routes';
import { seedLotteryDemo } from './lottery/demo';
import { registerLotteryGateway } from './lottery/lgw-routes';
import { registerPages } from './pages/pages';
import { BASE_HEADERS } from './pages/security-headers';
import { paymentsFactory, type Payments, type PaymentsOptions } from './platform/payments';
import { seamlessClientFactory, type OperatorResolver } from './platform/seamless-client';
import { roundsFactory } from './rounds/rounds';
import { sessionPurgeFactory, type SessionPurge, type SessionPurgeOptions } from './sessions/session-purge';
import { sessionsFactory } from './sessions/sessions';
import { registerTransferProtocol, type TransferRateLimit } from './transfer/transfer-routes';
import { transferWalletFactory } from './transfer/transfer-wallet';

/** Where the RGS keeps its facts: a database the caller owns, or where to open one. */
export type RgsDatabaseOption =
  | Database
  /** PostgreSQL (RGS_DATABASE_URL); `schema` puts the tables in their own schema (tests). */
  | { url: string; schema?: string }
  /** PGlite in this directory (embedded mode: ./data/rgs). */
  | { dataDir: string }
  /** PGlite in memory (tests, demos that keep nothing). */
  | { memory: true };

export type BuildRgsOptions = {
  database: RgsDatabaseOption;
  /** How to reach each operator's platform, and the shared secret (PROTOCOL.md). */
  operators: OperatorResolver;
  clock?: Clock;
  /** true: JSON logs; an object: pino options; a logger instance: used as is (embedded mode passes a child). */
  logger?: boolean | Record<string, unknown> | FastifyBaseLogger;
  /** The CSPRNG of server seeds, crash chains, session tokens and round ids; node:crypto unless a test injects one. */
  randomBytes?: (n: number) => Uint8Array;
  /** The platform's round verifier page linked from recall and replays (default `/verify`, same origin). */
  verifierUrl?: string;
  /** How long a seamless call may take before it counts as unanswered (default 5 s). */
  callTimeoutMs?: number;
  payments?: PaymentsOptions;
  crash?: CrashOptions;
  /** The lottery draw engine (lottery/engine.ts): which lotteries, and whether its timer runs. */
  lottery?: LotteryOptions;
  jackpot?: { seedMinor?: bigint };
  /** Calls per operator on the transfer protocol (default TRANSFER_RATE_LIMIT; tests lower it). */
  transferRateLimit?: TransferRateLimit;
  /** The periodic deletion of expired page sessions (sessions/session-purge.ts). */
  sessionPurge?: SessionPurgeOptions;
  /**
   * The origins that may show the game pages in a frame: the operators' platforms (CSP frame-ancestors). Default: this
   * origin only ('self'), which is the embedded mode's platform.
   */
  frameAncestors?: readonly string[];
  /**
   * The embedded demo start (`npm start` on the embedded database): once ready, the lottery back office's demo data
   * (lottery/demo.ts) is added if missing. The caller decides; embedded.ts refuses it in production. Default false.
   */
  demoData?: boolean;
};

/** What tests and the embedded start script reach besides the routes. */
export type RgsServices = {
  db: Database;
  crash: CrashEngine;
  lottery: LotteryEngine;
  payments: Payments;
  sessionPurge: SessionPurge;
  clock: Clock;
  /** Run when the app closes (attachRgsSocketIo registers its sockets here: hooks cannot be added once ready). */
  closeTasks: Set<() => Promise<void>>;
};
export type RgsApp = FastifyInstance & { rgs: RgsServices };

const BODY_LIMIT_BYTES = 64 * 1024;
const REQUEST_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

const isDatabase = (option: RgsDatabaseOption): option is Database =>
  typeof (option as Partial<Database>).query === 'function';

const openDatabase = (option: Exclude<RgsDatabaseOption, Database>): Promise<Database> => {
  if ('url' in option) return openPostgres({ url: option.url, schema: option.schema });
  if ('dataDir' in option) return openPglite({ dataDir: option.dataDir });
  return openPglite();
};

const requestLogFields = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});

const isLoggerInstance = (logger: BuildRgsOptions['logger']): logger is FastifyBaseLogger =>
  typeof logger === 'object' && logger !== null && typeof (logger as Partial<FastifyBaseLogger>).child === 'function';

const createServer = (logger: BuildRgsOptions['logger']): FastifyInstance => {
  const base: FastifyServerOptions = {
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  };
  // Embedded mode hands a child of the platform's logger, which keeps the platform's serializers.
  if (isLoggerInstance(logger)) return Fastify({ ...base, loggerInstance: logger }) as unknown as FastifyInstance;
  // The game page's URL carries the platform's game session token (`/rgs/play/<game>?token=…`) until the page swaps
  // it: a request line logs the URL with it redacted, and no headers (Authorization holds the page session).
  const options = {
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body', 'body'],
    serializers: { req: requestLogFields },
  };
  return Fastify({
    ...base,
    logger: logger === true ? options : logger ? { ...options, ...logger } : false,
  }) as unknown as FastifyInstance;
};

/**
 * The in-house remote game server (DESIGN.md §6), built as a Fastify instance that is not listening: the
 * standalone main listens on RGS_PORT; embedded mode forwards `/rgs/*` to `rgs.routing(req, res)` after
 * `await rgs.ready()`, and attaches the crash Socket.IO with attachRgsSocketIo (socket.ts). Every route is under
 * `/rgs`. It reaches the platform only through the signed vendor protocols: it calls the platform's seamless API for
 * sessions launched with `wallet=seamless`, and answers the platform's transfer calls (`/rgs/v1/transfer/*`) for the
 * RGS-held wallets that sessions launched with `wallet=transfer` play from.
 */
export const buildRgs = async (options: BuildRgsOptions): Promise<RgsApp> => {
  const app = createServer(options.logger);
  const clock = options.clock ?? systemClock;
  const randomBytes = options.randomBytes ?? ((n: number) => new Uint8Array(cryptoRandomBytes(n)));
  const owned = !isDatabase(options.database);
  const db = isDatabase(options.database) ? options.database : await openDatabase(options.database);
  try {
    const applied = await migrate(db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'rgs database migrated');
  } catch (error) {
    if (owned) await db.close();
    throw error;
  }
  const verifierUrl = options.verifierUrl ?? '/verify';
  const seamless = seamlessClientFactory({
    operators: options.operators,
    clock,
    timeoutMs: options.callTimeoutMs,
  });
  const payments = paymentsFactory({
    db,
    seamless,
    clock,
    log: app.log,
    options: { staleDebitMs: 2 * (options.callTimeoutMs ?? 5_000) + 5_000, ...options.payments },
  });
  const fair = fairFactory({ db, clock, randomBytes });
  const jackpot = jackpotFactory({ db, clock, seedMinor: options.jackpot?.seedMinor });
  const rounds = roundsFactory({ db, clock, payments, randomBytes, verifierUrl });
  const sessions = sessionsFactory({ db, clock, seamless, operators: options.operators, randomBytes });
  const crash = crashEngineFactory({ db, clock, rounds, payments, randomBytes, log: app.log, options: options.crash });
  const lottery = lotteryEngineFactory({
    db,
    clock,
    rounds,
    payments,
    randomBytes,
    log: app.log,
    options: options.lottery,
  });
  const sessionPurge = sessionPurgeFactory({ db, clock, log: app.log, options: options.sessionPurge });

  const closeTasks = new Set<() => Promise<void>>();
  app.decorate('rgs', { db, crash, lottery, payments, sessionPurge, clock, closeTasks } satisfies RgsServices);
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof RgsError) {
      if (error.httpStatus >= 500) request.log.warn({ code: error.code }, error.message);
      return reply.code(error.httpStatus).send(failure(error.code, error.message, error.value));
    }
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send(failure(status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', 'Bad request'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure('INTERNAL', 'Something went wrong on the game server'));
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(failure('NOT_FOUND', 'Not found')));
  // Every answer starts with the headers of something no browser should render or frame; pages set their own policy.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(BASE_HEADERS);
    done();
  });
  // Game answers depend on the session; no shared cache may keep them (public feeds set their own header).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  registerInputGuard(app);
  app.get('/rgs/health', async () => ({ ok: true }));
  registerApi(app, { db, sessions, fair, rounds, jackpot, crash, payments });
  registerLotteryGateway(app, { db, clock, sessions, lottery });
  const lotteryAdmin = lotteryAdminFactory({ db, clock, settlement: lottery.settlement });
  registerLotteryAdmin(app, { admin: lotteryAdmin, operators: options.operators, clock });
  registerTransferProtocol(app, {
    wallet: transferWalletFactory({ db, clock }),
    operators: options.operators,
    clock,
    rateLimit: options.transferRateLimit,
  });
  registerPages(app, { rounds, verifierUrl, frameAncestors: options.frameAncestors ?? ["'self'"] });

  app.addHook('onReady', async () => {
    payments.start();
    sessionPurge.start();
    await crash.start();
    await lottery.start();
    if (options.demoData === true) {
      try {
        const demo = await seedLotteryDemo({ db, clock, admin: lotteryAdmin, issues: lottery.issues });
        if (demo.oddsVersion !== null || demo.cancelledIssue !== null) app.log.info(demo, 'lottery demo data seeded');
      } catch (error) {
        app.log.warn({ err: error }, 'lottery demo data failed');
      }
    }
  });
  app.addHook('onClose', async () => {
    for (const task of closeTasks) await task();
    await crash.stop();
    await lottery.stop();
    await payments.stop();
    await sessionPurge.stop();
    if (owned) await db.close();
  });
  return app as RgsApp;
};
