import type { Clock } from '../lib/clock';
import type { Database } from './database';
import { DEMO_VIP_LEVELS } from './seed-data/demo-vip';

const DAY_MS = 86_400_000;

/**
 * The demo merchant's VIP levels with their rebate rates, and one rebate waiting in demo_member's reward centre
 * (issue 20), written only while the merchant has no levels, so restarts add nothing and an operator's levels are never
 * touched. Development's embedded mode only (ADR 0016).
 */
export const seedDemoVip = async (db: Database, now: Clock, merchantCode = 'demo'): Promise<number> =>
  db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('platform.seed-vip:' || current_schema()))");
    const { rows } = await tx.query<{ id: number }>(
      `SELECT m.id FROM merchants m WHERE m.code = $1
         AND NOT EXISTS (SELECT 1 FROM vip_levels l WHERE l.merchant_id = m.id)`,
      [merchantCode],
    );
    const merchant = rows[0];
    if (merchant === undefined) return 0;
    for (const l of DEMO_VIP_LEVELS) {
      await tx.query(
        `INSERT INTO vip_levels (merchant_id, level, name, label, min_valid_bet_minor, upgrade_bonus_minor, rebate_rates)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          ...[merchant.id, l.level, JSON.stringify(l.name), l.label],
          ...[l.minValidBetMinor.toString(), l.upgradeBonusMinor.toString(), JSON.stringify(l.rates)],
        ],
      );
    }
    const yesterday = new Date(now() - DAY_MS).toISOString().slice(0, 10);
    await tx.query(
      `INSERT INTO rewards (merchant_id, member_id, kind, reward_key, amount_minor, period, details, expires_at,
         created_at)
       SELECT $1, m.id, 'REBATE', 'demo-rebate:' || m.id, 1250, $2, '{"demo": true}', $3, $4
       FROM members m WHERE m.merchant_id = $1 AND lower(m.username) = 'demo_member'
       ON CONFLICT DO NOTHING`,
      [merchant.id, yesterday, new Date(now() + 7 * DAY_MS), new Date(now())],
    );
    return DEMO_VIP_LEVELS.length;
  });
