import { fileURLToPath } from 'node:url';
import { createMigrator } from '@platform/db';

export type { Migration } from '@platform/db';

/** The platform's migrations (db/migrations), recorded in schema_migrations; the RGS has its own table. */
export const platformMigrator = createMigrator({
  name: 'platform',
  dir: fileURLToPath(new URL('./migrations/', import.meta.url)),
  table: 'schema_migrations',
  // The money core's SQL functions as code (DESIGN.md §2): each module's current definitions, applied after migrations.
  routines: ['ledger', 'seamless'].map((module) =>
    fileURLToPath(new URL(`../modules/${module}/sql/`, import.meta.url)),
  ),
});

export const loadMigrations = platformMigrator.load;
export const migrate = platformMigrator.migrate;
