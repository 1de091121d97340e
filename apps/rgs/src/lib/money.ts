import { formatMoney, MoneyError, parseMoney } from '@platform/contracts';
import { RgsError } from './errors';

/**
 * The seamless wire carries at most two decimals (SeamlessDebitRequestSchema), so the RGS keeps every currency in
 * hundredths: 1 minor unit = 0.01. Amounts never pass through a float.
 */
export const RGS_MONEY_SCALE = 2;

export const toWire = (minor: bigint): string => formatMoney(minor, RGS_MONEY_SCALE);

/** A bet typed by the player: positive, at most two decimals; anything else is a 400 with a readable message. */
export const parseBet = (text: unknown): bigint => {
  if (typeof text !== 'string') throw new RgsError('VALIDATION_FAILED', 400, 'The bet must be a decimal such as 1.00');
  try {
    return parseMoney(text, RGS_MONEY_SCALE);
  } catch (error) {
    if (error instanceof MoneyError) {
      throw new RgsError('VALIDATION_FAILED', 400, `The bet ${JSON.stringify(text.slice(0, 20))} is not valid`);
    }
    throw error;
  }
};

/** A balance answered by the platform ("0.00" allowed). */
export const parseBalance = (text: string): bigint => parseMoney(text, RGS_MONEY_SCALE, { allowZero: true });
