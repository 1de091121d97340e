import { fileURLToPath } from 'node:url';
import { createMigrator } from '../migrate';
import { openPglite } from '../pglite';
import { createTestDatabases } from '../testing';

/** A migrator over the fixture migrations, as each app defines its own in src/db/migrate.ts. */
export const probeMigrator = createMigrator({
  name: 'db_probe',
  dir: fileURLToPath(new URL('./migrations/', import.meta.url)),
  table: 'probe_schema_migrations',
});

// Packages have no env module; an empty TEST_DATABASE_URL means unset, as in the apps' env.ts.
const url = process.env.TEST_DATABASE_URL;

export const { testEngines, describeEachDatabase } = createTestDatabases({
  migrator: probeMigrator,
  openPglite,
  testDatabaseUrl: url === '' ? undefined : url,
  schemaPrefix: 'db_test_',
});
