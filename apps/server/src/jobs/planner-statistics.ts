import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { startIntervalJob } from './interval-job';

/** Often enough that a fresh embedded database gets real statistics within minutes of its first traffic. */
export const PLANNER_STATISTICS_INTERVAL_MS = 5 * 60_000;

/**
 * Embedded mode only: PGlite runs no autovacuum, so nothing would ever ANALYZE its tables. Without statistics the
 * planner costs every index of a fresh table alike, and a generic plan that ledger_post caches early can then find an
 * idempotency key through an index that only narrows by merchant, reading every transfer of the merchant on each post
 * (ADR 0010: a tenfold slowdown on PostgreSQL until autovacuum's ANALYZE invalidated the plan). ANALYZE samples a
 * bounded number of rows per table, and it invalidates the cached plans, so the next post plans with real figures.
 */
export const startPlannerStatistics = (app: FastifyInstance, db: Database): void => {
  if (db.kind !== 'pglite') return;
  startIntervalJob(app, {
    name: 'planner statistics',
    everyMs: PLANNER_STATISTICS_INTERVAL_MS,
    run: async () => {
      await db.exec('ANALYZE');
    },
  });
};
