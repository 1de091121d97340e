import type { Database } from './database';
import { DEMO_CONTRACT_POLICIES, DEMO_CONTRACTS } from './seed-data/demo-contracts';

/**
 * The demo merchant's contract policies and demo_agent's contracts (seed-data/demo-contracts.ts), once: nothing is
 * added when the merchant has any contract policy already (an operator's edits stay). Accepted contracts date from two
 * days before the seed, so the settlement jobs count yesterday's and today's windows under them.
 */
export const seedDemoContracts = async (db: Database, nowMs: number): Promise<number> =>
  db.transaction(async (tx) => {
    const { rows: merchants } = await tx.query<{ id: number; scale: number }>(
      "SELECT id, currency_scale AS scale FROM merchants WHERE code = 'demo'",
    );
    const merchant = merchants[0];
    if (merchant === undefined) return 0;
    const { rows: existing } = await tx.query('SELECT 1 FROM agent_contract_policies WHERE merchant_id = $1 LIMIT 1', [
      merchant.id,
    ]);
    if (existing.length > 0) return 0;
    const at = new Date(nowMs - 2 * 86_400_000);
    const unit = 10n ** BigInt(merchant.scale);
    for (const policy of DEMO_CONTRACT_POLICIES) {
      const dividend = policy.type === 'DIVIDEND';
      await tx.query(
        `INSERT INTO agent_contract_policies (merchant_id, type, enabled, top_rate_bps, max_tiers,
           max_tier_valid_bet_minor, max_tier_active_members, min_active_members, downline_may_offer, dividend_period,
           deductions, carry_forward, updated_at)
         VALUES ($1, $2, true, $3, 5, $4, 1000, $5, true, $6, $7::jsonb, $8, $9)`,
        [
          ...[merchant.id, policy.type, Math.round(policy.topRate * 100), 10_000_000n * unit, policy.minActiveMembers],
          dividend ? 'SEMIMONTHLY' : null,
          dividend ? JSON.stringify({ bonuses: true, rebates: true, salaries: true, feeBps: 0 }) : null,
          dividend ? 'CARRY' : null,
          at,
        ],
      );
    }
    for (const contract of DEMO_CONTRACTS) {
      const tiers = contract.tiers.map((tier) => ({
        minValidBetMinor: (BigInt(tier.minValidBet) * unit).toString(),
        minActiveMembers: tier.minActiveMembers,
        rateBps: Math.round(tier.rate * 100),
      }));
      const { rows } = await tx.query<{ id: string; holder_id: string; offered_by_id: string | null }>(
        `INSERT INTO agent_contracts (merchant_id, type, version, holder_id, offered_by_id, status, tiers,
           dividend_period, offered_at, accepted_at)
         SELECT $1, $2, 1, h.id, o.id, $5, $6::jsonb, CASE WHEN $2 = 'DIVIDEND' THEN 'SEMIMONTHLY' END, $7,
           CASE WHEN $5 = 'ACTIVE' THEN $7::timestamptz END
         FROM members h LEFT JOIN members o ON o.merchant_id = h.merchant_id AND o.username = $4
         WHERE h.merchant_id = $1 AND h.username = $3
         RETURNING id::text, holder_id::text, offered_by_id::text`,
        [merchant.id, contract.type, contract.holder, contract.offeredBy, contract.status, JSON.stringify(tiers), at],
      );
      const row = rows[0];
      if (row === undefined) continue;
      const kinds = contract.status === 'ACTIVE' ? ['OFFERED', 'ACCEPTED'] : ['OFFERED'];
      for (const kind of kinds) {
        await tx.query(
          `INSERT INTO agent_contract_events (merchant_id, contract_id, kind, recipient_id, actor, at, note)
           VALUES ($1, $2, $3, $4, $5, $6, NULL)`,
          [
            merchant.id,
            row.id,
            kind,
            kind === 'OFFERED' ? row.holder_id : row.offered_by_id,
            kind === 'OFFERED' ? (contract.offeredBy ?? 'staff') : contract.holder,
            at,
          ],
        );
      }
    }
    return DEMO_CONTRACTS.length;
  });
