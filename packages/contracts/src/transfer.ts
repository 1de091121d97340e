import { z } from 'zod';
import { AmountTextSchema, RecordPeriodSchema } from './wallet';

/**
 * Transfers between members of one agent tree and the account record (issue 4; spec §2 member centre transferUpline
 * and transactionHistory, §6 "members can transfer to an upline; agents can transfer to a downline").
 */

/** The caller's idempotency key: a retry with the same id moves money once. */
export const TransferRequestIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'must be 8 to 64 letters, digits or _.:-');

/** POST transferUpline (E): the member sends `amount` of its cash to its upline. */
export const TransferUplineRequestSchema = z.object({
  amount: AmountTextSchema,
  paymentPassword: z.string().min(1).max(64),
  requestId: TransferRequestIdSchema,
});
export type TransferUplineRequest = z.infer<typeof TransferUplineRequestSchema>;

/** POST agent transferDownline (E): the agent sends `amount` of its cash to `username`, a member of its downline. */
export const TransferDownlineRequestSchema = TransferUplineRequestSchema.extend({
  username: z.string().trim().min(1).max(64),
});
export type TransferDownlineRequest = z.infer<typeof TransferDownlineRequestSchema>;

export const TransferResultSchema = z.object({
  transferId: z.string(),
  /** The receiving member's username. */
  to: z.string(),
  amount: z.string(),
  /** The sender's cash balance right after this transfer. */
  balanceAfter: z.string(),
  /** true when the request id had already been applied: nothing moved now. */
  replayed: z.boolean(),
});
export type TransferResult = z.infer<typeof TransferResultSchema>;

/** GET transferUpline: who the member's upline is (null: none, the page says so). Username and nickname only. */
export const UplineInfoSchema = z.object({
  upline: z.object({ username: z.string(), nickname: z.string().nullable() }).nullable(),
});
export type UplineInfo = z.infer<typeof UplineInfoSchema>;

/** The account record's type filter: groups of ledger codes as the UI shows them. */
export const RecordTypeSchema = z.enum([
  'ALL',
  'DEPOSIT',
  'WITHDRAW',
  'TRANSFER',
  'GAME',
  'BONUS',
  'ADJUSTMENT',
  'PLAY',
]);
export type RecordType = z.infer<typeof RecordTypeSchema>;

export const RECORD_PAGE_SIZE_MAX = 50;
/** A custom period spans at most this many days, both ends included. */
export const RECORD_CUSTOM_DAYS_MAX = 90;

const DateTextSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/** GET transactions (T) query: period days are in the merchant's time zone; CUSTOM needs startDate and endDate. */
export const TransactionsQuerySchema = z
  .object({
    type: RecordTypeSchema.default('ALL'),
    period: RecordPeriodSchema.default('TODAY'),
    startDate: DateTextSchema.optional(),
    endDate: DateTextSchema.optional(),
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(RECORD_PAGE_SIZE_MAX).default(20),
  })
  .refine((query) => query.period !== 'CUSTOM' || (query.startDate !== undefined && query.endDate !== undefined), {
    message: 'a custom period needs startDate and endDate',
    path: ['startDate'],
  });
export type TransactionsQuery = z.input<typeof TransactionsQuerySchema>;

export const TransactionRecordSchema = z.object({
  id: z.string(),
  /** ISO 8601. */
  time: z.string(),
  /** The ledger code (DEPOSIT, TRANSFER_UPLINE, ...): the UI translates it. */
  code: z.string(),
  /** Signed: "+100.00" credited to the member, "-25.00" debited. */
  amount: z.string(),
  /** The member's balance right after this row. */
  balanceAfter: z.string(),
  reference: z.string().nullable(),
});
export type TransactionRecord = z.infer<typeof TransactionRecordSchema>;

export const TransactionPageSchema = z.object({
  list: z.array(TransactionRecordSchema),
  pageNo: z.number().int(),
  /** Bounded: counting stops at a cap, so a very long history shows at most that many pages. */
  totalPages: z.number().int(),
});
export type TransactionPage = z.infer<typeof TransactionPageSchema>;
