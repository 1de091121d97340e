import { expect, it } from 'vitest';
import { describeEachDatabase } from './test-fixtures/databases';

describeEachDatabase('database', (getDb) => {
  it('should return int8 as bigint on every engine, beyond float precision', async () => {
    const { rows } = await getDb().query<{ v: bigint; small: number }>(
      'SELECT 9007199254740993::int8 AS v, 7::int4 AS small',
    );
    expect(rows[0]).toEqual({ v: 9007199254740993n, small: 7 });
  });

  it('should roll a transaction back when its function throws, and commit otherwise', async () => {
    const db = getDb();
    await db.exec('CREATE TABLE tx_probe (id int PRIMARY KEY)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (1)');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await db.transaction((tx) => tx.query('INSERT INTO tx_probe VALUES (2)'));
    const { rows } = await db.query<{ id: number }>('SELECT id FROM tx_probe ORDER BY id');
    expect(rows).toEqual([{ id: 2 }]);
  });

  it('should run a named prepared statement again with other values, inside and outside a transaction', async () => {
    const db = getDb();
    const sql = 'SELECT $1::int8 + 1 AS next';
    const first = await db.query<{ next: bigint }>(sql, [1n], { prepare: 'db_test_next' });
    const second = await db.transaction((tx) => tx.query<{ next: bigint }>(sql, [41n], { prepare: 'db_test_next' }));
    expect([first.rows[0]?.next, second.rows[0]?.next]).toEqual([2n, 42n]);
  });
});
