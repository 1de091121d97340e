import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Database, DatabaseKind } from '../db/database';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { testDatabaseUrl } from '../env';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set, in a schema of its own dropped after the suite. */
export type TestEngine = { kind: DatabaseKind; open(): Promise<Database> };

const dropSchema = async (url: string, schema: string): Promise<void> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
};

const postgresEngine = (url: string): TestEngine => ({
  kind: 'postgres',
  open: async () => {
    const schema = `rgs_test_${randomBytes(6).toString('hex')}`;
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

export const testEngines = (): TestEngine[] => {
  const url = testDatabaseUrl();
  return url === undefined ? [pgliteEngine] : [pgliteEngine, postgresEngine(url)];
};

/** Declares the suite once per engine (`title [pglite]`, `title [postgres]`) with one fresh database each. */
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
