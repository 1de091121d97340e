import { formatMoney, type MissionPayAs } from '@platform/contracts';

/**
 * A mission's reward or a race's prize as the wire shows it: money in the merchant's scale, or whole points when it is
 * paid in points (one point is one unit of the POINTS ledger currency, ADR 0046), so 500 points never read as "5.00".
 */
export const rewardText = (amount: bigint, payAs: MissionPayAs, scale: number): string =>
  payAs === 'POINTS' ? amount.toString() : formatMoney(amount, scale);

/** A mission's, race's or mall item's name in the caller's language: TY when it has one, else the English name. */
export const nameIn = (row: { name: string; nameTy: string | null }, language: string): string =>
  language.toUpperCase() === 'TY' && row.nameTy !== null ? row.nameTy : row.name;
