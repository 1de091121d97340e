import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite, type Extensions, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { INT8_OID, type Database, type Queryable } from './database';
import { acquireEmbeddedLock, type EmbeddedLock } from './embedded-lock';

export type PgliteOptions = {
  /** Directory of the database files; omitted means in memory (tests). */
  dataDir?: string;
  /** Starts from this copy of a database (dumpPglite) instead of an empty one: no initdb, which takes seconds. */
  loadDataDir?: Blob;
  /** Extensions the app's migrations create (PGlite bundles each one in only when it is listed here). */
  extensions?: Extensions;
  /** What points the app at another database ('DATA_DIR/DATABASE_URL'), for the message when the directory is locked. */
  settingNames?: string;
};

/** The engine behind each open embedded database, for dumpPglite. */
const engines = new WeakMap<Database, PGlite>();

/** A copy of an embedded database's files (a tarball) that openPglite({ loadDataDir }) starts from. */
export const dumpPglite = async (db: Database): Promise<Blob> => {
  const engine = engines.get(db);
  if (engine === undefined) throw new Error('dumpPglite takes a database opened by openPglite');
  return engine.dumpDataDir('none');
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

/** Embedded PostgreSQL. A data directory is locked against a second process (see embedded-lock.ts). */
export const openPglite = async (options: PgliteOptions = {}): Promise<Database> => {
  let lock: EmbeddedLock | undefined;
  if (options.dataDir !== undefined) {
    mkdirSync(dirname(options.dataDir), { recursive: true });
    lock = acquireEmbeddedLock(`${options.dataDir}.lock`, options.dataDir, options.settingNames);
  }
  let pg: PGlite;
  try {
    pg = await PGlite.create(options.dataDir, {
      parsers,
      ...(options.extensions === undefined ? {} : { extensions: options.extensions }),
      ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  let closing: Promise<void> | undefined;
  const db: Database = {
    kind: 'pglite',
    ...wrap(pg),
    // PGlite serialises everything on its one connection, so queries outside the transaction wait for it.
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => {
      closing ??= pg.close().finally(() => lock?.release());
      return closing;
    },
  };
  engines.set(db, pg);
  return db;
};
