import { z } from 'zod';
import { CashierQueueFilterShape, CashierRejectSchema, checkQueueRanges, OpsMemberContextSchema } from './cashier-ops';
import { AmountTextSchema } from './wallet';

/**
 * Deposit wire (issue 4, member centre depositv2). Amounts are decimal strings in the merchant's scale; channel and
 * order ids are strings (bigints on the server).
 */

/** Most orders one page returns (member list and staff queue). */
export const DEPOSIT_PAGE_SIZE_MAX = 50;

/** MANUAL_BANK: transfer to the bank account shown, staff approve. GATEWAY: pay on the gateway's page. */
export const DepositChannelKindSchema = z.enum(['MANUAL_BANK', 'GATEWAY']);
export type DepositChannelKind = z.infer<typeof DepositChannelKindSchema>;

export const DepositOrderStatusSchema = z.enum(['PENDING', 'PAID', 'APPROVED', 'REJECTED', 'EXPIRED']);
export type DepositOrderStatus = z.infer<typeof DepositOrderStatusSchema>;

/** Where a manual bank transfer goes. */
export const BankDetailsSchema = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
});
export type BankDetails = z.infer<typeof BankDetailsSchema>;

export const DepositChannelSchema = z.object({
  id: z.string(),
  kind: DepositChannelKindSchema,
  name: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  /** Manual bank channels only. */
  bank: BankDetailsSchema.nullable(),
});
export type DepositChannel = z.infer<typeof DepositChannelSchema>;

/** GET /wps/deposit/channels (T): the enabled channels, in the merchant's order. */
export const DepositChannelListSchema = z.object({ list: z.array(DepositChannelSchema) });
export type DepositChannelList = z.infer<typeof DepositChannelListSchema>;

/** The caller's idempotency key: the same request id answers the same order. */
export const DepositRequestIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'must be 8 to 64 letters, digits or _.:-');

/** POST /wps/deposit/orders (T, real members only). */
export const CreateDepositRequestSchema = z.object({
  channelId: z.string().regex(/^\d{1,18}$/, 'must be a channel id'),
  amount: AmountTextSchema,
  requestId: DepositRequestIdSchema,
  /** A deposit bonus the member opts into (a FIRST_DEPOSIT or RELOAD promotion), paid when the deposit is credited. */
  promotionId: z
    .string()
    .regex(/^\d{1,18}$/, 'must be a promotion id')
    .optional(),
});
export type CreateDepositRequest = z.infer<typeof CreateDepositRequestSchema>;

export const DepositOrderSchema = z.object({
  orderNo: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  kind: DepositChannelKindSchema,
  amount: z.string(),
  status: DepositOrderStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Why staff rejected it. */
  reason: z.string().nullable(),
  /** Manual bank orders: where to send the money. */
  bank: BankDetailsSchema.nullable(),
  /** Gateway orders still PENDING: the gateway's payment page. */
  paymentUrl: z.string().nullable(),
});
export type DepositOrder = z.infer<typeof DepositOrderSchema>;

export const CreateDepositResponseSchema = DepositOrderSchema.extend({
  /** true when the request id had already created this order. */
  replayed: z.boolean(),
});
export type CreateDepositResponse = z.infer<typeof CreateDepositResponseSchema>;

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(DEPOSIT_PAGE_SIZE_MAX).default(10),
  status: DepositOrderStatusSchema.optional(),
};

/** GET /wps/deposit/orders (T). */
export const DepositOrderQuerySchema = z.object(pageQuery);
export type DepositOrderQuery = z.infer<typeof DepositOrderQuerySchema>;

/** What the server answers a gateway's notification: the order it settled, and whether it had been already. */
export const DepositWebhookAnswerSchema = z.object({ orderNo: z.string(), replayed: z.boolean() });

export const DepositOrderPageSchema = z.object({
  list: z.array(DepositOrderSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});
export type DepositOrderPage = z.infer<typeof DepositOrderPageSchema>;

/**
 * Staff API: GET /wps/ops/deposits (cashier.view). Oldest first, so the queue is worked in order; filters combine
 * with AND (cashier-ops.ts: username, order number, days of the merchant's time zone, amount range) plus the channel.
 */
export const OpsDepositQuerySchema = z
  .object({
    ...pageQuery,
    ...CashierQueueFilterShape,
    channelId: z
      .string()
      .regex(/^\d{1,18}$/, 'must be a channel id')
      .optional(),
  })
  .superRefine(checkQueueRanges);
export type OpsDepositQuery = z.infer<typeof OpsDepositQuerySchema>;

export const OpsDepositOrderSchema = DepositOrderSchema.extend({
  username: z.string(),
  gatewayOrderId: z.string().nullable(),
  decidedBy: z.string().nullable(),
  transferId: z.string().nullable(),
});
export type OpsDepositOrder = z.infer<typeof OpsDepositOrderSchema>;

/** A queued order with its member's context (read for the whole page in one query). */
export const OpsDepositQueueRowSchema = OpsDepositOrderSchema.extend({ member: OpsMemberContextSchema });
export type OpsDepositQueueRow = z.infer<typeof OpsDepositQueueRowSchema>;

export const OpsDepositPageSchema = z.object({
  list: z.array(OpsDepositQueueRowSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});
export type OpsDepositPage = z.infer<typeof OpsDepositPageSchema>;

/** Staff API: POST /wps/ops/deposits/:orderNo/reject. */
export const OpsDepositRejectSchema = CashierRejectSchema;
