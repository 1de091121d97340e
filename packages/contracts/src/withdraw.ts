import { z } from 'zod';
import { CashierQueueFilterShape, CashierRejectSchema, checkQueueRanges, OpsMemberContextSchema } from './cashier-ops';
import { AmountTextSchema } from './wallet';

/**
 * Withdrawals (issue 4; spec member centre `withdraw`, §4 withdrawal confirmation, §5 image rules). Money travels as
 * decimal strings in the merchant's scale.
 */

/** Proof images: png or jpg (checked by content), at most this many bytes each, at most this many per order. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_MAX_FILES = 3;
export const PROOF_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
/** The member's order list and the staff queue answer at most this many rows per page. */
export const WITHDRAW_PAGE_SIZE_MAX = 50;

/** GET /wps/withdraw/settings (T). */
export const WithdrawSettingsSchema = z.object({
  minAmount: z.string(),
  maxAmount: z.string(),
  dailyCount: z.number().int(),
  usedToday: z.number().int(),
  leftToday: z.number().int(),
  maxAccounts: z.number().int(),
  /** Minutes after payout when an unconfirmed order counts as received. */
  autoReceiveMinutes: z.number().int(),
  /** Spendable cash now, and what pending withdrawals hold. */
  available: z.string(),
  frozen: z.string(),
  currencySymbol: z.string(),
  scale: z.number().int(),
});
export type WithdrawSettings = z.infer<typeof WithdrawSettingsSchema>;

export const WithdrawAccountSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  holderName: z.string(),
  createdAt: z.string(),
});
export type WithdrawAccount = z.infer<typeof WithdrawAccountSchema>;
export const WithdrawAccountListSchema = z.object({ list: z.array(WithdrawAccountSchema) });

/** An account number: letters, digits, spaces and dashes (bank accounts, e-wallet mobile numbers). */
export const ACCOUNT_NUMBER_PATTERN = /^[0-9A-Za-z -]{4,40}$/;

/** POST /wps/withdraw/accounts: the holder name must be the profile's real name. */
export const BindWithdrawAccountRequestSchema = z.object({
  bankName: z.string().trim().min(1).max(64),
  accountNumber: z.string().trim().regex(ACCOUNT_NUMBER_PATTERN),
  holderName: z.string().trim().min(1).max(128),
});
export type BindWithdrawAccountRequest = z.infer<typeof BindWithdrawAccountRequestSchema>;

/** A request id (idempotency key): 8 to 64 letters, digits or _.:- */
export const WithdrawRequestIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'must be 8 to 64 letters, digits or _.:-');

/** POST /wps/withdraw/orders (sealed). */
export const WithdrawRequestSchema = z.object({
  accountId: z
    .string()
    .trim()
    .regex(/^[0-9]{1,18}$/),
  amount: AmountTextSchema,
  paymentPassword: z.string().min(1).max(64),
  requestId: WithdrawRequestIdSchema,
  /** The member read the warning that withdrawing now forfeits the bonus being wagered (BONUS_FORFEIT_CONFIRM). */
  forfeitBonus: z.boolean().optional(),
});
export type WithdrawRequest = z.infer<typeof WithdrawRequestSchema>;

export const WithdrawStatusSchema = z.enum(['PENDING', 'PAID', 'REJECTED']);
export type WithdrawStatus = z.infer<typeof WithdrawStatusSchema>;
export const ReceiptStateSchema = z.enum(['NONE', 'RECEIVED', 'NOT_RECEIVED', 'PARTLY_RECEIVED', 'AUTO_RECEIVED']);
export type ReceiptState = z.infer<typeof ReceiptStateSchema>;
/** What the member may answer when confirming receipt. */
export const ReceiptAnswerSchema = z.enum(['RECEIVED', 'NOT_RECEIVED', 'PARTLY_RECEIVED']);
export type ReceiptAnswer = z.infer<typeof ReceiptAnswerSchema>;

export const WithdrawOrderSchema = z.object({
  orderNo: z.string(),
  amount: z.string(),
  status: WithdrawStatusSchema,
  bankName: z.string(),
  accountNumber: z.string(),
  holderName: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  receiptState: ReceiptStateSchema,
  receiptAt: z.string().nullable(),
  receiptNote: z.string().nullable(),
  /** Ids of the uploaded proof images (GET API.withdraw.proof). */
  proofIds: z.array(z.string()),
  /** true when the member may confirm receipt now. */
  canConfirm: z.boolean(),
});
export type WithdrawOrder = z.infer<typeof WithdrawOrderSchema>;
export const WithdrawOrderPageSchema = z.object({
  list: z.array(WithdrawOrderSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type WithdrawOrderPage = z.infer<typeof WithdrawOrderPageSchema>;

export const WithdrawPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(WITHDRAW_PAGE_SIZE_MAX).default(10),
});

/** Staff queue (GET /wps/ops/withdrawals): rows carry the member's username. */
export const OpsWithdrawalSchema = WithdrawOrderSchema.extend({
  username: z.string(),
  decidedBy: z.string().nullable(),
});
export type OpsWithdrawal = z.infer<typeof OpsWithdrawalSchema>;
/** A payout or rejection: the decided order, and whether it was decided before (the same decision replayed). */
export const OpsWithdrawalDecisionSchema = OpsWithdrawalSchema.extend({ replayed: z.boolean() });
/** A queued order with its member's context (read for the whole page in one query). */
export const OpsWithdrawalQueueRowSchema = OpsWithdrawalSchema.extend({ member: OpsMemberContextSchema });
export type OpsWithdrawalQueueRow = z.infer<typeof OpsWithdrawalQueueRowSchema>;
export const OpsWithdrawalPageSchema = z.object({
  list: z.array(OpsWithdrawalQueueRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type OpsWithdrawalPage = z.infer<typeof OpsWithdrawalPageSchema>;
/**
 * GET /wps/ops/withdrawals (cashier.view), newest first. Filters combine with AND (cashier-ops.ts) plus the payout
 * channel: the bank or e-wallet the member is paid to (exact name, any case).
 */
export const OpsWithdrawalQuerySchema = WithdrawPageQuerySchema.extend({
  status: WithdrawStatusSchema.optional(),
  ...CashierQueueFilterShape,
  bankName: z.string().trim().min(1).max(64).optional(),
}).superRefine(checkQueueRanges);
export type OpsWithdrawalQuery = z.infer<typeof OpsWithdrawalQuerySchema>;
export const RejectWithdrawalRequestSchema = CashierRejectSchema;
