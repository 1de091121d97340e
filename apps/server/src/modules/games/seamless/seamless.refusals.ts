import { formatMoney, type SeamlessErrorCode } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import { decodeSqlError } from '../../../lib/sql-errors';

/** HTTP status of each refusal (docs/protocols/seamless-wallet.md): 4xx are final, 5xx may be retried. */
export const SEAMLESS_STATUS: Record<SeamlessErrorCode, number> = {
  VALIDATION_FAILED: 400,
  SIGNATURE_INVALID: 401,
  TIMESTAMP_STALE: 401,
  VENDOR_UNKNOWN: 401,
  SOURCE_NOT_ALLOWED: 403,
  SESSION_INVALID: 404,
  SESSION_EXPIRED: 403,
  PLAYER_MISMATCH: 403,
  CURRENCY_MISMATCH: 422,
  ACCOUNT_LOCKED: 403,
  INSUFFICIENT_FUNDS: 422,
  TRANSACTION_CONFLICT: 409,
  BET_NOT_FOUND: 404,
  BET_ROLLED_BACK: 409,
  BET_SETTLED: 409,
  BONUS_MAX_BET: 422,
  BATCH_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

const MESSAGES: Partial<Record<SeamlessErrorCode, string>> = {
  SIGNATURE_INVALID: 'The request signature is missing or does not match',
  TIMESTAMP_STALE: 'The request timestamp is outside the accepted window; check the clock',
  VENDOR_UNKNOWN: 'No such vendor is connected for this merchant',
  SOURCE_NOT_ALLOWED: 'Requests for this vendor are not accepted from this address',
  SESSION_INVALID: 'No such game session',
  SESSION_EXPIRED: 'The game session has expired; the player must launch the game again',
  PLAYER_MISMATCH: 'The player does not match the game session',
  CURRENCY_MISMATCH: 'The currency does not match the game session or the bet',
  ACCOUNT_LOCKED: 'The player account is locked',
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  TRANSACTION_CONFLICT: 'This transaction id was already used for another request',
  BET_NOT_FOUND: 'No such bet (or round) for this player',
  BET_ROLLED_BACK: 'The bet was rolled back',
  BET_SETTLED: 'The bet (or round) is already settled',
  BATCH_TOO_LARGE: 'Too many items in one batch call',
  BONUS_MAX_BET: 'The stake of this round is above the maximum bet of the bonus being wagered',
};

export const refuse = (code: SeamlessErrorCode, message = MESSAGES[code] ?? code, value?: unknown): AppError =>
  new AppError(code, SEAMLESS_STATUS[code], message, value === undefined ? {} : { value });

const REFUSALS = new Set<string>(Object.keys(SEAMLESS_STATUS));

/** A refusal raised inside seamless_call, as the AppError the vendor gets; undefined for anything else. */
export const refusalOf = (error: unknown, scale: number, currency: string): AppError | undefined => {
  const failure = decodeSqlError(error);
  if (failure.kind !== 'refusal' || !REFUSALS.has(failure.code)) return undefined;
  const refusal = failure.code as SeamlessErrorCode;
  if (refusal === 'INSUFFICIENT_FUNDS' && /^-?\d+$/.test(failure.detail)) {
    return refuse(refusal, undefined, { balance: formatMoney(BigInt(failure.detail), scale), currency });
  }
  return refuse(refusal);
};
