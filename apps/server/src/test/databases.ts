import { openPostgres } from '@platform/db';
import { createTestDatabases } from '@platform/db/testing';
import type { Database } from '../db/database';
import { platformMigrator } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { testDatabaseUrl } from '../env';

export type { TestEngine } from '@platform/db/testing';

/**
 * The platform's database suites: PGlite started from a migrated template (`platform-test-pglite-<hash>.tar` in the
 * temp directory), and PostgreSQL (when TEST_DATABASE_URL is set) in a
 * `test_<random>` database copied from the migrated template database `test_tpl_platform_<hash>`.
 */
export const { testEngines, describeEachDatabase } = createTestDatabases({
  migrator: platformMigrator,
  openPglite,
  testDatabaseUrl: testDatabaseUrl(),
  schemaPrefix: 'test_',
  // Migration 0009 creates pg_trgm; in PostgreSQL it lives in public, shared by every test schema.
  postgresExtensions: ['pg_trgm'],
});

/**
 * A second pool on a PostgreSQL suite's own database and schema, as another node of the platform opens: each suite
 * has a database of its own on TEST_DATABASE_URL's server, so TEST_DATABASE_URL alone does not reach it.
 */
export const openSecondPool = async (db: Database, maxConnections = 2): Promise<Database> => {
  const url = testDatabaseUrl();
  if (url === undefined || db.kind !== 'postgres') throw new Error('a second pool is for PostgreSQL suites');
  const { rows } = await db.query<{ database: string; schema: string }>(
    'SELECT current_database() AS database, current_schema() AS schema',
  );
  const same = new URL(url);
  same.pathname = `/${rows[0]!.database}`;
  return openPostgres({ url: same.toString(), schema: rows[0]!.schema, maxConnections });
};
