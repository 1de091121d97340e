import { z } from 'zod';
import { NodeIdSchema } from '../catalogue';
import { ReceiptAnswerSchema } from '../withdraw';

/** Path parameters the platform's routes parse (the handlers import them from here). */

/** A bigint row id as text: at most 18 digits, so it always fits PostgreSQL's bigint. */
export const RowIdTextSchema = z.string().regex(/^[0-9]{1,18}$/, 'must be an id');

export const CountryFlagParamsSchema = z.object({
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'must be two capital letters'),
});
export const AdjustmentIdParamsSchema = z.object({ id: RowIdTextSchema });
export const BetRoundParamsSchema = z.object({
  vendor: z.string().regex(/^[A-Z0-9_]{1,32}$/),
  roundId: z.string().min(1).max(128),
});
export const GameNodeParamsSchema = z.object({ nodeId: NodeIdSchema });
export const DepositOrderParamsSchema = z.object({
  orderNo: z.string().regex(/^D[A-Z0-9]{8,40}$/, 'must be an order number'),
});
export const GatewayParamsSchema = z.object({ gateway: z.string().regex(/^[a-z0-9_]{1,32}$/) });
export const WithdrawOrderParamsSchema = z.object({ orderNo: z.string().regex(/^W[0-9A-Z]{10,30}$/) });
export const WithdrawProofParamsSchema = WithdrawOrderParamsSchema.extend({ proofId: RowIdTextSchema });
export const WithdrawAccountParamsSchema = z.object({ accountId: RowIdTextSchema });

export const ART_KINDS = ['game', 'vendor', 'logo', 'banner'] as const;
export type ArtKind = (typeof ART_KINDS)[number];
/** Letters (any script, accents included), digits, spaces and a few marks; at most 64 characters. */
const ART_NAME = /^[\p{L}\p{N}][\p{L}\p{N} _.'&!-]{0,63}$/u;
export const ArtParamsSchema = z.object({
  kind: z.enum(ART_KINDS),
  name: z.string().regex(ART_NAME, "must be 1 to 64 letters, digits, spaces or _.'&!-"),
});

/** The multipart fields of a withdrawal's receipt confirmation (the images travel beside them). */
export const WITHDRAW_CONFIRM_NOTE_MAX = 500;
export const WithdrawConfirmFieldsSchema = z.object({
  state: ReceiptAnswerSchema,
  note: z.string().trim().max(WITHDRAW_CONFIRM_NOTE_MAX).optional(),
});
