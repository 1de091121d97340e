import { MoneyError, parseMoney } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Merchant } from '../../platform/merchant';

const REASONS: Record<MoneyError['reason'], string> = {
  NOT_A_NUMBER: 'The amount must be a number',
  NEGATIVE: 'The amount must be positive',
  ZERO: 'The amount must be more than zero',
  TOO_MANY_DECIMALS: 'The amount has too many decimals',
  TOO_LARGE: 'The amount is too large',
};

/**
 * A wire amount ("100.50") in the merchant's scale, as minor units. Anything that is not a plain positive decimal
 * with at most `currencyScale` decimals is a 400 INVALID_AMOUNT naming the problem, before anything is read or written.
 */
export const parseAmount = (text: unknown, merchant: Pick<Merchant, 'currencyScale'>): bigint => {
  if (typeof text !== 'string') throw new AppError('INVALID_AMOUNT', 400, REASONS.NOT_A_NUMBER);
  try {
    return parseMoney(text, merchant.currencyScale);
  } catch (error) {
    if (error instanceof MoneyError)
      throw new AppError('INVALID_AMOUNT', 400, REASONS[error.reason], { value: { reason: error.reason } });
    throw error;
  }
};

/**
 * parseAmount for an amount typed into a staff form: the refusal names its field (`path`), so the form shows the
 * message under that field.
 */
export const parseFieldAmount = (text: unknown, merchant: Pick<Merchant, 'currencyScale'>, path: string): bigint => {
  try {
    return parseAmount(text, merchant);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(error.code, error.httpStatus, error.message, {
      value: { fields: [{ path, message: error.message }] },
    });
  }
};
