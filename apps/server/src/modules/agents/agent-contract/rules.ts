import {
  bpsToRate,
  formatMoney,
  MoneyError,
  parseMoney,
  rateToBps,
  tiersExceeding,
  tiersOrdered,
  type ContractTier,
  type TierValue,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Policy } from './agent-contract.types';

/**
 * The rules of an offer (issue 19; DESIGN.md §12): tiers ordered and within the merchant's bounds, and never above the
 * offerer's own contract at any tier. Pure, so the property tests reach them directly.
 */

const tiersInvalid = (message: string) => new AppError('CONTRACT_TIERS_INVALID', 400, message);

/** Wire tiers in minor units and basis points (400 CONTRACT_TIERS_INVALID for an amount finer than the currency). */
export const parseTiers = (tiers: readonly ContractTier[], scale: number): TierValue[] =>
  tiers.map((tier, index) => {
    try {
      return {
        minValidBetMinor: parseMoney(tier.minValidBet, scale, { allowZero: true }),
        minActiveMembers: tier.minActiveMembers,
        rateBps: rateToBps(tier.rate),
      };
    } catch (error) {
      if (error instanceof MoneyError) throw tiersInvalid(`Tier ${index + 1}: the valid bet is not an amount`);
      throw error;
    }
  });

export const formatTiers = (tiers: readonly TierValue[], scale: number): ContractTier[] =>
  tiers.map((tier) => ({
    minValidBet: formatMoney(tier.minValidBetMinor, scale),
    minActiveMembers: tier.minActiveMembers,
    rate: bpsToRate(tier.rateBps),
  }));

/** 400 CONTRACT_TIERS_INVALID unless the tiers are ordered and within the policy's bounds. */
export const checkTierBounds = (tiers: readonly TierValue[], policy: Policy): void => {
  if (tiers.length > policy.maxTiers) throw tiersInvalid(`At most ${policy.maxTiers} tiers`);
  if (!tiersOrdered(tiers)) {
    throw tiersInvalid('Each tier needs thresholds and a rate at least those of the tier before it');
  }
  for (const [index, tier] of tiers.entries()) {
    if (tier.rateBps > policy.topRateBps) {
      throw tiersInvalid(`Tier ${index + 1}: the rate is above the top rate ${bpsToRate(policy.topRateBps)}`);
    }
    if (tier.minValidBetMinor > policy.maxTierValidBetMinor || tier.minActiveMembers > policy.maxTierActiveMembers) {
      throw tiersInvalid(`Tier ${index + 1}: a threshold is above the merchant's bounds`);
    }
  }
};

/** 409 CONTRACT_RATE_ABOVE_UPLINE when a tier pays more than the upline's own contract at its thresholds. */
export const checkUnderUpline = (tiers: readonly TierValue[], upline: readonly TierValue[]): void => {
  const [first] = tiersExceeding(tiers, upline);
  if (first === undefined) return;
  throw new AppError(
    'CONTRACT_RATE_ABOVE_UPLINE',
    409,
    `Tier ${first.index + 1} offers ${bpsToRate(first.rateBps)}%, above the upline's ${bpsToRate(first.parentRateBps)}%`,
    { value: { tierIndex: first.index, rate: bpsToRate(first.rateBps), maxRate: bpsToRate(first.parentRateBps) } },
  );
};

/**
 * Spec §4: when an agent agrees to `accepted`, the contracts held below it (any depth) that exceed it at some tier end.
 * Exactly those: a contract within the new terms stays, even under one that ends (its nearest contract-holding
 * upline is then the accepting agent, whose new terms it fits).
 */
export const endedByAcceptance = <C extends { tiers: readonly TierValue[] }>(
  accepted: readonly TierValue[],
  below: readonly C[],
): C[] => below.filter((contract) => tiersExceeding(contract.tiers, accepted).length > 0);
