/**
 * What code outside the server (the e2e suite, benchmarks) may use: build the app in-process, give it an
 * env without touching process.env, and hand it a database it owns. Apps never import this (ESLint).
 */
export { buildApp, BODY_LIMIT_BYTES, type AppSeams, type BuildAppOptions } from './app';
export { DEMO_ACCOUNTS } from './db/seed-accounts';
export { manualClock, type Clock } from './lib/clock';
export {
  argon2Hasher,
  countingHasher,
  PASSWORD_HASH_PARAMS,
  TEST_PASSWORD_HASH_PARAMS,
  type PasswordHasher,
} from './modules/identity/identity';
export { loadEnv, EnvError, type Env } from './env';
export type { Database, Queryable, Transaction, DatabaseKind } from './db/database';
export { openPglite, type PgliteOptions } from './db/pglite';
export { openPostgres, EmbeddedDatabaseLockedError, type PostgresOptions } from '@platform/db';
export { runPlatform, failStart, type RunOptions } from './run';
export { demoDataAtStart, selfUrlOf } from './app';
export { vendorSecretKey } from './env';
export { renderCaptchaPng, randomCaptchaText } from './modules/identity/captcha';
