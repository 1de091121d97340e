import type { Clock } from '../lib/clock';
import type { Database, Queryable } from './database';
import { DEMO_PROMOTIONS } from './seed-data/demo-promotions';

/**
 * The demo merchant's promotions (issue 20), with an application and a manual grant for staff to review, written only
 * while it has none, so restarts add nothing and an operator's promotions are never touched. Development's embedded mode only (ADR 0016).
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
    await seedDemoReviews(tx, merchant.id);
    return DEMO_PROMOTIONS.length;
  });

/** A real 1×1 PNG: the demo application's screenshot. */
const DEMO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * What the back office reviews (ADR 0037): demo_downline's application to the demo application promotion, with a
 * screenshot, and a manual bonus for demo_member that ops_content asked for, waiting for a second staff member.
 */
const seedDemoReviews = async (tx: Queryable, merchantId: number): Promise<void> => {
  const { rows } = await tx.query<{ id: bigint; amount: bigint }>(
    `WITH claim AS (
       INSERT INTO promotion_claims (merchant_id, promotion_id, member_id, seq, status, amount_minor, comment)
       SELECT p.merchant_id, p.id, m.id, 1, 'APPLYING', p.bonus_fixed_minor, $2
       FROM promotions p JOIN members m ON m.merchant_id = p.merchant_id AND m.username = 'demo_downline'
       WHERE p.merchant_id = $1 AND p.kind = 'APPLICATION' ORDER BY p.id LIMIT 1
       RETURNING id, promotion_id)
     UPDATE promotions p SET claimed_count = claimed_count + 1 FROM claim
     WHERE p.merchant_id = $1 AND p.id = claim.promotion_id RETURNING claim.id, p.bonus_fixed_minor AS amount`,
    [merchantId, 'Hit 250x on Lucky Lanterns last night, screenshot attached.'],
  );
  if (rows[0] !== undefined) {
    await tx.query(
      `INSERT INTO promotion_claim_images (merchant_id, claim_id, position, content_type, bytes)
       VALUES ($1, $2, 1, 'image/png', $3)`,
      [merchantId, rows[0].id, DEMO_PNG],
    );
  }
  await tx.query(
    `INSERT INTO bonus_manual_grants (merchant_id, member_id, amount_minor, turnover_multiple, expiry_hours, reason,
       requested_by_id, requested_by, request_id)
     SELECT $1, m.id, 5000, 5, 72, 'Goodwill after a delayed withdrawal', s.id, s.username, 'demo-manual-grant-1'
     FROM members m JOIN staff_accounts s ON s.merchant_id = m.merchant_id AND s.username = 'ops_content'
     WHERE m.merchant_id = $1 AND m.username = 'demo_member'
     ON CONFLICT DO NOTHING`,
    [merchantId],
  );
};
