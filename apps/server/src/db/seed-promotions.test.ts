import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { DEMO_PROMOTIONS } from './seed-data/demo-promotions';
import { seedDemoPromotions } from './seed-promotions';
import { secretBox } from '../modules/operations/staff';
import { TEST_STAFF_SECRET_KEY, testHasher } from '../test/test-app';
import { seedDemo } from './seed';
import { seedDemoAccounts } from './seed-accounts';
import { seedDemoStaff } from './seed-staff';

/**
 * The demo merchant's promotions (issue 20): seeded once, live, in both languages, with an application and a manual
 * grant to review; a restart adds nothing.
 */
describeEachDatabase('demo promotions seed', (getDb) => {
  it('should seed the demo promotions once, live now, with EN and TY titles', async () => {
    const now = () => Date.now();
    await seedDemo(getDb());
    // The members and staff the reviews name.
    await seedDemoAccounts(getDb(), testHasher());
    await seedDemoStaff(getDb(), testHasher(), secretBox(TEST_STAFF_SECRET_KEY));
    expect(await seedDemoPromotions(getDb(), now)).toBe(DEMO_PROMOTIONS.length);
    expect(await seedDemoPromotions(getDb(), now)).toBe(0);
    const { rows } = await getDb().query<{ kind: string; en: string; ty: string; live: boolean }>(
      `SELECT p.kind, p.title->>'EN' AS en, p.title->>'TY' AS ty,
         (p.status = 'ACTIVE' AND p.starts_at <= now()) AS live
       FROM promotions p JOIN merchants m ON m.id = p.merchant_id WHERE m.code = 'demo' ORDER BY p.sort`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['FIRST_DEPOSIT', 'RELOAD', 'FREE', 'APPLICATION']);
    expect(rows.every((r) => r.live && r.en !== '' && r.ty !== '' && r.en !== r.ty)).toBe(true);
    // Something for the back office to review: an application with its image, a manual grant waiting for approval.
    const review = await getDb().query<{ applying: number; images: number; grants: number }>(
      `SELECT (SELECT count(*)::integer FROM promotion_claims WHERE status = 'APPLYING') AS applying,
         (SELECT count(*)::integer FROM promotion_claim_images) AS images,
         (SELECT count(*)::integer FROM bonus_manual_grants WHERE status = 'PENDING') AS grants`,
    );
    expect(review.rows[0]).toEqual({ applying: 1, images: 1, grants: 1 });
  });
});
