import { expect, it } from 'vitest';
import { houseEdgeBp } from '../modules/engagement/vip';
import { describeEachDatabase } from '../test/databases';
import { DEMO_VIP_LEVELS } from './seed-data/demo-vip';
import { seedDemo } from './seed';
import { seedDemoVip } from './seed-vip';

/** The demo merchant's VIP levels (issue 20): seeded once, with rates below each game type's house edge. */
describeEachDatabase('demo VIP seed', (getDb) => {
  it('should seed the levels once, with EN and TY names and rising thresholds', async () => {
    const now = () => Date.now();
    await seedDemo(getDb());
    expect(await seedDemoVip(getDb(), now)).toBe(DEMO_VIP_LEVELS.length);
    expect(await seedDemoVip(getDb(), now)).toBe(0);
    const { rows } = await getDb().query<{ level: number; en: string; ty: string; min: string }>(
      `SELECT l.level, l.name->>'EN' AS en, l.name->>'TY' AS ty, l.min_valid_bet_minor::text AS min
       FROM vip_levels l JOIN merchants m ON m.id = l.merchant_id WHERE m.code = 'demo' ORDER BY l.level`,
    );
    expect(rows.map((r) => r.level)).toEqual([0, 1, 2, 3]);
    expect(rows.every((r) => r.en !== r.ty)).toBe(true);
    expect(rows.map((r) => BigInt(r.min))).toEqual(
      [...rows.map((r) => BigInt(r.min))].sort((a, b) => (a < b ? -1 : 1)),
    );
    for (const level of DEMO_VIP_LEVELS) {
      for (const [type, bp] of Object.entries(level.rates)) expect(bp, type).toBeLessThanOrEqual(houseEdgeBp(type));
    }
  });
});
