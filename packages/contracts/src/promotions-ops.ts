import { z } from 'zod';
import { PROMOTION_KINDS } from './promotions';

/**
 * Promotions in the back office (issue 20): the terms staff set, suspend and resume, and manual bonus grants that a
 * second staff member approves (maker-checker). Money is a decimal string in the merchant's scale.
 */
const required = { error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : 'must be text') };
const money = z
  .string(required)
  .trim()
  .regex(/^\d{1,13}(\.\d{1,4})?$/, 'must be an amount');
const optionalMoney = z.preprocess((v) => (v === '' || v === undefined ? null : v), money.nullable());
const texts = z
  .object({ EN: z.string().trim().max(200), TY: z.string().trim().max(200).optional() })
  .refine((t) => t.EN.length > 0, { message: 'is required', path: ['EN'] });
const termTexts = z.object({ EN: z.string().trim().max(2_000), TY: z.string().trim().max(2_000).optional() });
const gameTypeCode = z.string().regex(/^[A-Z_]{2,24}$/, 'must be a game type');
const isoDate = z.string().datetime({ offset: true, message: 'must be a date and time' });

export const PROMOTION_AUDIENCES = ['EVERYONE', 'NEW_MEMBERS', 'VIP_LEVELS', 'AGENT_TEAM'] as const;
export const PROMOTION_STATES = ['DRAFT', 'ACTIVE', 'STOPPED'] as const;
/** A CASHBACK promotion's window (a day, or a Monday-to-Sunday week) and how it pays (ADR 0043). */
export const CASHBACK_WINDOWS = ['DAILY', 'WEEKLY'] as const;
export const CASHBACK_PAY_AS = ['BONUS', 'CASH'] as const;
/** A cashback pays at most the whole net loss. */
export const MAX_CASHBACK_PERCENT = 100;

/**
 * POST/PUT: a promotion's terms. `percent` (of the deposit) for deposit bonuses, `bonus` (fixed) for FREE and
 * APPLICATION. CASHBACK: `percent` is the rate (of the member's net loss, at most 100), `maxBonus` the cap per member
 * and window, and its own `cashbackWindow`, `cashbackPayAs` and `cashbackMinLoss` (empty: any loss pays); the other
 * kinds ignore those three.
 */
export const OpsPromotionInputSchema = z
  .object({
    kind: z.enum(PROMOTION_KINDS),
    title: texts,
    terms: termTexts,
    audience: z.enum(PROMOTION_AUDIENCES),
    /** VIP_LEVELS: the levels whose members see it. */
    audienceLevels: z.array(z.number().int().min(0).max(30)).max(31).default([]),
    /** AGENT_TEAM: the agent (username) whose team, at any depth, sees it. */
    audienceAgent: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.string().trim().min(1).max(64).nullable(),
    ),
    startsAt: isoDate,
    endsAt: z.preprocess((v) => (v === '' ? null : v), isoDate.nullable()),
    perMemberLimit: z.number().int().min(1).max(1000),
    totalLimit: z.number().int().min(1).max(10_000_000).nullable(),
    bonus: optionalMoney,
    percent: z.preprocess((v) => (v === '' ? null : v), z.number().min(0.01).max(1000).nullable()),
    maxBonus: optionalMoney,
    minDeposit: optionalMoney,
    turnoverMultiple: z.number().int().min(0).max(200),
    turnoverBase: z.enum(['BONUS', 'DEPOSIT_AND_BONUS']),
    /** Percent of a stake that counts toward turnover, by game type (0 excludes); `defaultWeight` for the others. */
    weights: z.record(gameTypeCode, z.number().int().min(0).max(100)).refine((w) => Object.keys(w).length <= 30),
    defaultWeight: z.number().int().min(0).max(100),
    maxBet: optionalMoney,
    maxConversion: optionalMoney,
    expiryHours: z.number().int().min(1).max(8760),
    onWithdraw: z.enum(['FORFEIT', 'REFUSE']),
    cashbackWindow: z.enum(CASHBACK_WINDOWS).default('DAILY'),
    cashbackPayAs: z.enum(CASHBACK_PAY_AS).default('BONUS'),
    cashbackMinLoss: optionalMoney,
  })
  .superRefine((p, ctx) => {
    const byPercent = p.kind === 'FIRST_DEPOSIT' || p.kind === 'RELOAD' || p.kind === 'CASHBACK';
    if (byPercent && p.percent === null) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'is required' });
    if (!byPercent && p.bonus === null) ctx.addIssue({ code: 'custom', path: ['bonus'], message: 'is required' });
    if (p.kind === 'CASHBACK' && p.percent !== null && p.percent > MAX_CASHBACK_PERCENT) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: `must be at most ${MAX_CASHBACK_PERCENT}` });
    }
    if (p.audience === 'VIP_LEVELS' && p.audienceLevels.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['audienceLevels'], message: 'is required' });
    }
    if (p.audience === 'AGENT_TEAM' && p.audienceAgent === null) {
      ctx.addIssue({ code: 'custom', path: ['audienceAgent'], message: 'is required' });
    }
    if (p.endsAt !== null && p.endsAt <= p.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after the start' });
    }
  });
export type OpsPromotionInput = z.infer<typeof OpsPromotionInputSchema>;

/**
 * A promotion as staff see it: its terms, state and how often it was claimed. `percent` and `maxBonus` are the deposit
 * bonus's, or a cashback's rate and cap per member and window; the three cashback fields are null for other kinds.
 */
export const OpsPromotionSchema = z.object({
  id: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  title: z.object({ EN: z.string(), TY: z.string().optional() }),
  terms: z.object({ EN: z.string(), TY: z.string().optional() }),
  audience: z.enum(PROMOTION_AUDIENCES),
  audienceLevels: z.array(z.number()),
  audienceAgent: z.string().nullable(),
  status: z.enum(PROMOTION_STATES),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  perMemberLimit: z.number(),
  totalLimit: z.number().nullable(),
  claimedCount: z.number(),
  bonus: z.string().nullable(),
  percent: z.number().nullable(),
  maxBonus: z.string().nullable(),
  minDeposit: z.string().nullable(),
  turnoverMultiple: z.number(),
  turnoverBase: z.enum(['BONUS', 'DEPOSIT_AND_BONUS']),
  weights: z.record(z.string(), z.number()),
  defaultWeight: z.number(),
  maxBet: z.string().nullable(),
  maxConversion: z.string().nullable(),
  expiryHours: z.number(),
  onWithdraw: z.enum(['FORFEIT', 'REFUSE']),
  cashbackWindow: z.enum(CASHBACK_WINDOWS).nullable(),
  cashbackPayAs: z.enum(CASHBACK_PAY_AS).nullable(),
  /** The smallest net loss that pays ("0.00": any loss). */
  cashbackMinLoss: z.string().nullable(),
});
export type OpsPromotion = z.infer<typeof OpsPromotionSchema>;
export const OpsPromotionListSchema = z.object({ list: z.array(OpsPromotionSchema).max(200) });
export const OpsPromotionParamsSchema = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });
export const OpsPromotionStatusSchema = z.object({ status: z.enum(['ACTIVE', 'STOPPED']) });

export const PromotionApplicationImageParamsSchema = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/),
  position: z.string().regex(/^[1-3]$/),
});

/** POST OPS_API.bonusGrants (maker): a bonus for one member, paid only when another staff member approves. */
export const ManualGrantRequestSchema = z.object({
  username: z.string(required).trim().min(1, 'is required').max(64),
  amount: money,
  turnoverMultiple: z.number().int().min(0).max(200),
  expiryHours: z.number().int().min(1).max(8760),
  reason: z.string(required).trim().min(3, 'is required').max(200),
  /** The caller's idempotency key: a retry with the same id asks once. */
  requestId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'must be 8 to 64 letters, digits or _.:-'),
});
export type ManualGrantRequest = z.infer<typeof ManualGrantRequestSchema>;

export const MANUAL_GRANT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const ManualGrantSchema = z.object({
  id: z.string(),
  username: z.string(),
  amount: z.string(),
  turnoverMultiple: z.number(),
  expiryHours: z.number(),
  reason: z.string(),
  status: z.enum(MANUAL_GRANT_STATUSES),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  rejectReason: z.string().nullable(),
  grantId: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ManualGrant = z.infer<typeof ManualGrantSchema>;
export const ManualGrantListSchema = z.object({ list: z.array(ManualGrantSchema).max(100) });

/** The public state's promotion part (spec §3): the badge's count, and which promotion programmes are on. */
export const PromotionStateSchema = z.object({
  availablePromoCount: z.number().int().min(0),
  availablePromo: z.object({ REFERRAL: z.object({ enabled: z.boolean() }) }),
});
export type PromotionState = z.infer<typeof PromotionStateSchema>;
