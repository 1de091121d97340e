import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';

export type Migration = { name: string; sql: string; checksum: string };

export type MigratorConfig = {
  /** Names the app's migrations: their advisory lock (`<name>.migrations:<schema>`) and the test template file. */
  name: string;
  /** The folder of `NNNN_name.sql` files. */
  dir: string;
  /**
   * The table recording the applied migrations. Each app has its own, so two apps sharing one PostgreSQL schema
   * never take each other's migrations as applied.
   */
  table: string;
};

/** One app's migrations: `load` reads them from its folder, `migrate` applies the pending ones. */
export type Migrator = {
  readonly name: string;
  load(): Migration[];
  /**
   * Applies the pending migrations in name order, all in one transaction, and records them. The advisory
   * lock (per schema) makes two processes booting at once apply them once: the second waits, then sees them
   * recorded. A recorded migration whose file changed is refused: migrations are append-only.
   * Returns the names applied now.
   */
  migrate(db: Database, migrations?: Migration[]): Promise<string[]>;
};

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;
/** The name and table go into SQL text (they cannot be parameters), so they are held to plain identifiers. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export const loadMigrations = (dir: string): Migration[] =>
  readdirSync(dir)
    .filter((name) => MIGRATION_FILE.test(name))
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });

export const createMigrator = (config: MigratorConfig): Migrator => {
  if (!IDENTIFIER.test(config.name) || !IDENTIFIER.test(config.table)) {
    throw new Error(`Invalid migrator name or table ${JSON.stringify([config.name, config.table])}`);
  }
  const { name, table } = config;
  const load = (): Migration[] => loadMigrations(config.dir);
  const migrate = (db: Database, migrations: Migration[] = load()): Promise<string[]> =>
    db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('${name}.migrations:' || current_schema()))`);
      await tx.exec(`CREATE TABLE IF NOT EXISTS ${table} (
        name text PRIMARY KEY,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const { rows } = await tx.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM ${table}`);
      const applied = new Map(rows.map((row) => [row.name, row.checksum]));
      const appliedNow: string[] = [];
      for (const migration of migrations) {
        const checksum = applied.get(migration.name);
        if (checksum !== undefined) {
          if (checksum !== migration.checksum) {
            throw new Error(
              `Migration ${migration.name} was changed after it was applied; add a new migration instead`,
            );
          }
          continue;
        }
        await tx.exec(migration.sql);
        await tx.query(`INSERT INTO ${table} (name, checksum) VALUES ($1, $2)`, [migration.name, migration.checksum]);
        appliedNow.push(migration.name);
      }
      return appliedNow;
    });
  return { name, load, migrate };
};
