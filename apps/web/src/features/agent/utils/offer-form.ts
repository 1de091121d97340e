import {
  bpsToRate,
  CONTRACT_TIERS_MAX,
  rateToBps,
  tiersExceeding,
  tiersOrdered,
  type ContractTier,
  type TierValue,
} from '@platform/contracts';

/**
 * The offer form's checks (DESIGN §12, spec §4), run before anything is sent so the agent sees which tier is wrong; the
 * server checks the same again with the same rules from `contracts` (tiersOrdered, tiersExceeding). Rates are compared
 * as integer basis points and amounts as integer minor units, never as floats.
 */

/** A tier as the form holds it: the texts the agent typed. */
export type TierDraft = { minValidBet: string; minActiveMembers: string; rate: string };

/** A problem with one tier (`tier` counts from 1; 0 for the whole list), as a key under `contracts.offer.errors`. */
export type OfferProblem = {
  tier: number;
  field: keyof TierDraft | 'tiers';
  key: string;
  values?: Record<string, string | number>;
};

const RATE = /^\d{1,3}(\.\d{1,2})?$/;
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const COUNT = /^\d{1,6}$/;

/** "1000.5" → 100050n; null when it is not an amount with at most two decimals. */
export const minorOf = (text: string): bigint | null => {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
};

/** A wire tier (the upline's own) as numbers. */
export const tierValueOf = (tier: ContractTier): TierValue => ({
  minValidBetMinor: minorOf(tier.minValidBet) ?? 0n,
  minActiveMembers: tier.minActiveMembers,
  rateBps: rateToBps(tier.rate),
});

/** "1.50" → "1.5", "2.00" → "2": a rate for a message. */
const rateWords = (bps: number) => bpsToRate(bps).replace(/\.?0+$/, '');

/** Each field's own format; the parsed tier where the row is whole. */
const parseTier = (draft: TierDraft, tier: number, problems: OfferProblem[]): TierValue | null => {
  const minValidBetMinor = minorOf(draft.minValidBet);
  const members = draft.minActiveMembers.trim();
  const minActiveMembers = COUNT.test(members) ? Number(members) : null;
  const rate = draft.rate.trim();
  const rateValid = RATE.test(rate) && rateToBps(rate) <= 10_000;
  if (minValidBetMinor === null) problems.push({ tier, field: 'minValidBet', key: 'amountFormat' });
  if (minActiveMembers === null) problems.push({ tier, field: 'minActiveMembers', key: 'countFormat' });
  if (rate === '') problems.push({ tier, field: 'rate', key: 'rateRequired' });
  else if (!rateValid) problems.push({ tier, field: 'rate', key: 'rateFormat' });
  if (minValidBetMinor === null || minActiveMembers === null || !rateValid) return null;
  return { minValidBetMinor, minActiveMembers, rateBps: rateToBps(rate) };
};

/**
 * Every problem of an offer: field formats, one to CONTRACT_TIERS_MAX tiers, tiers in order (thresholds and rates
 * never going down), and no tier paying more than the offering agent's own contract at that tier's thresholds
 * (`ceiling`, the agent's own tiers). An empty list: the offer may be sent.
 */
export const checkOffer = (drafts: readonly TierDraft[], ceiling: readonly ContractTier[]): OfferProblem[] => {
  const problems: OfferProblem[] = [];
  if (drafts.length === 0) problems.push({ tier: 0, field: 'tiers', key: 'noTiers' });
  if (drafts.length > CONTRACT_TIERS_MAX) {
    problems.push({ tier: 0, field: 'tiers', key: 'maxTiers', values: { count: CONTRACT_TIERS_MAX } });
  }
  const parsed = drafts.map((draft, index) => parseTier(draft, index + 1, problems));
  parsed.forEach((value, index) => {
    const previous = index === 0 ? null : parsed[index - 1];
    if (value && previous && !tiersOrdered([previous, value])) {
      problems.push({ tier: index + 1, field: 'minValidBet', key: 'notAscending' });
    }
  });
  const whole = parsed.flatMap((value, index) => (value ? [{ value, tier: index + 1 }] : []));
  const exceeding = tiersExceeding(
    whole.map((entry) => entry.value),
    ceiling.map(tierValueOf),
  );
  for (const over of exceeding) {
    const tier = whole[over.index]?.tier ?? 0;
    const values = { tier, rate: rateWords(over.rateBps), upline: rateWords(over.parentRateBps) };
    problems.push({ tier, field: 'rate', key: 'rateAboveUpline', values });
  }
  return problems.sort((a, b) => a.tier - b.tier);
};

/** The drafts as the offer's wire tiers (after `checkOffer` found nothing). */
export const tiersOf = (drafts: readonly TierDraft[]): ContractTier[] =>
  drafts.map((draft) => ({
    minValidBet: draft.minValidBet.trim(),
    minActiveMembers: Number(draft.minActiveMembers.trim()),
    rate: draft.rate.trim(),
  }));
