/**
 * The offer form's checks (DESIGN §12, spec §4), run before anything is sent so the agent sees which tier is wrong; the
 * server checks the same again. Rates are compared as integer hundredths of a percent and amounts as integer minor
 * units, never as floats.
 */

/** A tier as the form holds it: the texts the agent typed. */
export type TierDraft = { minValidBet: string; minActive: string; rate: string };

/** A tier as numbers: `minValidBetMinor` in minor units, `rateBp` in hundredths of a percent (1.25% → 125). */
export type TierValue = { minValidBetMinor: bigint; minActive: number; rateBp: number };

/** A problem with one tier (`tier` counts from 1), as a locale key under `contracts.offer.errors` and its values. */
export type OfferProblem = {
  tier: number;
  field: keyof TierDraft | 'tiers';
  key: string;
  values?: Record<string, string | number>;
};

const RATE = /^\d{1,3}(\.\d{1,2})?$/;
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const COUNT = /^\d{1,6}$/;

/** "1.5" → 150; null when it is not a percentage with at most two decimals. */
export const rateBpOf = (text: string): number | null => {
  const trimmed = text.trim();
  if (!RATE.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/** 150 → "1.5", 125 → "1.25", 300 → "3". */
export const rateText = (bp: number): string => {
  const whole = Math.floor(bp / 100);
  const fraction = String(bp % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
};

/** "1000.5" → 100050n; null when it is not an amount. */
export const minorOf = (text: string): bigint | null => {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
};

/**
 * The rate a tier table gives a team with this valid bet and these active members: the highest rate among the tiers
 * both figures reach, 0 when none (research §3.2: r = max{rate : bet ≥ minBet ∧ active ≥ minActive}).
 */
export const rateAt = (tiers: readonly TierValue[], validBetMinor: bigint, active: number): number =>
  tiers.reduce(
    (best, tier) =>
      validBetMinor >= tier.minValidBetMinor && active >= tier.minActive ? Math.max(best, tier.rateBp) : best,
    0,
  );

export type OfferLimits = {
  /** The offering agent's own tiers of this type: no offered tier may pay more than these at its threshold. */
  uplineTiers: readonly TierValue[];
  /** The merchant's top rate for the type, in hundredths of a percent. */
  topRateBp: number;
  /** The merchant's most tiers per contract. */
  maxTiers: number;
  /** The merchant's minimum active members per tier. */
  minActive: number;
};

/** Each tier's own format; the parsed tier where it is whole. */
const parseTier = (draft: TierDraft, tier: number, problems: OfferProblem[]): TierValue | null => {
  const minValidBetMinor = minorOf(draft.minValidBet);
  const minActive = COUNT.test(draft.minActive.trim()) ? Number(draft.minActive.trim()) : null;
  const rateBp = rateBpOf(draft.rate);
  if (minValidBetMinor === null) problems.push({ tier, field: 'minValidBet', key: 'amountFormat' });
  if (minActive === null) problems.push({ tier, field: 'minActive', key: 'countFormat' });
  if (draft.rate.trim() === '') problems.push({ tier, field: 'rate', key: 'rateRequired' });
  else if (rateBp === null) problems.push({ tier, field: 'rate', key: 'rateFormat' });
  if (minValidBetMinor === null || minActive === null || rateBp === null) return null;
  return { minValidBetMinor, minActive, rateBp };
};

/** A tier against the one before it, the merchant's policy and the upline's own tiers. */
const checkTier = (value: TierValue, previous: TierValue | null, tier: number, limits: OfferLimits) => {
  const problems: OfferProblem[] = [];
  if (value.minActive < limits.minActive) {
    problems.push({ tier, field: 'minActive', key: 'belowMinActive', values: { min: limits.minActive } });
  }
  if (previous !== null) {
    const higher =
      value.minValidBetMinor >= previous.minValidBetMinor &&
      value.minActive >= previous.minActive &&
      (value.minValidBetMinor > previous.minValidBetMinor || value.minActive > previous.minActive);
    if (!higher || value.rateBp <= previous.rateBp) problems.push({ tier, field: 'minValidBet', key: 'notAscending' });
  }
  if (value.rateBp > limits.topRateBp) {
    problems.push({ tier, field: 'rate', key: 'rateAboveTop', values: { top: rateText(limits.topRateBp) } });
  } else {
    const upline = rateAt(limits.uplineTiers, value.minValidBetMinor, value.minActive);
    if (value.rateBp > upline) {
      const values = { rate: rateText(value.rateBp), upline: rateText(upline) };
      problems.push({ tier, field: 'rate', key: 'rateAboveUpline', values });
    }
  }
  return problems;
};

/**
 * Every problem of an offer: formats, at least one tier and at most the merchant's, tiers ascending (each needs more
 * than the one before and pays more), no rate above the merchant's top rate or above the upline's own rate at that
 * tier's threshold. An empty list: the offer may be sent as `tiers`.
 */
export const checkOffer = (
  drafts: readonly TierDraft[],
  limits: OfferLimits,
): { problems: OfferProblem[]; tiers: TierValue[] } => {
  const problems: OfferProblem[] = [];
  if (drafts.length === 0) problems.push({ tier: 0, field: 'tiers', key: 'noTiers' });
  if (drafts.length > limits.maxTiers) {
    problems.push({ tier: 0, field: 'tiers', key: 'maxTiers', values: { count: limits.maxTiers } });
  }
  const tiers: TierValue[] = [];
  let previous: TierValue | null = null;
  drafts.forEach((draft, index) => {
    const value = parseTier(draft, index + 1, problems);
    if (value === null) {
      previous = null;
      return;
    }
    problems.push(...checkTier(value, previous, index + 1, limits));
    tiers.push(value);
    previous = value;
  });
  return { problems, tiers };
};
