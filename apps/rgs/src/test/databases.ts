import { createTestDatabases } from '@platform/db/testing';
import { rgsMigrator } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { testDatabaseUrl } from '../env';

export type { TestEngine } from '@platform/db/testing';

/**
 * The RGS's database suites: PGlite started from a migrated template (`rgs-test-pglite-<hash>.tar` in the temp
 * directory), and PostgreSQL (when TEST_DATABASE_URL is set) in a
 * `rgs_test_<random>` database copied from the migrated template database `rgs_test_tpl_rgs_<hash>`.
 */
export const { testEngines, describeEachDatabase } = createTestDatabases({
  migrator: rgsMigrator,
  openPglite,
  testDatabaseUrl: testDatabaseUrl(),
  schemaPrefix: 'rgs_test_',
});
