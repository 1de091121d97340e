import { MoneyError, parseMoney, type FieldError } from '@platform/contracts';
import { AppError } from './app-error';

/**
 * Rules a schema cannot check (the currency's decimals, the merged row of an update, a taken code) failed on some
 * fields: 400 VALIDATION_FAILED with `{ fields }`, the shape parseInput gives, so a back-office form shows each message
 * under its field (STAFF.md "Field errors").
 */
export const fieldErrors = (what: string, fields: readonly FieldError[]): AppError =>
  new AppError(
    'VALIDATION_FAILED',
    400,
    `Invalid ${what}: ${fields.map((field) => `${field.path}: ${field.message}`).join('; ')}`,
    { value: { fields } },
  );

const AMOUNT_MESSAGES: Record<MoneyError['reason'], (scale: number) => string> = {
  NOT_A_NUMBER: () => 'must be an amount such as 100.00',
  NEGATIVE: () => 'must be more than zero',
  ZERO: () => 'must be more than zero',
  TOO_MANY_DECIMALS: (scale) => (scale === 0 ? 'must be a whole amount' : `must have at most ${scale} decimals`),
  TOO_LARGE: () => 'is too large',
};

/**
 * A staff-entered amount in minor units of the merchant's currency. A refusal is pushed onto `errors` under `path`
 * (so every bad field is reported at once) and the answer is then 0n, which the caller never writes.
 */
export const amountMinorOf = (text: string, scale: number, path: string, errors: FieldError[]): bigint => {
  try {
    return parseMoney(text, scale);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    errors.push({ path, message: AMOUNT_MESSAGES[error.reason](scale) });
    return 0n;
  }
};
