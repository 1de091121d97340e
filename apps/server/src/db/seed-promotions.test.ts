import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { DEMO_PROMOTIONS } from './seed-data/demo-promotions';
import { seedDemoPromotions } from './seed-promotions';
import { seedDemo } from './seed';

/** The demo merchant's promotions (issue 20): seeded once, live, in both languages; a restart adds nothing. */
describeEachDatabase('demo promotions seed', (getDb) => {
  it('should seed the demo promotions once, live now, with EN and TY titles', async () => {
    const now = () => Date.now();
    await seedDemo(getDb());
    expect(await seedDemoPromotions(getDb(), now)).toBe(DEMO_PROMOTIONS.length);
    expect(await seedDemoPromotions(getDb(), now)).toBe(0);
    const { rows } = await getDb().query<{ kind: string; en: string; ty: string; live: boolean }>(
      `SELECT p.kind, p.title->>'EN' AS en, p.title->>'TY' AS ty,
         (p.status = 'ACTIVE' AND p.starts_at <= now()) AS live
       FROM promotions p JOIN merchants m ON m.id = p.merchant_id WHERE m.code = 'demo' ORDER BY p.sort`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['FIRST_DEPOSIT', 'RELOAD', 'FREE', 'APPLICATION']);
    expect(rows.every((r) => r.live && r.en !== '' && r.ty !== '' && r.en !== r.ty)).toBe(true);
  });
});
