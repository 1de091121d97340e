import { fileURLToPath } from 'node:url';
import { createMigrator } from '@platform/db';

export type { Migration } from '@platform/db';

/** The platform's migrations (db/migrations), recorded in schema_migrations; the RGS has its own table. */
export const platformMigrator = createMigrator({
  name: 'platform',
  dir: fileURLToPath(new URL('./migrations/', import.meta.url)),
  table: 'schema_migrations',
});

export const loadMigrations = platformMigrator.load;
export const migrate = platformMigrator.migrate;
