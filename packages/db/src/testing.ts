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
   * A fresh database of its own: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. It already holds
   * the migrations (both start from a migrated copy); suites migrate as the app does, which then finds nothing to do.
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
  /**
   * Prefix of each suite's PostgreSQL database and of its schema (`test_`), so a leftover database tells which app made
   * it; the migrated templates are `<prefix>tpl_<migrator>_<fingerprint>`.
   */
  schemaPrefix: string;
  /** Extensions the migrations create, made in public of each new database before it migrates. */
  postgresExtensions?: readonly string[];
};

export type TestDatabases = {
  /** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (DESIGN.md §3: CI sets it). */
  testEngines(): TestEngine[];
  /**
   * Declares the suite once per engine, named `title [pglite]` / `title [postgres]`, with one fresh database
   * per suite, opened before its tests and closed (database dropped) after them.
   */
  describeEachDatabase(title: string, body: (getDb: () => Database, engine: TestEngine) => void): void;
};

const EXTENSION_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** SQLSTATE 55006: the database is in use (a connection of the pool just closed is still going away). */
const OBJECT_IN_USE = '55006';
/** SQLSTATE 42P04: the database already exists. */
const DUPLICATE_DATABASE = '42P04';

const codeOf = (error: unknown): string | undefined => (error as { code?: string }).code;

/** Runs statements on one connection of its own, to the database of `url`. */
const withClient = async <T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/**
 * A statement that PostgreSQL refuses while a connection to the database it names remains: a closed pool's backends
 * leave a moment after it closes. Retried for up to about 5 s.
 */
const whenUnused = async (url: string, sql: string): Promise<void> => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await withClient(url, (client) => client.query(sql));
      return;
    } catch (error) {
      if (codeOf(error) !== OBJECT_IN_USE || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
};

/** The same server and credentials, another database. */
const databaseUrl = (url: string, database: string): string => {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
};

/** Extensions live in public, shared by every schema of the database; the migrations find them there. */
const createExtensions = async (url: string, extensions: readonly string[]): Promise<void> => {
  if (extensions.length === 0) return;
  await withClient(url, async (client) => {
    for (const extension of extensions) {
      if (!EXTENSION_NAME.test(extension)) throw new Error(`Invalid extension name ${JSON.stringify(extension)}`);
      await client.query(`CREATE EXTENSION IF NOT EXISTS ${extension} WITH SCHEMA public`);
    }
  });
};

/**
 * Each suite gets a database of its own, `<prefix><random>`, holding its tables in the schema `<prefix>suite` (as the
 * apps run in a schema of their own). A migrated suite database is a copy of a template database made once per set
 * of migrations and routines (`<prefix>tpl_<migrator>_<fingerprint>`, kept on the server for every later run):
 * CREATE DATABASE … TEMPLATE copies it in about 0.1 s, against about 0.5 s for the migrations. The template is built
 * under a temporary name and renamed, so a test process never copies half a template another one is building.
 */
const postgresEngine = (url: string, config: TestDatabasesConfig): TestEngine => {
  const schema = `${config.schemaPrefix}suite`;
  const templateName = `${config.schemaPrefix}tpl_${config.migrator.name}_${config.migrator.fingerprint()}`;
  const extensions = config.postgresExtensions ?? [];
  const newName = () => `${config.schemaPrefix}${randomBytes(6).toString('hex')}`;

  const buildTemplate = async (): Promise<string> => {
    const exists = await withClient(url, (client) =>
      client.query('SELECT 1 FROM pg_database WHERE datname = $1', [templateName]),
    );
    if (exists.rowCount !== 0) return templateName;
    const building = `${templateName}_${randomBytes(4).toString('hex')}`;
    await withClient(url, (client) => client.query(`CREATE DATABASE ${building} TEMPLATE template0`));
    try {
      await createExtensions(databaseUrl(url, building), extensions);
      const db = await openPostgres({ url: databaseUrl(url, building), schema, maxConnections: 1 });
      try {
        await config.migrator.migrate(db);
      } finally {
        await db.close();
      }
      await whenUnused(url, `ALTER DATABASE ${building} RENAME TO ${templateName}`);
    } catch (error) {
      await whenUnused(url, `DROP DATABASE IF EXISTS ${building}`);
      // Another test process finished the same template first: use it.
      if (codeOf(error) !== DUPLICATE_DATABASE) throw error;
    }
    return templateName;
  };
  let template: Promise<string> | undefined;

  /** A new database (a copy of `source`), opened in the suite schema; closing it drops the database. */
  const openCopy = async (source: string, prepare: (copyUrl: string) => Promise<void>): Promise<Database> => {
    const name = newName();
    await whenUnused(url, `CREATE DATABASE ${name} TEMPLATE ${source}`);
    const copyUrl = databaseUrl(url, name);
    let db: Database;
    try {
      await prepare(copyUrl);
      db = await openPostgres({ url: copyUrl, schema, maxConnections: 4 });
    } catch (error) {
      await whenUnused(url, `DROP DATABASE IF EXISTS ${name}`);
      throw error;
    }
    return {
      ...db,
      close: async () => {
        await db.close();
        await whenUnused(url, `DROP DATABASE IF EXISTS ${name}`);
      },
    };
  };
  return {
    kind: 'postgres',
    open: async () => openCopy(await (template ??= buildTemplate()), async () => {}),
    openEmpty: () => openCopy('template0', (copyUrl) => createExtensions(copyUrl, extensions)),
  };
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
