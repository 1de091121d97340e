import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { PLANNER_STATISTICS_INTERVAL_MS, startPlannerStatistics } from './planner-statistics';

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

  it('should ANALYZE on its interval, so cached plans are rebuilt with real figures (PGlite has no autovacuum)', async () => {
    await db.query(
      `INSERT INTO merchants (code, name, default_language, currency_code, logo_url, main_domain, lottery_type,
         esport_game, cockfight_game) VALUES ('stats', 'stats', 'EN', 'USD', '/l.png', 'stats.test', 'x', 'x', 'x')`,
    );
    expect(await estimatedRows(db, 'merchants')).toBe(-1);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = Fastify();
    try {
      startPlannerStatistics(app, db);
      vi.advanceTimersByTime(PLANNER_STATISTICS_INTERVAL_MS);
    } finally {
      vi.useRealTimers();
    }
    await app.close();
    expect(await estimatedRows(db, 'merchants')).toBeGreaterThanOrEqual(1);
  });
});
