import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Database, DatabaseKind } from './database';
import type { Migrator } from './migrate';
import { dumpPglite, type PgliteOptions } from './pglite';
import { openPostgres } from './postgres';

/**
 * Test databases for an app's suites (vitest only: import it from `@platform/db/testing`, never from app code).
 * DESIGN.md §3: every database suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
export type TestEngine = {
  kind: DatabaseKind;
  /**
   * A fresh database of its own: in-memory PGlite, or a new schema on TEST_DATABASE_URL. It may already hold the
   * migrations (PGlite starts from a migrated copy); suites migrate as the app does, which then finds nothing to do.
   */
  open(): Promise<Database>;
  /** A fresh database with nothing in it, not even the migrations (for tests of migrating itself). */
  openEmpty(): Promise<Database>;
};

export type TestDatabasesConfig = {
  /** The app's migrations, applied to the PGlite template. */
  migrator: Migrator;
  /** Opens the app's embedded database (with its extensions); given `loadDataDir` to start from the template. */
  openPglite: (options?: Pick<PgliteOptions, 'loadDataDir'>) => Promise<Database>;
  /** TEST_DATABASE_URL as the app's env module reads it; undefined runs the suites on PGlite only. */
  testDatabaseUrl: string | undefined;
  /** Prefix of each suite's PostgreSQL schema (`test_`), so a leftover schema tells which app made it. */
  schemaPrefix: string;
  /** Extensions the migrations create, made once in public before any suite migrates. */
  postgresExtensions?: readonly string[];
};

export type TestDatabases = {
  /** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (DESIGN.md §3: CI sets it). */
  testEngines(): TestEngine[];
  /**
   * Declares the suite once per engine, named `title [pglite]` / `title [postgres]`, with one fresh database
   * per suite, opened before its tests and closed (schema dropped) after them.
   */
  describeEachDatabase(title: string, body: (getDb: () => Database, engine: TestEngine) => void): void;
};

const EXTENSION_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Drops the test schema through a separate connection, after the pool under test has been closed. */
const dropSchema = async (url: string, schema: string): Promise<void> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
};

/**
 * Extensions live in public, shared by every test schema. Created once up front so that suites migrating at the same
 * time never race to create them (two concurrent CREATE EXTENSION IF NOT EXISTS can collide).
 */
const createExtensions = async (url: string, extensions: readonly string[]): Promise<void> => {
  if (extensions.length === 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const extension of extensions) {
      if (!EXTENSION_NAME.test(extension)) throw new Error(`Invalid extension name ${JSON.stringify(extension)}`);
      try {
        await client.query(`CREATE EXTENSION IF NOT EXISTS ${extension} WITH SCHEMA public`);
      } catch (error) {
        // Another test process created it between the check and the insert: it exists, which is all we need.
        if ((error as { code?: string }).code !== '23505') throw error;
      }
    }
  } finally {
    await client.end();
  }
};

const postgresEngine = (url: string, config: TestDatabasesConfig): TestEngine => {
  let extensionsReady: Promise<void> | undefined;
  const openSchema = async (): Promise<Database> => {
    await (extensionsReady ??= createExtensions(url, config.postgresExtensions ?? []));
    const schema = `${config.schemaPrefix}${randomBytes(6).toString('hex')}`;
    const db = await openPostgres({ url, schema, maxConnections: 4 });
    return {
      ...db,
      close: async () => {
        await db.close();
        await dropSchema(url, schema);
      },
    };
  };
  return { kind: 'postgres', open: openSchema, openEmpty: openSchema };
};

/**
 * A migrated embedded database as a tarball, made once per set of migrations and kept in the temp directory for every
 * test process: starting PGlite from it takes about 0.35 s, against about 2 s for initdb and the migrations. The file
 * (`<migrator>-test-pglite-<hash>.tar`) is named by a hash of the migrations and routines, so a changed or added file
 * makes a new one; it is written to a temporary name and renamed, so a process never reads half a file another one is writing.
 */
const migratedTemplate = async (config: TestDatabasesConfig): Promise<Blob> => {
  const migrations = config.migrator.load();
  const file = join(tmpdir(), `${config.migrator.name}-test-pglite-${config.migrator.fingerprint()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const db = await config.openPglite();
  try {
    await config.migrator.migrate(db, migrations);
    const blob = await dumpPglite(db);
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    renameSync(partial, file);
    return blob;
  } finally {
    await db.close();
  }
};

const pgliteEngine = (config: TestDatabasesConfig): TestEngine => {
  let template: Promise<Blob> | undefined;
  return {
    kind: 'pglite',
    open: async () => config.openPglite({ loadDataDir: await (template ??= migratedTemplate(config)) }),
    openEmpty: () => config.openPglite(),
  };
};

export const createTestDatabases = (config: TestDatabasesConfig): TestDatabases => {
  const pglite = pgliteEngine(config);
  const url = config.testDatabaseUrl;
  const engines = url === undefined ? [pglite] : [pglite, postgresEngine(url, config)];
  const describeEachDatabase: TestDatabases['describeEachDatabase'] = (title, body) => {
    for (const engine of engines) {
      describe(`${title} [${engine.kind}]`, () => {
        let db: Database | undefined;
        beforeAll(async () => {
          db = await engine.open();
        });
        afterAll(async () => {
          await db?.close();
        });
        body(() => {
          if (db === undefined) throw new Error('the test database is opened in beforeAll');
          return db;
        }, engine);
      });
    }
  };
  return { testEngines: () => [...engines], describeEachDatabase };
};
