import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { seedDemoAccounts } from './seed-accounts';
import { DEMO_MALL_ITEMS, DEMO_POINTS_GIFTS } from './seed-data/demo-points';
import { seedDemo } from './seed';
import { seedDemoPoints } from './seed-points';

const fastHasher = { hash: async (password: string) => `plain:${password}` };

/** The demo points mall (issue 21): seeded once, with a physical item of small stock and points waiting to claim. */
describeEachDatabase('demo points mall seed', (getDb) => {
  it('should seed the mall once, with bonus, cash and goods, and welcome points in reward centres', async () => {
    const now = () => Date.now();
    await seedDemo(getDb());
    await seedDemoAccounts(getDb(), fastHasher);
    expect(await seedDemoPoints(getDb(), now)).toBe(DEMO_MALL_ITEMS.length);
    expect(await seedDemoPoints(getDb(), now)).toBe(0);
    const { rows } = await getDb().query<{ kind: string; stock: number | null }>(
      `SELECT i.kind, i.stock FROM mall_items i JOIN merchants m ON m.id = i.merchant_id WHERE m.code = 'demo'
       ORDER BY i.id`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['BONUS', 'CASH', 'GOODS']);
    expect(rows[2]!.stock).toBeLessThanOrEqual(5);
    const gifts = await getDb().query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM rewards WHERE pay_as = 'POINTS' AND reward_key LIKE 'demo-points:%'",
    );
    expect(gifts.rows[0]!.n).toBe(DEMO_POINTS_GIFTS.length);
  });
});
