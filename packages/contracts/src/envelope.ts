import { z } from 'zod';

/**
 * Every platform response is `{ success, value?, message?, code? }` (DESIGN.md §4).
 * `code` is one of ErrorCode on failure; the web app maps it to a translated message.
 */
export const ErrorCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  UNSUPPORTED_LANGUAGE: 'UNSUPPORTED_LANGUAGE',
  UNKNOWN_MERCHANT: 'UNKNOWN_MERCHANT',
  MERCHANT_CLOSED: 'MERCHANT_CLOSED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  AUTH_REQUIRED: 'AUTH_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
export const ErrorCodeSchema = z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]);

export const FailureEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: ErrorCodeSchema,
});
export type FailureEnvelope = z.infer<typeof FailureEnvelopeSchema>;

export const successEnvelope = <T extends z.ZodType>(value: T) =>
  z.object({ success: z.literal(true), value, message: z.string().optional() });

export type SuccessEnvelope<T> = { success: true; value: T; message?: string };
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;
