import { fileURLToPath } from 'node:url';
import { createMigrator } from '@platform/db';

export type { Migration } from '@platform/db';

/**
 * The RGS's migrations (db/migrations), recorded in rgs_schema_migrations under their own advisory lock, so a
 * PostgreSQL schema shared with the platform (whose table is schema_migrations) cannot mix the two.
 */
export const rgsMigrator = createMigrator({
  name: 'rgs',
  dir: fileURLToPath(new URL('./migrations/', import.meta.url)),
  table: 'rgs_schema_migrations',
});

export const loadMigrations = rgsMigrator.load;
export const migrate = rgsMigrator.migrate;
