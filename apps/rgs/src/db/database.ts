/**
 * The database seen by repositories (PGlite or node-postgres, one SQL dialect: DESIGN.md §3). It lives in
 * @platform/db, shared with the platform; the RGS's code imports it from here.
 */
export type { Database, DatabaseKind, Queryable, QueryOptions, QueryResult, Transaction } from '@platform/db';
