import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMigrator } from '@platform/db';

const MODULES = fileURLToPath(new URL('../modules/', import.meta.url));

/** Every module's `sql/` folder, at any depth below modules/ (modules may sit in domain folders). */
const sqlFolders = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => (entry.name === 'sql' ? [join(dir, entry.name)] : sqlFolders(join(dir, entry.name))))
    .sort();

export type { Migration } from '@platform/db';

/** The platform's migrations (db/migrations), recorded in schema_migrations; the RGS has its own table. */
export const platformMigrator = createMigrator({
  name: 'platform',
  dir: fileURLToPath(new URL('./migrations/', import.meta.url)),
  table: 'schema_migrations',
  // Each module's SQL functions and read-only views as code (DESIGN.md §2): current definitions, applied after migrations.
  routines: sqlFolders(MODULES),
});

export const loadMigrations = platformMigrator.load;
export const migrate = platformMigrator.migrate;
