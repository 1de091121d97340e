import type { Clock } from '../lib/clock';
import type { Database } from './database';

const DAY_MS = 86_400_000;

/**
 * The demo levels' daily withdrawal limits and birthday bonuses (minor units), by level; level 0 keeps the merchant's
 * own withdrawal rules.
 */
export const DEMO_LEVEL_BENEFITS: readonly {
  level: number;
  withdrawDailyCount: number | null;
  withdrawDailyMaxMinor: bigint | null;
  birthdayBonusMinor: bigint;
}[] = [
  { level: 0, withdrawDailyCount: null, withdrawDailyMaxMinor: null, birthdayBonusMinor: 200n },
  { level: 1, withdrawDailyCount: 3, withdrawDailyMaxMinor: 1_000_000n, birthdayBonusMinor: 888n },
  { level: 2, withdrawDailyCount: 5, withdrawDailyMaxMinor: 5_000_000n, birthdayBonusMinor: 2_888n },
  { level: 3, withdrawDailyCount: 10, withdrawDailyMaxMinor: 20_000_000n, birthdayBonusMinor: 8_888n },
];

/**
 * The player side of issue 20's demo (ADR 0043): a daily cashback promotion (5% of yesterday's net loss, up to 100.00,
 * paid as a bonus wagered once) with one cashback waiting in demo_member's reward centre, the demo levels' daily
 * withdrawal limits and birthday bonuses, and demo_member's birthday today (when it has none), so the birthday job
 * offers its bonus within the hour. Written only while the merchant has no cashback promotion, so a restart adds
 * nothing and an operator's edits stay. After seedDemoVip (the levels) and seedDemoAccounts. Embedded mode only.
 */
export const seedDemoCashback = async (db: Database, now: Clock, merchantCode = 'demo'): Promise<number> =>
  db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('platform.seed-cashback:' || current_schema()))");
    const { rows } = await tx.query<{ id: number; today: string }>(
      `SELECT m.id, (($2::timestamptz) AT TIME ZONE d.timezone)::date::text AS today
       FROM merchants m JOIN merchant_directory d ON d.id = m.id
       WHERE m.code = $1 AND NOT EXISTS (SELECT 1 FROM promotions p WHERE p.merchant_id = m.id AND p.kind = 'CASHBACK')`,
      [merchantCode, new Date(now())],
    );
    const merchant = rows[0];
    if (merchant === undefined) return 0;
    const promotion = await tx.query<{ id: string }>(
      `INSERT INTO promotions (merchant_id, kind, title, terms, audience, starts_at, bonus_percent_bp, bonus_max_minor,
         turnover_multiple, cashback_window, cashback_pay_as, cashback_min_loss_minor, sort)
       VALUES ($1, 'CASHBACK', $2, $3, 'EVERYONE', $4, 500, 10000, 1, 'DAILY', 'BONUS', 1000, 50)
       RETURNING id::text`,
      [
        merchant.id,
        JSON.stringify({ EN: 'Daily cashback 5%', TY: 'Araw-araw na cashback 5%' }),
        JSON.stringify({
          EN: 'Lost yesterday? 5% of your net loss (from 10.00, up to 100.00) waits in your reward centre, wagered once.',
          TY: 'Natalo kahapon? 5% ng iyong net loss (mula 10.00, hanggang 100.00) ay nasa reward centre, tayaan nang isang beses.',
        }),
        new Date(now() - 30 * DAY_MS),
      ],
    );
    const yesterday = new Date(Date.parse(`${merchant.today}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    await tx.query(
      `INSERT INTO rewards (merchant_id, member_id, kind, reward_key, amount_minor, pay_as, turnover_multiple, period,
         details, expires_at, created_at)
       SELECT $1, m.id, 'CASHBACK', 'cashback:' || $2 || ':' || $3 || ':' || m.id, 1375, 'BONUS', 1, $3,
         '{"demo": true, "lossMinor": "27500", "rateBp": 500}', $4, $5
       FROM members m WHERE m.merchant_id = $1 AND lower(m.username) = 'demo_member'
       ON CONFLICT DO NOTHING`,
      [merchant.id, promotion.rows[0]!.id, yesterday, new Date(now() + 7 * DAY_MS), new Date(now())],
    );
    for (const b of DEMO_LEVEL_BENEFITS) {
      await tx.query(
        `UPDATE vip_levels SET withdraw_daily_count = $3, withdraw_daily_max_minor = $4, birthday_bonus_minor = $5
         WHERE merchant_id = $1 AND level = $2 AND withdraw_daily_count IS NULL AND withdraw_daily_max_minor IS NULL
           AND birthday_bonus_minor = 0`,
        [
          merchant.id,
          b.level,
          b.withdrawDailyCount,
          b.withdrawDailyMaxMinor?.toString() ?? null,
          String(b.birthdayBonusMinor),
        ],
      );
    }
    await tx.query(
      `UPDATE members SET birthday = ('1992-' || to_char($2::date, 'MM-DD'))::date
       WHERE merchant_id = $1 AND lower(username) = 'demo_member' AND birthday IS NULL`,
      [merchant.id, merchant.today],
    );
    return 1;
  });
