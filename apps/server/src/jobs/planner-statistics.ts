import type { Database } from '../db/database';
import { every, type JobDefinition } from '../modules/platform/jobs';

/**
 * Embedded mode only: PGlite runs no autovacuum, so nothing would ever ANALYZE its tables. Without statistics the
 * planner costs every index of a fresh table alike, and a generic plan that ledger_post caches early can then find an
 * idempotency key through an index that only narrows by merchant, reading every transfer of the merchant on each post
 * (ADR 0010: a tenfold slowdown on PostgreSQL until autovacuum's ANALYZE invalidated the plan). ANALYZE samples a
 * bounded number of rows per table, and it invalidates the cached plans, so the next post plans with real figures.
 * Every five minutes: often enough that a fresh embedded database gets real statistics soon after its first traffic.
 */
export const plannerStatisticsJobs = (db: Database): JobDefinition[] =>
  db.kind !== 'pglite'
    ? []
    : [
        {
          name: 'platform.planner-statistics',
          schedule: every(5, 'minutes'),
          run: async () => {
            await db.exec('ANALYZE');
          },
        },
      ];
