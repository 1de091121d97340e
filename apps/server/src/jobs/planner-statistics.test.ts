import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { plannerStatisticsJobs } from './planner-statistics';

/** reltuples is -1 until a table is analyzed; ANALYZE sets it to the counted rows. */
const estimatedRows = async (db: Database, table: string): Promise<number> => {
  const { rows } = await db.query<{ n: number }>('SELECT reltuples::float8 AS n FROM pg_class WHERE relname = $1', [
    table,
  ]);
  return Number(rows[0]?.n);
};

describe('planner statistics on the embedded database', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
  });
  afterAll(() => db.close());

  it('should ANALYZE every five minutes, so cached plans are rebuilt with real figures (PGlite has no autovacuum)', async () => {
    await db.query(
      `INSERT INTO merchants (code, name, default_language, currency_code, logo_url, main_domain, lottery_type,
         esport_game, cockfight_game) VALUES ('stats', 'stats', 'EN', 'USD', '/l.png', 'stats.test', 'x', 'x', 'x')`,
    );
    expect(await estimatedRows(db, 'merchants')).toBe(-1);
    const [job] = plannerStatisticsJobs(db);
    expect(job?.schedule).toBe('0 */5 * * * *');
    await job?.run({ occurrence: new Date(), signal: new AbortController().signal });
    expect(await estimatedRows(db, 'merchants')).toBeGreaterThanOrEqual(1);
  });

  it('should not be scheduled on PostgreSQL, whose autovacuum keeps statistics', () => {
    expect(plannerStatisticsJobs({ ...db, kind: 'postgres' } as Database)).toEqual([]);
  });
});
