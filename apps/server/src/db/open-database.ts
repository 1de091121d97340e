import { join } from 'node:path';
import type { Env } from '../env';
import { openPostgres } from '@platform/db';
import type { Database } from './database';
import { openPglite } from './pglite';

/** PostgreSQL when DATABASE_URL is set (distributed mode), otherwise PGlite under DATA_DIR/platform. */
export const embeddedDataDir = (env: Pick<Env, 'DATA_DIR'>): string => join(env.DATA_DIR, 'platform');

export const openDatabase = (
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>,
  onIdleError?: (error: Error) => void,
): Promise<Database> =>
  env.DATABASE_URL === undefined
    ? openPglite({ dataDir: embeddedDataDir(env) })
    : openPostgres({ url: env.DATABASE_URL, onIdleError });
