import { formatMoney } from '@platform/contracts';
import { groupDigits } from '@/lib/wallet';

/** A multiplier scaled by 10,000 as text, at least two decimals: 19800 → "1.98", 123456 → "12.3456". */
export const multiplierText = (multiplierE4: number): string => {
  const fraction = String(multiplierE4 % 10_000)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${groupDigits(String(Math.floor(multiplierE4 / 10_000)))}.${fraction.length < 2 ? fraction.padEnd(2, '0') : fraction}`;
};

/** Hundredths as text: 237 → "2.37" (crash points, dice rolls). */
export const hundredths = (value: number): string =>
  `${groupDigits(String(Math.floor(value / 100)))}.${String(value % 100).padStart(2, '0')}`;

export const moneyText = (minor: bigint, scale: number): string => groupDigits(formatMoney(minor, scale));
