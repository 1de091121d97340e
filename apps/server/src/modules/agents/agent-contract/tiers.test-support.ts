import fc from 'fast-check';
import { rateAt, type TierValue } from '@platform/contracts';

/**
 * Random tier tables for the property tests (agent-contract.property.test.ts, settlement.count.test.ts): ordered tiers,
 * thresholds and rates non-decreasing, up to the given bounds.
 */
export const orderedTiersArb = (bounds: { maxBetMinor: bigint; maxActiveMembers: number; maxTiers: number }) =>
  fc
    .array(
      fc.record({
        minValidBetMinor: fc.bigInt({ min: 0n, max: bounds.maxBetMinor }),
        minActiveMembers: fc.nat(bounds.maxActiveMembers),
        rateBps: fc.integer({ min: 0, max: 3_000 }),
      }),
      { minLength: 1, maxLength: bounds.maxTiers },
    )
    .map((tiers): TierValue[] => {
      const bets = tiers.map((t) => t.minValidBetMinor).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const active = tiers.map((t) => t.minActiveMembers).sort((a, b) => a - b);
      const rates = tiers.map((t) => t.rateBps).sort((a, b) => a - b);
      return tiers.map((_, i) => ({ minValidBetMinor: bets[i]!, minActiveMembers: active[i]!, rateBps: rates[i]! }));
    });

/** A child's tiers under its parent's: each tier's rate capped at what the parent gives at its thresholds (both are
 * non-decreasing, so the capped table stays ordered). */
export const under = (child: TierValue[], parent: TierValue[]): TierValue[] =>
  child.map((t) => ({ ...t, rateBps: Math.min(t.rateBps, rateAt(parent, t.minValidBetMinor, t.minActiveMembers)) }));
