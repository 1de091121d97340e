import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dumpPglite, openPglite as openRgsPglite, type Database } from '@platform/db';
import { buildRgs } from '@platform/rgs';
import { buildApp, loadEnv, openPglite, type Env } from '@platform/server';

/**
 * The sealing key of staff TOTP secrets on every e2e platform (STAFF_SECRET_KEY): the demo staff are sealed once, in
 * the template, and every platform started from it must open them, so the key cannot be a per-start key file.
 */
const E2E_STAFF_SECRET_KEY = 'e2e-staff-secret-key-0123456789abcdef';

/** The env of an e2e platform, with its DATA_DIR. */
export const e2eEnv = (dataDir: string): Env =>
  loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    TRUSTED_PROXIES: '127.0.0.1/8',
    STAFF_SECRET_KEY: E2E_STAFF_SECRET_KEY,
  });

/** Tarballs of booted databases (the e2e run's globalSetup writes them): every e2e platform starts from copies. */
export type PlatformTemplate = { platform: string; rgs: string };

const dumpTo = async (db: Database, file: string): Promise<void> => {
  writeFileSync(file, Buffer.from(await (await dumpPglite(db)).arrayBuffer()));
};

/** Opens a copy of a template's database in memory. */
export const openTemplateCopy = async (
  template: PlatformTemplate,
  which: keyof PlatformTemplate,
): Promise<Database> => {
  const loadDataDir = new Blob([readFileSync(template[which])]);
  // The RGS's embedded database has no extensions (apps/rgs/src/db/pglite.ts); the platform's has pg_trgm.
  return which === 'platform' ? openPglite({ loadDataDir }) : openRgsPglite({ loadDataDir });
};

/**
 * The platform's embedded database as a fresh boot leaves it (migrated, demo seed with its full-cost password hashes)
 * and the RGS's migrated one, written once per e2e run into `dir` (vitest globalSetup, e2e/support/global-setup.ts). Each file's
 * platform starts from copies of them in memory: no initdb, migrations or argon2 hashing per file. The boots still
 * migrate and seed, and find nothing to do. The RGS is only built (it migrates), never made ready: its crash rounds
 * and timers start in each file's own RGS.
 */
export const writePlatformTemplate = async (dir: string): Promise<PlatformTemplate> => {
  const template = { platform: join(dir, 'platform.tar'), rgs: join(dir, 'rgs.tar') };
  const db = await openPglite();
  try {
    const app = await buildApp({ env: e2eEnv(dir), db, logger: false });
    await app.close();
    await dumpTo(db, template.platform);
  } finally {
    await db.close();
  }
  const rgsDb = await openRgsPglite();
  try {
    const rgs = await buildRgs({ database: rgsDb, operators: () => undefined });
    await rgs.close();
    await dumpTo(rgsDb, template.rgs);
  } finally {
    await rgsDb.close();
  }
  return template;
};
