import { MOBILE_NUM_PATTERN, REGISTER_PATTERNS, compileRegisterPattern } from '@platform/contracts';

/** The mobile number rule of the SMS calls (MobileNumSchema: 5 to 15 digits), checked before a code is sent (§5). */
export const isMobileNum = (value: string): boolean => MOBILE_NUM_PATTERN.test(value.trim());

const emailPattern = compileRegisterPattern(REGISTER_PATTERNS.EMAIL);
export const isEmail = (value: string): boolean => emailPattern?.test(value.trim()) ?? false;

/** Trims every string value (spec §5 "values trimmed"). */
export const trimAll = <T extends Record<string, unknown>>(values: T): T =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  ) as T;
