import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Database, DatabaseKind } from '../db/database';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { testDatabaseUrl } from '../env';

export type TestEngine = {
  kind: DatabaseKind;
  /** A fresh, empty database: in-memory PGlite, or a new schema on TEST_DATABASE_URL. */
  open(): Promise<Database>;
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

const postgresEngine = (url: string): TestEngine => ({
  kind: 'postgres',
  open: async () => {
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
  },
});

const pgliteEngine: TestEngine = { kind: 'pglite', open: () => openPglite() };

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
