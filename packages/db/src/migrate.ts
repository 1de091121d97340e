import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Database, Queryable } from './database';

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
  /**
   * Folders of routine files (`*.sql`): the current definitions of SQL functions, each written with CREATE OR REPLACE.
   * They are applied after the migrations, in path order, whenever a file's checksum differs from the one recorded in
   * `<table>_routines`, so a function's text lives in one file instead of in every migration that ever changed it.
   * Migrations keep the tables (and may create a first version of a function that a trigger needs).
   */
  routines?: readonly string[];
};

/** A routine file: its path relative to its folder's parent (`ledger/sql/ledger-post.sql`), text and checksum. */
export type Routine = { name: string; sql: string; checksum: string };

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
  /** The routine files, in the order they are applied. */
  routines(): Routine[];
  /** A hash of the migrations and routines: equal fingerprints make equal databases (test templates are named by it). */
  fingerprint(): string;
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

const ROUTINE_FILE = /^[a-z0-9][a-z0-9_-]*\.sql$/;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Each folder's routine files, named `<folder's parent name>/<folder name>/<file>` so two modules' files never clash. */
export const loadRoutines = (dirs: readonly string[]): Routine[] =>
  dirs
    .flatMap((dir) =>
      readdirSync(dir)
        .filter((file) => ROUTINE_FILE.test(file))
        .map((file) => {
          const sql = readFileSync(join(dir, file), 'utf8');
          return { name: `${basename(dirname(dir))}/${basename(dir)}/${file}`, sql, checksum: sha256(sql) };
        }),
    )
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

export const createMigrator = (config: MigratorConfig): Migrator => {
  if (!IDENTIFIER.test(config.name) || !IDENTIFIER.test(config.table)) {
    throw new Error(`Invalid migrator name or table ${JSON.stringify([config.name, config.table])}`);
  }
  const { name, table } = config;
  const load = (): Migration[] => loadMigrations(config.dir);
  const routines = (): Routine[] => loadRoutines(config.routines ?? []);
  const routinesTable = `${table}_routines`;
  const fingerprint = (): string =>
    sha256([...load(), ...routines()].map((file) => `${file.name}:${file.checksum}`).join('\n')).slice(0, 16);
  /** Applies the routines whose text changed since they were last applied (all of them on a fresh database). */
  const applyRoutines = async (tx: Queryable): Promise<string[]> => {
    const files = routines();
    if (files.length === 0) return [];
    await tx.exec(`CREATE TABLE IF NOT EXISTS ${routinesTable} (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM ${routinesTable}`);
    const recorded = new Map(rows.map((row) => [row.name, row.checksum]));
    const appliedNow: string[] = [];
    for (const routine of files) {
      if (recorded.get(routine.name) === routine.checksum) continue;
      await tx.exec(routine.sql);
      await tx.query(
        `INSERT INTO ${routinesTable} (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
        [routine.name, routine.checksum],
      );
      appliedNow.push(routine.name);
    }
    return appliedNow;
  };
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
      const routinesNow = await applyRoutines(tx);
      return [...appliedNow, ...routinesNow];
    });
  return { name, load, migrate, routines, fingerprint };
};
