/**
 * The database seen by repositories: PostgreSQL, either embedded (PGlite) or a server (node-postgres).
 * One SQL dialect everywhere (DESIGN.md §3). Both engines parse int8 to `bigint`, so money in minor
 * units never passes through a float and code does not depend on which engine it runs on.
 * Shared by the platform and the RGS, each with its own database, migrations and settings.
 */
export type QueryResult<T> = { rows: T[] };

export type QueryOptions = {
  /**
   * Names a constant statement on a hot path (a ledger post, a seamless call): PostgreSQL parses and plans it once
   * per connection and then only binds and runs it. The embedded engine ignores it. Never for SQL built at run time.
   */
  prepare?: string;
};

export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

/** What a repository receives: the database itself or an open transaction. */
export type Transaction = Queryable;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /** Commits when `fn` resolves, rolls back when it throws (and rethrows). */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Idempotent. */
  close(): Promise<void>;
}

/** PostgreSQL type oid of int8 (bigint). */
export const INT8_OID = 20;
