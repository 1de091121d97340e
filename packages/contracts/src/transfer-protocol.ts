import { z } from 'zod';

/**
 * The transfer wallet protocol (issue 6; DESIGN.md §6; published in docs/protocols/transfer-wallet.md): the vendor
 * keeps the member's game balance and the platform moves money in and out by order. Here the PLATFORM calls the
 * VENDOR: `POST <vendor api_url>/v1/transfer/<op>`, signed exactly like the seamless protocol (seamless.ts: headers
 * X-Merchant, X-Vendor, X-Timestamp, X-Signature = hex HMAC-SHA256 of `${timestamp}.${rawBody}` with the shared
 * secret), answered with the envelope `{ success, value?, code?, message? }`.
 */
export const TRANSFER_PROTOCOL_BASE_PATH = '/v1/transfer';
export const TRANSFER_PROTOCOL_OPS = ['transfer', 'order', 'balance', 'bets'] as const;
export type TransferProtocolOp = (typeof TRANSFER_PROTOCOL_OPS)[number];
export const transferProtocolPath = (op: TransferProtocolOp): string => `${TRANSFER_PROTOCOL_BASE_PATH}/${op}`;

/**
 * A vendor's refusal codes, answered with a 4xx or 5xx status and `{ success: false, code, message }`. The platform
 * takes none of them as a business answer: a refusal is "no answer" (a transfer stays PENDING and is settled by the
 * order query; a bets window is asked again). A refused transfer is `success: true` with status FAILED.
 */
export const TRANSFER_PROTOCOL_ERROR_CODES = [
  'VALIDATION_FAILED',
  'SIGNATURE_INVALID',
  'TIMESTAMP_STALE',
  'MERCHANT_UNKNOWN',
  'VENDOR_UNKNOWN',
  'CURRENCY_MISMATCH',
  'NOT_FOUND',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export type TransferProtocolErrorCode = (typeof TRANSFER_PROTOCOL_ERROR_CODES)[number];

const AmountSchema = z.string().regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be a non-negative decimal such as 12.50');
const OrderNoSchema = z.string().regex(/^[A-Z0-9]{1,40}$/);
const PlayerIdSchema = z.string().min(1).max(64);
const CurrencySchema = z.string().regex(/^[A-Z][A-Z0-9]{2,7}$/);

/** Moves money into (IN) or out of (OUT) the member's vendor wallet, at most once per orderNo. */
export const VendorTransferCallSchema = z.strictObject({
  orderNo: OrderNoSchema,
  playerId: PlayerIdSchema,
  direction: z.enum(['IN', 'OUT']),
  amount: AmountSchema,
  currency: CurrencySchema,
});
export type VendorTransferCallBody = z.infer<typeof VendorTransferCallSchema>;
/** SUCCESS and FAILED are definite; FAILED moved nothing and never will. `balance`: the vendor wallet after. */
export const VendorTransferAnswerSchema = z.object({ status: z.enum(['SUCCESS', 'FAILED']), balance: AmountSchema });

/** What happened to an order: NOT_FOUND means never applied, and the vendor refuses it from now on. */
export const VendorOrderQuerySchema = z.strictObject({ orderNo: OrderNoSchema });
export const VendorOrderAnswerSchema = z.object({ status: z.enum(['SUCCESS', 'FAILED', 'NOT_FOUND']) });

export const VendorBalanceQuerySchema = z.strictObject({ playerId: PlayerIdSchema, currency: CurrencySchema });
export const VendorBalanceAnswerSchema = z.object({ balance: AmountSchema });

/**
 * Bet-record pull: the rounds the vendor SETTLED (or cancelled) with settledAt in [from, to), oldest first, paged
 * by an opaque cursor. The platform asks again for overlapping windows; a round is identified by roundId, so a
 * repeat changes nothing.
 */
export const VendorBetsQuerySchema = z.strictObject({
  /** ISO 8601, inclusive. */
  from: z.string(),
  /** ISO 8601, exclusive; at most 24 hours after `from`. */
  to: z.string(),
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(1000).default(500),
});
export const VendorBetRoundSchema = z.object({
  roundId: z.string().min(1).max(64),
  playerId: PlayerIdSchema,
  gameCode: z.string().min(1).max(64),
  currency: CurrencySchema,
  bet: AmountSchema,
  win: AmountSchema,
  /** SETTLED (won or lost) or CANCELLED (the bet was returned). */
  status: z.enum(['SETTLED', 'CANCELLED']),
  startedAt: z.string(),
  settledAt: z.string(),
});
export type VendorBetRound = z.infer<typeof VendorBetRoundSchema>;
export const VendorBetsAnswerSchema = z.object({
  rounds: z.array(VendorBetRoundSchema),
  /** Present when more rounds of the window remain. */
  nextCursor: z.string().nullable(),
});
