import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppSeams, type BuildAppOptions } from '../app';
import type { Database } from '../db/database';
import { loadEnv } from '../env';
import { argon2Hasher, TEST_PASSWORD_HASH_PARAMS } from '../modules/identity/identity';

/** A directory that does not exist: the app runs without a web build, as in CI unit tests. */
export const NO_WEB_BUILD = join(tmpdir(), 'platform-no-web-build-does-not-exist');

export type TestAppOptions = {
  db: Database;
  env?: Record<string, string>;
  seams?: AppSeams;
  /** The vendor protocols' secret resolver (default: VENDOR_SECRET_* in `env`). */
  vendorSecret?: BuildAppOptions['vendorSecret'];
  /**
   * true (default): once started, every vendor counts as connected, as on a site whose operator entered every
   * vendor's credentials; suites about the lobby's queries play such a site with the demo catalogue (whose third-party
   * vendors have no credentials and are otherwise taken off the lobby at boot, ADR 0020). false: vendors stay as the
   * boot's connection check left them (the connection suites).
   */
  connectVendors?: boolean;
  /** Run the demo activity once the app listens (db/demo-activity.ts; default false, as buildApp). */
  demoActivity?: boolean;
};

/** The staff TOTP secrets' sealing key of test apps (STAFF_SECRET_KEY), so no key file is written. */
export const TEST_STAFF_SECRET_KEY = 'test-staff-secret-key-0123456789abcdef';

const clocks = new WeakMap<FastifyInstance, () => number>();
/** The clock a test app runs on (seams.now, else the real one): helpers that compute TOTP codes need its time. */
export const clockOf = (app: FastifyInstance): (() => number) => clocks.get(app) ?? Date.now;

/**
 * One sealing key per test process (PAYLOAD_PRIVATE_KEY), as a deployment configures one: an app without it generates
 * an RSA key of its own, a tenth of a second of the CPU for each of the hundreds of apps the suites build.
 */
let payloadKeyPem: string | undefined;
const testPayloadKey = (): string =>
  (payloadKeyPem ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey);

/** argon2id at the smallest cost: the same code paths as production, without seconds of hashing per suite. */
export const testHasher = () => argon2Hasher(TEST_PASSWORD_HASH_PARAMS);

/**
 * The app on a test database, with TRUSTED_PROXIES=127.0.0.1/8 like the e2e (app.inject comes from 127.0.0.1, and a
 * test plays other clients with X-Forwarded-For), and a cheap password hasher unless the test brings its own.
 */
export const buildTestApp = async ({
  db,
  env = {},
  seams = {},
  vendorSecret,
  connectVendors = true,
  demoActivity,
}: TestAppOptions): Promise<FastifyInstance> => {
  const app = await buildApp({
    env: loadEnv({
      ...{ NODE_ENV: 'test', TRUSTED_PROXIES: '127.0.0.1/8', WEB_DIST_DIR: NO_WEB_BUILD },
      STAFF_SECRET_KEY: TEST_STAFF_SECRET_KEY,
      PAYLOAD_PRIVATE_KEY: testPayloadKey(),
      ...env,
    }),
    db,
    logger: false,
    seams: { passwordHasher: testHasher(), ...seams },
    vendorSecret,
    demoActivity,
  });
  await app.ready();
  if (connectVendors) {
    await db.query('UPDATE game_vendors SET connected = true, disconnected_by = NULL WHERE NOT connected');
    app.catalogue.cache.clear();
  }
  if (seams.now !== undefined) clocks.set(app, seams.now);
  return app;
};

/** A throwaway dist directory with an index.html and one hashed asset. */
export const makeWebDist = (): { dir: string; remove(): void } => {
  const dir = mkdtempSync(join(tmpdir(), 'platform-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div>SPA-INDEX</body></html>');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};
