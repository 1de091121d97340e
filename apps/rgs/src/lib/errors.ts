/**
 * The RGS's own error codes (its game clients read them; the platform never sees them). Seamless refusals from the
 * platform keep the platform's code (INSUFFICIENT_FUNDS, SESSION_EXPIRED, ...) so the client shows the same message.
 */
export const RGS_ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  /** Text holding U+0000 or a lone surrogate, which the database cannot store (lib/input-guard.ts). */
  'INVALID_CHARACTERS',
  'NOT_FOUND',
  'AUTH_REQUIRED',
  'SESSION_EXPIRED',
  'OPERATOR_UNKNOWN',
  'LAUNCH_TOKEN_USED',
  'LAUNCH_REFUSED',
  'LAUNCH_SIGNATURE_INVALID',
  'LAUNCH_EXPIRED',
  'GAME_UNKNOWN',
  'ROUND_OPEN',
  'ROUND_NOT_OPEN',
  'BETTING_CLOSED',
  'CASHOUT_CLOSED',
  'LOTTERY_SUSPENDED',
  'PLATFORM_REFUSED',
  'PLATFORM_UNAVAILABLE',
  'INSUFFICIENT_FUNDS',
  'INTERNAL',
] as const;
export type RgsErrorCode = (typeof RGS_ERROR_CODES)[number] | (string & {});

/** The one error a handler throws on purpose; its message is shown to the player, so it is written for them. */
export class RgsError extends Error {
  constructor(
    readonly code: RgsErrorCode,
    readonly httpStatus: number,
    message: string,
    /** Sent as the envelope's value (e.g. the balance the platform answered with a refusal). */
    readonly value?: unknown,
  ) {
    super(message);
    this.name = 'RgsError';
  }
}

export const failure = (code: string, message: string, value?: unknown) =>
  value === undefined ? { success: false, code, message } : { success: false, code, message, value };

export const success = <T>(value: T) => ({ success: true, value });
