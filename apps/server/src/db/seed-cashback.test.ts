import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { demoMerchantId, insertMember } from '../test/identity-helpers';
import { seedDemo } from './seed';
import { DEMO_LEVEL_BENEFITS, seedDemoCashback } from './seed-cashback';
import { seedDemoVip } from './seed-vip';

/**
 * The player side of issue 20's demo (ADR 0043): a daily cashback promotion with a cashback waiting for demo_member,
 * the levels' withdrawal limits and birthday bonuses, and demo_member's birthday today; seeded once.
 */
describeEachDatabase('demo cashback and VIP benefits seed', (getDb) => {
  it('should seed the cashback promotion, level benefits and a birthday today once', async () => {
    const db = getDb();
    const now = () => Date.now();
    await seedDemo(db);
    const merchantId = await demoMerchantId(db);
    const member = await insertMember(db, { username: 'demo_member' });
    await seedDemoVip(db, now);
    expect(await seedDemoCashback(db, now)).toBe(1);
    expect(await seedDemoCashback(db, now)).toBe(0);

    const promotions = await db.query<{ window: string; rate: number }>(
      `SELECT cashback_window AS window, bonus_percent_bp AS rate FROM promotions
       WHERE merchant_id = $1 AND kind = 'CASHBACK' AND status = 'ACTIVE'`,
      [merchantId],
    );
    expect(promotions.rows).toEqual([{ window: 'DAILY', rate: 500 }]);
    const levels = await db.query<{ level: number; count: number | null; max: string | null; birthday: string }>(
      `SELECT level, withdraw_daily_count AS count, withdraw_daily_max_minor::text AS max,
         birthday_bonus_minor::text AS birthday
       FROM vip_levels WHERE merchant_id = $1 ORDER BY level`,
      [merchantId],
    );
    expect(levels.rows).toEqual(
      DEMO_LEVEL_BENEFITS.map((b) => ({
        ...{
          level: b.level,
          count: b.withdrawDailyCount,
          max: b.withdrawDailyMaxMinor === null ? null : String(b.withdrawDailyMaxMinor),
        },
        birthday: String(b.birthdayBonusMinor),
      })),
    );
    const facts = await db.query<{ birthday_today: boolean; cashbacks: number }>(
      `SELECT to_char(m.birthday, 'MM-DD') = to_char((now() AT TIME ZONE d.timezone)::date, 'MM-DD') AS birthday_today,
         (SELECT count(*)::integer FROM rewards r WHERE r.member_id = m.id AND r.kind = 'CASHBACK') AS cashbacks
       FROM members m JOIN merchant_directory d ON d.id = m.merchant_id WHERE m.id = $1`,
      [member.id],
    );
    expect(facts.rows).toEqual([{ birthday_today: true, cashbacks: 1 }]);
  });
});
