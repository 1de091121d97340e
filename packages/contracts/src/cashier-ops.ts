import { z } from 'zod';

/**
 * The back office's cashier (issue 7): the filters shared by the deposit and withdrawal queues, the member context
 * every queued order carries, and manual adjustments with a second approval above the merchant's threshold. Amounts
 * are decimal text in the merchant's currency (DESIGN.md §4); the server checks decimals against the currency's scale.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (day: string): boolean => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
};
/** A calendar day of the merchant's time zone. */
export const CashierDaySchema = z
  .string()
  .regex(DAY, 'must be a date YYYY-MM-DD')
  .refine(realDay, { message: 'must be a real date' });

/** Whole digits and an optional fraction (the server checks the fraction against the currency's scale). */
const AMOUNT_TEXT = /^\d{1,13}(\.\d{1,8})?$/;
const atMaxScale = (text: string): bigint => {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return BigInt(whole + fraction.padEnd(8, '0'));
};
/** A positive amount such as 100.00. */
export const CashierAmountSchema = z
  .string()
  .trim()
  .regex(AMOUNT_TEXT, 'must be an amount such as 100.00')
  // Checks run on after a failed regex, so only a well-formed amount is converted.
  .refine((text) => !AMOUNT_TEXT.test(text) || atMaxScale(text) > 0n, 'must be more than zero');

/** The longest date range a queue filter covers. */
export const CASHIER_RANGE_DAYS_MAX = 366;
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * Filters both queues take besides their own status: member username, order number, days (both included, in the
 * merchant's time zone), amount range. `from` after `to` or a minimum above the maximum is a field error on the later
 * field, so a form shows it where the staff member typed it.
 */
const queueFilters = {
  username: z.string().trim().min(1).max(64).optional(),
  orderNo: z.string().trim().min(1).max(48).optional(),
  from: CashierDaySchema.optional(),
  to: CashierDaySchema.optional(),
  minAmount: CashierAmountSchema.optional(),
  maxAmount: CashierAmountSchema.optional(),
};

type RangeFields = { from?: string; to?: string; minAmount?: string; maxAmount?: string };
/** The cross-field rules of the queue filters (zod superRefine body). */
export const checkQueueRanges = (query: RangeFields, ctx: z.RefinementCtx): void => {
  if (query.from !== undefined && query.to !== undefined && realDay(query.from) && realDay(query.to)) {
    const days = dayNumber(query.to) - dayNumber(query.from) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before the start date' });
    else if (days > CASHIER_RANGE_DAYS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `must be within ${CASHIER_RANGE_DAYS_MAX} days` });
    }
  }
  const { minAmount: min, maxAmount: max } = query;
  if (min !== undefined && max !== undefined && AMOUNT_TEXT.test(min.trim()) && AMOUNT_TEXT.test(max.trim())) {
    if (atMaxScale(min) > atMaxScale(max)) {
      ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'must not be below the minimum' });
    }
  }
};
export const CashierQueueFilterShape = queueFilters;

/**
 * Who the member behind a queued order is, read for a whole page in one query: the balance now, lifetime money in and
 * out, how many orders today. `userType` is the spec's user type (0 member, 1/2/41/42 agents): the platform has no VIP
 * levels yet, so the member's type is the level staff see.
 */
export const OpsMemberContextSchema = z.object({
  id: z.string(),
  username: z.string(),
  userType: z.number().int(),
  status: z.enum(['ACTIVE', 'LOCKED', 'CLOSED']),
  registeredAt: z.string(),
  /** Spendable cash, and what pending withdrawals hold. */
  balance: z.string(),
  frozen: z.string(),
  /** Credited deposits (paid at a gateway or approved) and paid withdrawals, since registration. */
  depositTotal: z.string(),
  withdrawalTotal: z.string(),
  /** Orders created today (the merchant's day): deposits of any state, withdrawals requested. */
  depositsToday: z.number().int(),
  withdrawalsToday: z.number().int(),
});
export type OpsMemberContext = z.infer<typeof OpsMemberContextSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Manual adjustments (second approval above the threshold)

export const ADJUSTMENT_PAGE_SIZE_MAX = 50;
export const AdjustmentDirectionSchema = z.enum(['CREDIT', 'DEBIT']);
export type AdjustmentDirection = z.infer<typeof AdjustmentDirectionSchema>;
/**
 * PENDING: above the threshold, waiting for a second staff member. APPROVED: decided, the ledger post follows.
 * APPLIED: the money moved. REJECTED: refused by the approver. FAILED: the ledger refused it (e.g. a debit above the
 * member's cash); nothing moved.
 */
export const AdjustmentStatusSchema = z.enum(['PENDING', 'APPROVED', 'APPLIED', 'REJECTED', 'FAILED']);
export type AdjustmentStatus = z.infer<typeof AdjustmentStatusSchema>;

const required = { error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : 'must be text') };

/** A reason staff give (adjustments, rejections); the member may see it. */
export const AdjustmentReasonSchema = z
  .string(required)
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(200, 'must be at most 200 characters');

/** POST OPS_API.adjustments (adjustment.request). */
export const AdjustmentRequestSchema = z.object({
  username: z.string(required).trim().min(1, 'is required').max(64),
  /** CREDIT adds to the member's cash, DEBIT takes from it (never below zero). */
  direction: AdjustmentDirectionSchema,
  amount: z.string(required).trim().min(1, 'is required').max(40),
  reason: AdjustmentReasonSchema,
  /** The caller's idempotency key: a retry with the same id applies (or requests) once. */
  requestId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'must be 8 to 64 letters, digits or _.:-'),
});
export type AdjustmentRequest = z.infer<typeof AdjustmentRequestSchema>;

export const AdjustmentSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  username: z.string(),
  direction: AdjustmentDirectionSchema,
  amount: z.string(),
  reason: z.string(),
  status: AdjustmentStatusSchema,
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Why it was rejected, or the ledger's refusal code when it failed. */
  decisionReason: z.string().nullable(),
  /** The CORRECTION transfer once applied. */
  transferId: z.string().nullable(),
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;

/** The answer to a request or a decision: the adjustment, its member's cash after it (once applied), and replay. */
export const AdjustmentResultSchema = AdjustmentSchema.extend({
  balanceAfter: z.string().nullable(),
  /** true when this call changed nothing (the same request id again, or the approver's own retry). */
  replayed: z.boolean(),
  /** true when the amount is above the merchant's threshold: it waits for a second staff member. */
  needsApproval: z.boolean(),
});
export type AdjustmentResult = z.infer<typeof AdjustmentResultSchema>;

/** GET OPS_API.adjustments (adjustment.request). Newest first. */
export const AdjustmentQuerySchema = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(ADJUSTMENT_PAGE_SIZE_MAX).default(20),
    status: AdjustmentStatusSchema.optional(),
    username: z.string().trim().min(1).max(64).optional(),
    requestedBy: z.string().trim().min(1).max(64).optional(),
    from: CashierDaySchema.optional(),
    to: CashierDaySchema.optional(),
  })
  .superRefine(checkQueueRanges);
export type AdjustmentQuery = z.infer<typeof AdjustmentQuerySchema>;

export const AdjustmentPageSchema = z.object({
  list: z.array(AdjustmentSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  /** The merchant's threshold now, so the form can say when a new amount will wait for a second approver. */
  threshold: z.string(),
});
export type AdjustmentPage = z.infer<typeof AdjustmentPageSchema>;

/** POST OPS_API.adjustmentReject (adjustment.approve). */
export const AdjustmentRejectSchema = z.object({ reason: AdjustmentReasonSchema });
export type AdjustmentReject = z.infer<typeof AdjustmentRejectSchema>;

/** GET and PUT OPS_API.adjustmentSettings (payments.manage): above `threshold` a second staff member must approve. */
export const AdjustmentSettingsSchema = z.object({
  /** 0 makes every adjustment wait for a second approver. */
  threshold: z.string(required).trim().regex(AMOUNT_TEXT, 'must be an amount such as 1000.00'),
});
export type AdjustmentSettings = z.infer<typeof AdjustmentSettingsSchema>;

/** POST reject of a deposit or a withdrawal: a reason the member sees. */
export const CashierRejectSchema = z.object({ reason: AdjustmentReasonSchema });
