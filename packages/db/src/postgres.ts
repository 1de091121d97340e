import pg from 'pg';
import { INT8_OID, type Database, type Queryable, type QueryOptions } from './database';

export type PostgresOptions = {
  url: string;
  /** Runs everything in this schema (created when missing); tests use a fresh one per suite. */
  schema?: string;
  maxConnections?: number;
  /** Called for errors of idle pooled connections, which would otherwise crash the process. */
  onIdleError?: (error: Error) => void;
};

const STATEMENT_TIMEOUT_MS = 15_000;
const CONNECT_TIMEOUT_MS = 5_000;
const IDLE_TIMEOUT_MS = 30_000;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Same parsing as the embedded engine: int8 becomes bigint, not a string. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => BigInt(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
  query: async <T>(sql: string, params?: readonly unknown[], options?: QueryOptions) => {
    const values = params ? [...params] : undefined;
    const result =
      options?.prepare === undefined
        ? await target.query(sql, values)
        : await target.query({ name: options.prepare, text: sql, values });
    return { rows: result.rows as T[] };
  },
  exec: async (sql: string) => {
    // Without parameters node-postgres uses the simple protocol, which runs several statements.
    await target.query(sql);
  },
});

export const openPostgres = async (options: PostgresOptions): Promise<Database> => {
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new Error(`Invalid schema name ${JSON.stringify(options.schema)}`);
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    options: options.schema === undefined ? undefined : `-c search_path=${options.schema}`,
    types,
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  try {
    if (options.schema !== undefined) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
    else await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      // A connection whose ROLLBACK failed is in an unknown state: destroy it rather than reuse it.
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
};
