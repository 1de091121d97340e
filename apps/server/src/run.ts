import { createRequire } from 'node:module';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { EmbeddedDatabaseLockedError } from '@platform/db';
import { buildApp, demoDataAtStart, type BuildAppOptions } from './app';
import { DEMO_ACCOUNTS, DEMO_TEAM } from './db/seed-accounts';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from './db/seed-staff';
import { embeddedDataDir } from './db/open-database';
import { EnvError, loadEnv, type Env } from './env';

/** In-flight requests get this long to finish on SIGTERM/SIGINT before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

/** pino-pretty is a dev dependency: a production install without it still logs (as JSON). */
const hasPrettyLogs = (): boolean => {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
};

const loggerFor = (env: Env): boolean | Record<string, unknown> =>
  env.NODE_ENV === 'development' && process.stdout.isTTY && hasPrettyLogs()
    ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
    : true;

const lanAddresses = (): string[] =>
  Object.values(networkInterfaces())
    .flat()
    .filter((net) => net !== undefined && net.family === 'IPv4' && !net.internal)
    .map((net) => net?.address ?? '');

const printBanner = async (app: FastifyInstance, env: Env, extra: readonly string[]): Promise<void> => {
  const port = app.server.address();
  const actualPort = typeof port === 'object' && port !== null ? port.port : env.PORT;
  const hosts = env.HOST === '0.0.0.0' || env.HOST === '::' ? ['localhost', ...lanAddresses()] : [env.HOST];
  const { rows } = await app.db.query<{ name: string }>('SELECT name FROM merchants WHERE code = $1', [
    env.DEFAULT_MERCHANT_CODE,
  ]);
  const database =
    env.DATABASE_URL === undefined ? `embedded PGlite at ${embeddedDataDir(env)}` : 'PostgreSQL (DATABASE_URL)';
  // Production prints no credential, whatever the database holds (ADR 0016).
  const demo =
    env.NODE_ENV === 'production'
      ? []
      : [
          '  Demo merchant "demo" answers on localhost and 127.0.0.1',
          ...(await demoAccountLines(app)),
          ...(await demoStaffLines(app, `http://${hosts[0] ?? 'localhost'}:${actualPort}/ops`)),
        ];
  const lines = [
    '',
    `  Platform is running (${env.NODE_ENV})`,
    ...hosts.map((host) => `    http://${host}:${actualPort}/`),
    `  Default merchant: ${env.DEFAULT_MERCHANT_CODE}${rows[0] ? ` (${rows[0].name})` : ' (not found)'}`,
    `  Database: ${database}`,
    '  Health: /health/live, /health/ready   Configuration: /wps/system/permission',
    ...extra,
    ...demo,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
};

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/**
 * The demo accounts that exist on the demo merchant, with their public passwords, and where SMS codes land. demo_agent's
 * wider team (seed-data/demo-team.ts) is one line: its usernames and the two passwords.
 */
const demoAccountLines = async (app: FastifyInstance): Promise<string[]> => {
  const { rows } = await app.db.query<{ username: string }>(
    `SELECT m.username FROM members m JOIN merchants t ON t.id = m.merchant_id
     WHERE t.code = 'demo' AND m.username = ANY($1::text[])`,
    [DEMO_ACCOUNTS.map((account) => account.username)],
  );
  const present = new Set(rows.map((row) => row.username));
  const team = new Set(DEMO_TEAM.map((account) => account.username));
  const accounts = DEMO_ACCOUNTS.filter((account) => present.has(account.username) && !team.has(account.username));
  const teamPresent = DEMO_TEAM.filter((account) => present.has(account.username));
  if (accounts.length === 0 && teamPresent.length === 0) return [];
  const width = Math.max(0, ...accounts.map((a) => a.username.length + a.password.length)) + 3;
  const teamAgents = teamPresent.filter((a) => a.affiliateCode !== null);
  const teamMembers = teamPresent.filter((a) => a.affiliateCode === null);
  const agents = teamAgents.map((a) => `${a.username} (${a.affiliateCode})`);
  const members = teamMembers.map((a) => a.username);
  return [
    '  Demo accounts (merchant "demo"; the login popup also has free play for a trial account):',
    ...accounts.map((a) => `    ${`${a.username} / ${a.password}`.padEnd(width)}  ${a.note}`),
    ...(teamPresent.length === 0
      ? []
      : [
          `    demo_agent's team: sub-agents ${agents.join(', ')} / ${teamAgents[0]?.password ?? ''};`,
          ...chunks(members, 5).map((names, i) => `      ${i === 0 ? 'members ' : ''}${names.join(', ')}`),
          `      password ${teamMembers[0]?.password ?? ''}`,
          '      (with demo_member, each deposits and plays a few rounds after an embedded `npm start` listens)',
        ]),
    '  SMS codes and reset links (outbox, not in production): /wps/dev/outbox?to=%2B639171234567',
  ];
};

/** The back office's address and the demo staff accounts present on the demo merchant (password and TOTP secret). */
const demoStaffLines = async (app: FastifyInstance, opsUrl: string): Promise<string[]> => {
  const { rows } = await app.db.query<{ username: string; enrolled: boolean }>(
    `SELECT s.username, s.totp_enrolled_at IS NOT NULL AS enrolled FROM staff_accounts s
     JOIN merchants t ON t.id = s.merchant_id WHERE t.code = 'demo' AND s.username = ANY($1::text[])`,
    [DEMO_STAFF.map((staff) => staff.username)],
  );
  const present = new Map(rows.map((row) => [row.username, row.enrolled]));
  const staff = DEMO_STAFF.filter((s) => present.has(s.username));
  if (staff.length === 0) return [];
  const enrolled = staff.filter((s) => present.get(s.username) === true).map((s) => s.username);
  const enrolling = staff.filter((s) => present.get(s.username) === false);
  return [
    `  Back office: ${opsUrl}  (merchant "demo"; password ${DEMO_STAFF_PASSWORD} for every demo staff account)`,
    ...(enrolled.length > 0
      ? [`    ${enrolled.join(', ')}`, `    TOTP secret ${DEMO_STAFF_TOTP_SECRET} (add it to an authenticator app)`]
      : []),
    ...enrolling.map((s) => `    ${s.username} (${s.role}) enrols TOTP at its first sign-in`),
  ];
};

const installShutdown = (app: FastifyInstance): void => {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
};

/** What the embedded start script (scripts/start.ts) adds: the in-process RGS, and the secret it shares with it. */
export type RunOptions = {
  vendorSecret?: (env: Env) => BuildAppOptions['vendorSecret'];
  /**
   * Runs once the app is built and before it listens, e.g. to serve another app on the same port. Returns lines for
   * the start banner.
   */
  mount?: (app: FastifyInstance, env: Env) => Promise<readonly string[]>;
};

/** `npm start`: loads the env, builds the app, listens, prints the URLs and demo accounts, stops cleanly on signals. */
export const runPlatform = async (options: RunOptions = {}): Promise<void> => {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) return fail(error.message);
    throw error;
  }
  let app: FastifyInstance;
  try {
    app = await buildApp({
      ...{ env, logger: loggerFor(env), vendorSecret: options.vendorSecret?.(env) },
      // The demo team's deposits and rounds, where the demo data is seeded (the embedded development start).
      demoActivity: demoDataAtStart(env),
    });
  } catch (error) {
    // EnvError: a production rule that needs the database (production-checks.ts).
    if (error instanceof EmbeddedDatabaseLockedError || error instanceof EnvError) return fail(error.message);
    throw error;
  }
  let extra: readonly string[] = [];
  try {
    if (options.mount) extra = await options.mount(app, env);
  } catch (error) {
    await app.close();
    throw error;
  }
  installShutdown(app);
  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (error) {
    await app.close(); // releases the embedded database lock
    throw error;
  }
  await printBanner(app, env, extra);
};

/** Exits the process with the reason a start failed. */
export const failStart = (error: unknown): never => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
};
