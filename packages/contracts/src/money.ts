import { z } from 'zod';

/**
 * Money on the wire is a decimal string in the currency's scale ("1250.00"); in code and in the database it is a
 * bigint of minor units (DESIGN.md §4). These are the only two conversions, and neither passes through a float.
 */

/** Largest amount we accept: fits PostgreSQL's bigint with room for sums of many amounts. */
export const MAX_AMOUNT_MINOR = 10n ** 15n;
export const MAX_MONEY_SCALE = 8;

export type MoneyRefusal = 'NOT_A_NUMBER' | 'NEGATIVE' | 'ZERO' | 'TOO_MANY_DECIMALS' | 'TOO_LARGE';

export class MoneyError extends Error {
  constructor(
    readonly reason: MoneyRefusal,
    readonly input: string,
  ) {
    super(`Invalid amount ${JSON.stringify(input.slice(0, 40))}: ${reason}`);
    this.name = 'MoneyError';
  }
}

export type ParseMoneyOptions = {
  /** Accept "0" / "0.00" (a filter or a balance); an amount to move is never zero. Default false. */
  allowZero?: boolean;
};

/** Plain decimal: digits, an optional fraction. No sign, exponent, spaces, thousands separators or hex. */
const DECIMAL = /^(\d{1,30})(?:\.(\d{1,30}))?$/;

const checkScale = (scale: number): void => {
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_MONEY_SCALE) throw new RangeError(`scale ${scale}`);
};

/**
 * "12.5" at scale 2 -> 1250n. Refuses negative, zero (unless allowed), more decimals than the scale (never rounds:
 * rounding money silently is a bug), anything that is not a plain decimal, and amounts above MAX_AMOUNT_MINOR.
 */
export const parseMoney = (input: string, scale: number, options: ParseMoneyOptions = {}): bigint => {
  checkScale(scale);
  const text = input.trim();
  if (text.startsWith('-')) {
    if (DECIMAL.test(text.slice(1))) throw new MoneyError('NEGATIVE', input);
    throw new MoneyError('NOT_A_NUMBER', input);
  }
  const match = DECIMAL.exec(text);
  if (match === null) throw new MoneyError('NOT_A_NUMBER', input);
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) throw new MoneyError('TOO_MANY_DECIMALS', input);
  const minor = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  if (minor === 0n && options.allowZero !== true) throw new MoneyError('ZERO', input);
  if (minor > MAX_AMOUNT_MINOR) throw new MoneyError('TOO_LARGE', input);
  return minor;
};

/** 1250n at scale 2 -> "12.50"; negative balances (system accounts) keep their sign. */
export const formatMoney = (minor: bigint, scale: number): string => {
  checkScale(scale);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const text = scale === 0 ? whole : `${whole}.${digits.slice(digits.length - scale)}`;
  return negative ? `-${text}` : text;
};

/** A wire amount to move: a positive decimal string with at most `scale` decimals, parsed to minor units. */
export const amountSchema = (scale: number) =>
  z.string().transform((text, ctx) => {
    try {
      return parseMoney(text, scale);
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.reason });
      return z.NEVER;
    }
  });
