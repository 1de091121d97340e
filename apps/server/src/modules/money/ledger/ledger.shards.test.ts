import { expect, it } from 'vitest';
import { migrate } from '../../../db/migrate';
import { describeEachDatabase } from '../../../test/databases';
import { ledgerShardOf, pgHashtext } from './ledger.shards';

describeEachDatabase('PostgreSQL hashtext in TypeScript', (getDb) => {
  it("should equal the database's hashtext and ledger shard for texts of every length and alphabet", async () => {
    const samples = [
      '',
      'a',
      'seamless:RGS:bet-1',
      'ünïcødé ✓ 漢字 🎰',
      ...Array.from({ length: 200 }, (_, i) => `seamless:RGS:tx-${i}-${'q'.repeat(i % 37)}`),
    ];
    const { rows } = await getDb().query<{ s: string; h: number }>(
      'SELECT s, hashtext(s) AS h FROM unnest($1::text[]) AS s',
      [samples],
    );
    expect(rows.map((row) => pgHashtext(row.s))).toEqual(rows.map((row) => row.h));
    const shards = await getDb().query<{ shard: number }>(
      `SELECT abs(hashtext('seamless:RGS' || ':' || k) % 64) AS shard FROM unnest($1::text[]) AS k`,
      [['b-1', 'w-1', 'rollback-xyz']],
    );
    expect(['b-1', 'w-1', 'rollback-xyz'].map((key) => ledgerShardOf('seamless:RGS', key, 64))).toEqual(
      shards.rows.map((row) => row.shard),
    );
    // The functions every post picks its shard with (sql/ledger-shards.sql) agree.
    await migrate(getDb());
    const picked = await getDb().query<{ shard: number }>(
      `SELECT ledger_shard_of(ledger_key_hash('seamless:RGS'::text, k), 64) AS shard FROM unnest($1::text[]) AS k`,
      [['b-1', 'w-1', 'rollback-xyz']],
    );
    expect(picked.rows).toEqual(shards.rows);
  });
});
