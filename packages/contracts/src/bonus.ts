import { z } from 'zod';

/**
 * The bonus wallet as the member sees it (issue 20; spec §2 member centre `bonusDetails`, DESIGN.md §13). Money is a
 * decimal string in the merchant's currency scale.
 */
export const BONUS_STATUSES = ['ACTIVE', 'CONVERTED', 'FORFEITED', 'EXPIRED'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

export const BonusGrantSchema = z.object({
  id: z.string(),
  status: z.enum(BONUS_STATUSES),
  /** The bonus granted, and what is left of it while ACTIVE. */
  amount: z.string(),
  balance: z.string(),
  turnoverRequired: z.string(),
  turnoverDone: z.string(),
  /** Percent of a stake that counts toward turnover, by game type; `defaultWeight` for the others. */
  weights: z.record(z.string(), z.number()),
  defaultWeight: z.number(),
  maxBet: z.string().nullable(),
  maxConversion: z.string().nullable(),
  /** What a withdrawal while wagering does: FORFEIT (after a warning) or REFUSE. */
  onWithdraw: z.enum(['FORFEIT', 'REFUSE']),
  expiresAt: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  converted: z.string(),
  forfeited: z.string(),
});
export type BonusGrant = z.infer<typeof BonusGrantSchema>;

/** GET API.bonus.details: the grant being wagered (or null) and the member's latest grants. */
export const BonusDetailsSchema = z.object({
  active: BonusGrantSchema.nullable(),
  history: z.array(BonusGrantSchema).max(50),
});
export type BonusDetails = z.infer<typeof BonusDetailsSchema>;
