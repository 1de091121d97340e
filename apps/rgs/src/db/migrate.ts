import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

export type Migration = { name: string; sql: string; checksum: string };

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;

export const loadMigrations = (dir = MIGRATIONS_DIR): Migration[] =>
  readdirSync(dir)
    .filter((name) => MIGRATION_FILE.test(name))
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });

/**
 * (RGS copy of the platform's migrator; its own table, so a shared PostgreSQL database cannot mix the two.)
 * Applies the pending migrations in name order, all in one transaction, and records them. The advisory
 * lock (per schema) makes two processes booting at once apply them once: the second waits, then sees them
 * recorded. A recorded migration whose file changed is refused: migrations are append-only.
 * Returns the names applied now.
 */
export const migrate = (db: Database, migrations: Migration[] = loadMigrations()): Promise<string[]> =>
  db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('rgs.migrations:' || current_schema()))");
    await tx.exec(`CREATE TABLE IF NOT EXISTS rgs_schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM rgs_schema_migrations',
    );
    const applied = new Map(rows.map((row) => [row.name, row.checksum]));
    const appliedNow: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied; add a new migration instead`);
        }
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO rgs_schema_migrations (name, checksum) VALUES ($1, $2)', [
        migration.name,
        migration.checksum,
      ]);
      appliedNow.push(migration.name);
    }
    return appliedNow;
  });
