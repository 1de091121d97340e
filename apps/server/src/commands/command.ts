import { EmbeddedDatabaseLockedError } from '@platform/db';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import { EnvError, loadEnv, type Env } from '../env';

/** A refusal the command explains in one message (no stack). */
export class CommandError extends Error {}

/**
 * Runs a one-off command on the platform's database (DATABASE_URL, else the embedded one under DATA_DIR, which the
 * running server must not hold), migrated as a start would. Exits 0 when it succeeds, 1 with the reason otherwise.
 */
export const runCommand = (main: (env: Env, db: Database) => Promise<void>): void => {
  const refuse = (message: string) => {
    process.stderr.write(`${message}\n`);
    process.exitCode = 1;
  };
  const run = async () => {
    const env = loadEnv();
    const db = await openDatabase(env);
    try {
      await migrate(db);
      await main(env, db);
    } finally {
      await db.close();
    }
  };
  run().catch((error: unknown) => {
    if (error instanceof EnvError || error instanceof EmbeddedDatabaseLockedError || error instanceof CommandError) {
      refuse(error.message);
      return;
    }
    refuse(`Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  });
};
