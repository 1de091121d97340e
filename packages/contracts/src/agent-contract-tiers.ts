import { z } from 'zod';

/** Contract tiers and rates (issue 19; DESIGN.md §12): pure rules shared by the server and the offer dialog. */

/** A rate in percent with at most two decimals, 0–100 ("1.25"). */
export const RateSchema = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a percentage with at most two decimals')
  .refine((text) => Number(text) <= 100, 'must be at most 100');

/** A rate in basis points of the base (10,000 = 100 %). */
export const rateToBps = (rate: string): number => {
  const [whole = '0', fraction = ''] = rate.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};
export const bpsToRate = (bps: number): string => `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;

/** A non-negative amount with at most the currency's decimals (checked by the server), "0" allowed. */
const ThresholdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/, 'must be a non-negative amount');

export const CONTRACT_TIERS_MAX = 10;

export const ContractTierSchema = z.object({
  /** The team's valid bet in the window at least this. */
  minValidBet: ThresholdSchema,
  /** And at least this many active members in the window. */
  minActiveMembers: z.coerce.number().int().min(0).max(1_000_000),
  rate: RateSchema,
});
export type ContractTier = z.infer<typeof ContractTierSchema>;

/** Tiers ordered by thresholds, both non-decreasing, rates non-decreasing (checked by the server: CONTRACT_TIERS_INVALID). */
export const ContractTiersSchema = z.array(ContractTierSchema).min(1).max(CONTRACT_TIERS_MAX);

/** A tier in minor units and basis points, as the rules compute with it. */
export type TierValue = { minValidBetMinor: bigint; minActiveMembers: number; rateBps: number };

/** The rate reached: the highest tier whose thresholds are both met; 0 when none is. */
export const rateAt = (tiers: readonly TierValue[], validBetMinor: bigint, activeMembers: number): number =>
  tiers.reduce(
    (best, tier) =>
      validBetMinor >= tier.minValidBetMinor && activeMembers >= tier.minActiveMembers && tier.rateBps > best
        ? tier.rateBps
        : best,
    0,
  );

/** Whether the tiers are ordered: thresholds and rates non-decreasing from one tier to the next. */
export const tiersOrdered = (tiers: readonly TierValue[]): boolean =>
  tiers.every((tier, index) => {
    const previous = index === 0 ? undefined : tiers[index - 1];
    if (previous === undefined) return true;
    return (
      tier.minValidBetMinor >= previous.minValidBetMinor &&
      tier.minActiveMembers >= previous.minActiveMembers &&
      tier.rateBps >= previous.rateBps
    );
  });

/**
 * The child's tiers whose rate exceeds what the parent's tiers give at the same thresholds (DESIGN.md §12: "a
 * downline's rate never exceeds its upline's at any tier"). Checking each child tier at its own thresholds is enough:
 * at any team figures the child's rate is one of its tiers', met at that tier's thresholds, where the parent's rate is
 * at most what it is at the higher figures. Empty: the child never exceeds the parent.
 */
export const tiersExceeding = (
  child: readonly TierValue[],
  parent: readonly TierValue[],
): { index: number; rateBps: number; parentRateBps: number }[] =>
  child.flatMap((tier, index) => {
    const parentRateBps = rateAt(parent, tier.minValidBetMinor, tier.minActiveMembers);
    return tier.rateBps > parentRateBps ? [{ index, rateBps: tier.rateBps, parentRateBps }] : [];
  });

/** value of 409 CONTRACT_RATE_ABOVE_UPLINE: the first tier above the upline's rate at its thresholds. */
export const ContractRateRefusalSchema = z.object({
  tierIndex: z.number().int(),
  rate: z.string(),
  /** The most the upline's own contract gives at that tier's thresholds. */
  maxRate: z.string(),
});
export type ContractRateRefusal = z.infer<typeof ContractRateRefusalSchema>;
