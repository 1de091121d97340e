import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Database, DatabaseKind } from '../db/database';
import { loadMigrations, migrate } from '../db/migrate';
import { dumpPglite, openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { testDatabaseUrl } from '../env';

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

const freshSchemaName = (): string => `test_${randomBytes(6).toString('hex')}`;

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
let extensionsReady: Promise<void> | undefined;
const ensureExtensions = (url: string): Promise<void> =>
  (extensionsReady ??= (async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    } catch (error) {
      // Another test process created it between the check and the insert: it exists, which is all we need.
      if ((error as { code?: string }).code !== '23505') throw error;
    } finally {
      await client.end();
    }
  })());

const openPostgresSchema = async (url: string): Promise<Database> => {
  await ensureExtensions(url);
  const schema = freshSchemaName();
  const db = await openPostgres({ url, schema, maxConnections: 4 });
  return {
    ...db,
    close: async () => {
      await db.close();
      await dropSchema(url, schema);
    },
  };
};

const postgresEngine = (url: string): TestEngine => ({
  kind: 'postgres',
  open: () => openPostgresSchema(url),
  openEmpty: () => openPostgresSchema(url),
});

/**
 * A migrated embedded database as a tarball, made once per set of migrations and kept in the temp directory for every
 * test process: starting PGlite from it takes about 0.35 s, against about 2 s for initdb and the migrations. The file
 * is named by a hash of the migrations, so a changed or added migration makes a new one; it is written to a temporary
 * name and renamed, so a process never reads half a file another one is writing.
 */
let template: Promise<Blob> | undefined;
const migratedTemplate = (): Promise<Blob> =>
  (template ??= (async () => {
    const migrations = loadMigrations();
    const hash = createHash('sha256')
      .update(migrations.map((m) => `${m.name}:${m.checksum}`).join('\n'))
      .digest('hex')
      .slice(0, 16);
    const file = join(tmpdir(), `platform-test-pglite-${hash}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const db = await openPglite();
    try {
      await migrate(db, migrations);
      const blob = await dumpPglite(db);
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
      renameSync(partial, file);
      return blob;
    } finally {
      await db.close();
    }
  })());

const pgliteEngine: TestEngine = {
  kind: 'pglite',
  open: async () => openPglite({ loadDataDir: await migratedTemplate() }),
  openEmpty: () => openPglite(),
};

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (DESIGN.md §3: CI sets it). */
export const testEngines = (): TestEngine[] => {
  const url = testDatabaseUrl();
  return url === undefined ? [pgliteEngine] : [pgliteEngine, postgresEngine(url)];
};

/**
 * Declares the suite once per engine, named `title [pglite]` / `title [postgres]`, with one fresh database
 * per suite, opened before its tests and closed (schema dropped) after them.
 */
export const describeEachDatabase = (
  title: string,
  body: (getDb: () => Database, engine: TestEngine) => void,
): void => {
  for (const engine of testEngines()) {
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
