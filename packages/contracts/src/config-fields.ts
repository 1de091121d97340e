import { z } from 'zod';

/** Field checks that several configuration areas share (config-ops.ts, config-register.ts). */

/** Web links only: http(s), no user name or password in them (they would be shown to every visitor). */
export const isConfigHttpUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};

export const CONFIG_URL_MAX_LENGTH = 500;

export const ConfigHttpUrlSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(CONFIG_URL_MAX_LENGTH, `must be at most ${CONFIG_URL_MAX_LENGTH} characters`)
  .refine(isConfigHttpUrl, 'must be an http:// or https:// address');

/** Duplicates in a list by a key: an issue under `<list>.<index>.<key>` for each repeat after the first. */
export const refineUnique =
  <T>(key: keyof T & string, message: string) =>
  (list: readonly T[], ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    list.forEach((item, index) => {
      const value = item[key];
      if (seen.has(value)) ctx.addIssue({ code: 'custom', message, path: [index, key] });
      seen.add(value);
    });
  };
