import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { loadMigrations, migrate } from './migrate';

// The migrator itself is tested in packages/db; this is the RGS's configuration of it.
describeEachDatabase('rgs database', (_getDb, engine) => {
  it('should apply the RGS migrations once when two boots race, recording them in rgs_schema_migrations', async () => {
    const db = await engine.openEmpty();
    try {
      const [first, second] = await Promise.all([migrate(db), migrate(db)]);
      expect([...first, ...second]).toEqual(loadMigrations().map((m) => m.name));
      const { rows } = await db.query<{ name: string }>('SELECT name FROM rgs_schema_migrations ORDER BY name');
      expect(rows.map((row) => row.name)).toEqual(loadMigrations().map((m) => m.name));
    } finally {
      await db.close();
    }
  });
});
