import { parseMoney } from '@platform/contracts';

/** A plain positive decimal with at most `scale` decimals, by the server's own parser; the server checks again. */
export const isAmount = (text: string, scale: number): boolean => {
  try {
    parseMoney(text.trim(), scale);
    return true;
  } catch {
    return false;
  }
};
