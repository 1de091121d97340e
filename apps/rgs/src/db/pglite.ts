import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { INT8_OID, type Database, type Queryable } from './database';
import { acquireEmbeddedLock, type EmbeddedLock } from './embedded-lock';

export type PgliteOptions = {
  /** Directory of the database files; omitted means in memory (tests). */
  dataDir?: string;
};

const parsers = { [INT8_OID]: (value: string) => BigInt(value) };

const wrap = (target: PGlite | PgliteTransaction): Queryable => ({
  query: async <T>(sql: string, params?: readonly unknown[]) => {
    const result = await target.query<T>(sql, params ? [...params] : undefined);
    return { rows: result.rows };
  },
  exec: async (sql: string) => {
    await target.exec(sql);
  },
});

/** Embedded PostgreSQL (the RGS's own, DESIGN.md §3). A data directory is locked against a second process. */
export const openPglite = async (options: PgliteOptions = {}): Promise<Database> => {
  let lock: EmbeddedLock | undefined;
  if (options.dataDir !== undefined) {
    mkdirSync(dirname(options.dataDir), { recursive: true });
    lock = acquireEmbeddedLock(`${options.dataDir}.lock`, options.dataDir);
  }
  let pg: PGlite;
  try {
    pg = await PGlite.create(options.dataDir, { parsers });
  } catch (error) {
    lock?.release();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    ...wrap(pg),
    // PGlite serialises everything on its one connection, so queries outside the transaction wait for it.
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => {
      closing ??= pg.close().finally(() => lock?.release());
      return closing;
    },
  };
};
