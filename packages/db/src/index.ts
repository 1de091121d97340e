export {
  INT8_OID,
  type Database,
  type DatabaseKind,
  type Queryable,
  type QueryOptions,
  type QueryResult,
  type Transaction,
} from './database';
export { EmbeddedDatabaseLockedError } from './embedded-lock';
export {
  createMigrator,
  loadMigrations,
  loadRoutines,
  type Migration,
  type Migrator,
  type MigratorConfig,
  type Routine,
} from './migrate';
export { dumpPglite, openPglite, type PgliteOptions } from './pglite';
export { openPostgres, type PostgresOptions } from './postgres';
