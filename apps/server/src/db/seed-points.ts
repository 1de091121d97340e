import type { Clock } from '../lib/clock';
import type { Database } from './database';
import { DEMO_MALL_ITEMS, DEMO_POINTS_GIFTS, DEMO_POINTS_RATES, DEMO_POINTS_SETTINGS } from './seed-data/demo-points';

const DAY_MS = 86_400_000;

/**
 * The demo merchant's points mall (issue 21): settings, rates and items, written only while the merchant has no
 * points settings (a restart adds nothing and an operator's mall is never touched), and welcome points waiting in the
 * reward centres of demo members (a reward paid in points: claiming it credits the POINTS account through the ledger).
 * Development's embedded mode only (ADR 0016).
 */
export const seedDemoPoints = async (db: Database, now: Clock, merchantCode = 'demo'): Promise<number> =>
  db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('platform.seed-points:' || current_schema()))");
    const { rows } = await tx.query<{ id: number }>(
      `SELECT m.id FROM merchants m WHERE m.code = $1
         AND NOT EXISTS (SELECT 1 FROM points_settings s WHERE s.merchant_id = m.id)`,
      [merchantCode],
    );
    const merchant = rows[0];
    if (merchant === undefined) return 0;
    await tx.query(
      `INSERT INTO points_settings (merchant_id, enabled, convert_points_per_unit, convert_min_points)
       VALUES ($1, true, $2, $3)`,
      [merchant.id, DEMO_POINTS_SETTINGS.convertPointsPerUnit, DEMO_POINTS_SETTINGS.convertMinPoints],
    );
    for (const r of DEMO_POINTS_RATES) {
      await tx.query(
        'INSERT INTO points_rates (merchant_id, vip_level, game_type, points_per_hundred) VALUES ($1, $2, $3, $4)',
        [merchant.id, r.vipLevel, r.gameType, r.pointsPerHundred],
      );
    }
    for (const i of DEMO_MALL_ITEMS) {
      await tx.query(
        `INSERT INTO mall_items (merchant_id, kind, name, description, price_points, value_minor, turnover_multiple,
           stock, per_member_limit, name_ty)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          ...[merchant.id, i.kind, i.name, i.description, i.pricePoints, i.valueMinor.toString()],
          ...[i.turnoverMultiple, i.stock, i.perMemberLimit, i.nameTy],
        ],
      );
    }
    for (const gift of DEMO_POINTS_GIFTS) {
      await tx.query(
        `INSERT INTO rewards (merchant_id, member_id, kind, reward_key, amount_minor, pay_as, period, details,
           expires_at, created_at)
         SELECT $1, m.id, 'PROMOTION', 'demo-points:' || m.id, $3, 'POINTS', 'welcome', '{"demo": true}', $4, $5
         FROM members m WHERE m.merchant_id = $1 AND lower(m.username) = $2
         ON CONFLICT DO NOTHING`,
        [merchant.id, gift.username, gift.points, new Date(now() + 30 * DAY_MS), new Date(now())],
      );
    }
    return DEMO_MALL_ITEMS.length;
  });
