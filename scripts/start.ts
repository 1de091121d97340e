import { join } from 'node:path';
import { demoDataAtStart, failStart, runPlatform, type Env } from '@platform/server';
import { embeddedSecrets, mountRgs, RGS_PREFIX, type SecretResolver } from './embedded';

/**
 * `npm start` (embedded mode, DESIGN.md §3): one process, one port: the platform API and web app, and the in-house
 * RGS under /rgs with its own embedded database (DATA_DIR/rgs, or PostgreSQL at RGS_DATABASE_URL).
 */
const rgsDatabaseUrl = process.env.RGS_DATABASE_URL || undefined;
const secretsByEnv = new WeakMap<Env, SecretResolver>();
const secretsOf = (env: Env): SecretResolver => {
  const known = secretsByEnv.get(env);
  if (known) return known;
  const secrets = embeddedSecrets(env);
  secretsByEnv.set(env, secrets);
  return secrets;
};

runPlatform({
  vendorSecret: (env) => secretsOf(env),
  mount: async (app, env) => {
    // Production has no embedded database, the in-process RGS's included (ADR 0016).
    if (env.NODE_ENV === 'production' && rgsDatabaseUrl === undefined) {
      throw new Error('RGS_DATABASE_URL: must be set in production (the embedded database is for development only)');
    }
    await mountRgs(app, env, {
      secrets: secretsOf(env),
      database: rgsDatabaseUrl === undefined ? undefined : { url: rgsDatabaseUrl },
      // The demo start's lottery back-office data, when the platform seeds its demo data (never in production).
      demoData: demoDataAtStart(env),
    });
    const where = rgsDatabaseUrl === undefined ? join(env.DATA_DIR, 'rgs') : 'RGS_DATABASE_URL';
    return [`  In-house games (RGS): ${RGS_PREFIX}/ in this process (its database: ${where})`];
  },
}).catch(failStart);
