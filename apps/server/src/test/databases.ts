import { createTestDatabases } from '@platform/db/testing';
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
