/** Money and multipliers as the game pages show and read them: decimal strings, never floats. */

/** "1234567.50" → "1,234,567.50": grouping on the string, money never goes through a float. */
export const groupDecimal = (amount: string): string => {
  const [whole = '0', fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
};

/** Decimal string with at most 2 decimals → minor units; null when it is not one. */
export const toMinor = (text: string): bigint | null => {
  const match = /^\s*(\d{1,13})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (match === null) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
};
export const fromMinor = (minor: bigint): string => {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};
export const formatE4 = (e4: number): string => `${(e4 / 10_000).toFixed(2)}x`;
export const formatE2 = (e2: number): string => `${(e2 / 100).toFixed(2)}x`;
