import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createMigrator } from './migrate';
import { describeEachDatabase, probeMigrator } from './test-fixtures/databases';

/** A second app's migrations, to share a database with the probe's. */
const otherDir = mkdtempSync(join(tmpdir(), 'db-migrations-'));
writeFileSync(join(otherDir, '0001_other.sql'), 'CREATE TABLE other_things (id int PRIMARY KEY);');
writeFileSync(join(otherDir, 'notes.txt'), 'not a migration');
const otherMigrator = createMigrator({ name: 'db_other', dir: otherDir, table: 'other_schema_migrations' });
afterAll(() => rmSync(otherDir, { recursive: true, force: true }));

describeEachDatabase('migrations', (getDb, engine) => {
  it('should start a test database from the migrated template, and an empty one with nothing', async () => {
    expect(await probeMigrator.migrate(getDb())).toEqual([]);
    const { rows } = await getDb().query<{ balance_minor: bigint }>('SELECT balance_minor FROM probe_accounts');
    expect(rows).toEqual([{ balance_minor: 9007199254740993n }]);
    const empty = await engine.openEmpty();
    try {
      const { rows: tables } = await empty.query(
        "SELECT 1 FROM information_schema.tables WHERE table_name = 'probe_accounts' AND table_schema = current_schema()",
      );
      expect(tables).toEqual([]);
    } finally {
      await empty.close();
    }
  });

  it('should apply the migrations once, in name order, when two boots race on a fresh database', async () => {
    const db = await engine.openEmpty();
    try {
      const [first, second] = await Promise.all([probeMigrator.migrate(db), probeMigrator.migrate(db)]);
      expect([...first, ...second]).toEqual(['0001_probe_accounts.sql', '0002_probe_seed.sql']);
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM probe_accounts');
      expect(rows[0]?.n).toBe(1);
    } finally {
      await db.close();
    }
  });

  it("should keep each app's migrations in its own table, so two apps can share a schema", async () => {
    expect(otherMigrator.load().map((m) => m.name)).toEqual(['0001_other.sql']);
    await probeMigrator.migrate(getDb());
    expect(await otherMigrator.migrate(getDb())).toEqual(['0001_other.sql']);
    expect(await probeMigrator.migrate(getDb())).toEqual([]);
    const { rows } = await getDb().query<{ name: string }>('SELECT name FROM other_schema_migrations');
    expect(rows).toEqual([{ name: '0001_other.sql' }]);
  });

  it('should refuse a migration that was changed after it was applied', async () => {
    const [first] = probeMigrator.load();
    if (!first) throw new Error('no fixture migrations');
    await probeMigrator.migrate(getDb());
    await expect(probeMigrator.migrate(getDb(), [{ ...first, checksum: 'edited' }])).rejects.toThrow(
      /0001_probe_accounts\.sql was changed after/,
    );
  });
});

it('should refuse a migrator whose name or table is not a plain identifier', () => {
  expect(() => createMigrator({ name: 'x', dir: otherDir, table: 'migrations; DROP TABLE users' })).toThrow(
    /Invalid migrator/,
  );
});

/** A migrator whose routine folder this test writes, to change a function between boots. */
const routineRoot = mkdtempSync(join(tmpdir(), 'db-routines-'));
const routineDir = join(routineRoot, 'probe', 'sql');
mkdirSync(routineDir, { recursive: true });
const writeRoutine = (answer: number) =>
  writeFileSync(
    join(routineDir, 'probe-answer.sql'),
    `CREATE OR REPLACE FUNCTION probe_answer() RETURNS integer LANGUAGE plpgsql AS $$\nBEGIN\n  RETURN ${answer};\nEND $$;\n`,
  );
const routineMigrator = createMigrator({
  name: 'db_routines',
  dir: otherDir,
  table: 'routine_schema_migrations',
  routines: [routineDir],
});
afterAll(() => rmSync(routineRoot, { recursive: true, force: true }));

describeEachDatabase('routines', (getDb) => {
  it('should apply routine files after the migrations, again only when a file changes', async () => {
    writeRoutine(1);
    const answer = async () =>
      (await getDb().query<{ answer: number }>('SELECT probe_answer() AS answer')).rows[0]?.answer;
    expect(await routineMigrator.migrate(getDb())).toEqual(['0001_other.sql', 'probe/sql/probe-answer.sql']);
    expect(await answer()).toBe(1);
    expect(await routineMigrator.migrate(getDb())).toEqual([]);
    const before = routineMigrator.fingerprint();
    writeRoutine(2);
    expect(routineMigrator.fingerprint()).not.toBe(before);
    expect(await routineMigrator.migrate(getDb())).toEqual(['probe/sql/probe-answer.sql']);
    expect(await answer()).toBe(2);
  });
});
