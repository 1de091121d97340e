import type { Clock } from '../lib/clock';
import type { Database } from './database';
import { DEMO_PROMOTIONS } from './seed-data/demo-promotions';

/**
 * The demo merchant's promotions (issue 20), written only while it has none, so restarts add nothing and an
 * operator's promotions are never touched. Development's embedded mode only (ADR 0016).
 */
export const seedDemoPromotions = async (db: Database, now: Clock, merchantCode = 'demo'): Promise<number> =>
  db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('platform.seed-promotions:' || current_schema()))");
    const { rows } = await tx.query<{ id: number }>(
      `SELECT m.id FROM merchants m WHERE m.code = $1
         AND NOT EXISTS (SELECT 1 FROM promotions p WHERE p.merchant_id = m.id)`,
      [merchantCode],
    );
    const merchant = rows[0];
    if (merchant === undefined) return 0;
    for (const [sort, p] of DEMO_PROMOTIONS.entries()) {
      await tx.query(
        `INSERT INTO promotions (merchant_id, kind, title, terms, audience, starts_at, per_member_limit,
           bonus_fixed_minor, bonus_percent_bp, bonus_max_minor, min_deposit_minor, turnover_multiple, turnover_base,
           max_bet_minor, max_conversion_minor, expiry_hours, on_withdraw, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
        [
          ...[merchant.id, p.kind, JSON.stringify(p.title), JSON.stringify(p.terms), p.audience],
          ...[new Date(now() - 86_400_000), p.perMemberLimit, p.fixedMinor, p.percentBp, p.maxMinor],
          ...[p.minDepositMinor, p.turnoverMultiple, p.turnoverBase, p.maxBetMinor, p.maxConversionMinor],
          ...[p.expiryHours, p.onWithdraw, sort],
        ],
      );
    }
    return DEMO_PROMOTIONS.length;
  });
