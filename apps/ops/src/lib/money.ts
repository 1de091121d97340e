import { formatMoney, parseMoney } from '@platform/contracts';
import { currentLocale } from './i18n';

/**
 * Money for display. On the wire it is a decimal string ("1250.00"), in code integer minor units (bigint); both go
 * through the contracts' converters (never a float) and only the grouping is added here: 1234567.5 → "1,234,567.50".
 */
export const formatMinor = (minor: bigint, scale = 2, locale = currentLocale()): string => {
  const text = formatMoney(minor, scale);
  const negative = text.startsWith('-');
  const [whole = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = BigInt(whole).toLocaleString(locale);
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `${decimalSeparator(locale)}${fraction}`}`;
};

const decimalSeparator = (locale: string): string =>
  new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';

/** A wire amount ("-12.5", "1250.00") at the currency's scale, grouped; text that is not an amount is shown as is. */
export const formatAmount = (amount: string, scale = 2, locale = currentLocale()): string => {
  const trimmed = amount.trim();
  const negative = trimmed.startsWith('-');
  try {
    const minor = parseMoney(negative ? trimmed.slice(1) : trimmed, scale, { allowZero: true });
    return formatMinor(negative ? -minor : minor, scale, locale);
  } catch {
    return amount;
  }
};
