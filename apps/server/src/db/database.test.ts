import { expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app';
import { describeEachDatabase } from '../test/databases';
import { loadMigrations, migrate, platformMigrator } from './migrate';
import { seedDemo } from './seed';

// The engines and the migrator themselves are tested in packages/db; these are the platform's migrations and seed.
describeEachDatabase('database', (getDb, engine) => {
  it('should apply migrations and the seed once when two boots race on a fresh database', async () => {
    const db = await engine.openEmpty();
    try {
      const [first, second] = await Promise.all([migrate(db), migrate(db)]);
      expect([...first, ...second]).toEqual(
        [...loadMigrations(), ...platformMigrator.routines()].map((file) => file.name),
      );
      const seeded = await Promise.all([seedDemo(db), seedDemo(db)]);
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM merchants WHERE code = 'demo'");
      expect(rows[0]?.n).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('should boot twice on the same database without changing it', async () => {
    const first = await buildTestApp({ db: getDb() });
    await first.close();
    await getDb().query("UPDATE merchants SET name = 'Renamed by operator' WHERE code = 'demo'");
    const second = await buildTestApp({ db: getDb() });
    try {
      const { rows } = await getDb().query<{ name: string; migrations: number }>(
        `SELECT (SELECT name FROM merchants WHERE code = 'demo') AS name,
                (SELECT count(*)::int FROM schema_migrations) AS migrations`,
      );
      expect(rows[0]).toEqual({ name: 'Renamed by operator', migrations: loadMigrations().length });
    } finally {
      await second.close();
    }
  });

  it('should refuse configuration rows that break the schema rules', async () => {
    const db = getDb();
    const demo = "(SELECT id FROM merchants WHERE code = 'demo')";
    for (const sql of [
      `INSERT INTO merchant_region_rules (merchant_id, action, cidr) VALUES (${demo}, 'DENY', 'not-a-cidr')`,
      `INSERT INTO merchant_region_rules (merchant_id, action, cidr) VALUES (${demo}, 'BLOCK', '10.0.0.0/8')`,
      `INSERT INTO merchant_domains (merchant_id, host) VALUES (${demo}, 'Upper.Case')`,
      `INSERT INTO merchant_domains (merchant_id, host) VALUES (${demo}, 'localhost')`,
      `UPDATE merchants SET currency_scale = 9 WHERE code = 'demo'`,
    ]) {
      await expect(db.query(sql), sql).rejects.toThrow();
    }
  });
});
