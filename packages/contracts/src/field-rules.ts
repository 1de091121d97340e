import { PROFILE_FIELDS, SET_ONCE_PROFILE_FIELDS, type ProfileField } from './identity';
import { REGISTER_PATTERNS, type RegisterFieldRule, type RegisterPatternId } from './register-patterns';

/**
 * The field rules the platform applies when a merchant's register settings have none for a field: the registration
 * fallbacks and the profile fields that have no register field. Server and web both read them from here, so the web
 * app shows, by patternId, exactly the rule the server enforces.
 */

const optionalRule = (field: string, patternId: RegisterPatternId, min: number, max: number): RegisterFieldRule => ({
  field,
  enabled: true,
  required: false,
  acceptedPattern: REGISTER_PATTERNS[patternId],
  patternId,
  minLength: min,
  maxLength: max,
});

/** A rule that checks only the length: for fields whose content is free. */
export const lengthOnlyRule = (field: string, min: number, max: number): RegisterFieldRule => ({
  field,
  enabled: true,
  required: false,
  acceptedPattern: null,
  patternId: null,
  minLength: min,
  maxLength: max,
});

/** Used when a merchant has no enabled rule for a field that a registration variant needs anyway. */
export const REGISTER_FALLBACK_RULES: Readonly<Record<string, RegisterFieldRule>> = {
  username: optionalRule('username', 'LETTER_THEN_ALNUM', 4, 32),
  mobileNum: optionalRule('mobileNum', 'DIGITS_ONLY', 5, 15),
  verificationCode: optionalRule('verificationCode', 'DIGITS_ONLY', 4, 255),
  affiliateCode: optionalRule('affiliateCode', 'ALNUM', 1, 64),
};

/** The merchant's rule for a field when it is enabled, else ours (or a plain length rule of 0 to 255). */
export const registerRuleOrFallback = (fields: readonly RegisterFieldRule[], field: string): RegisterFieldRule => {
  const configured = fields.find((rule) => rule.field === field);
  return configured?.enabled ? configured : (REGISTER_FALLBACK_RULES[field] ?? lengthOnlyRule(field, 0, 255));
};

/**
 * The rule of a mobile number a member binds in the member centre: the one registration would apply to it (the
 * merchant's enabled mobileNum rule, else the fallback), required.
 */
export const mobileNumRuleFrom = (fields: readonly RegisterFieldRule[]): RegisterFieldRule => ({
  ...registerRuleOrFallback(fields, 'mobileNum'),
  enabled: true,
  required: true,
});

/** Profile fields that have no register field: their rules are ours. */
export const BUILT_IN_PROFILE_RULES: Readonly<Partial<Record<ProfileField, RegisterFieldRule>>> = {
  nickname: optionalRule('nickname', 'PLAIN_TEXT', 1, 32),
  // 5 to 32 characters, plus the optional @.
  telegram: optionalRule('telegram', 'TELEGRAM', 5, 33),
  zalo: optionalRule('zalo', 'DIGITS_ONLY', 6, 15),
  // The birthday input gives yyyy-MM-dd only; the DATE family's text names the format.
  birthday: { ...optionalRule('birthday', 'DATE', 10, 10), acceptedPattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
  address: optionalRule('address', 'PLAIN_TEXT', 1, 200),
  nationality: optionalRule('nationality', 'PLAIN_TEXT', 1, 100),
  occupation: optionalRule('occupation', 'PLAIN_TEXT', 1, 100),
  sourceOfIncome: optionalRule('sourceOfIncome', 'PLAIN_TEXT', 1, 100),
  placeOfBirth: optionalRule('placeOfBirth', 'PLAIN_TEXT', 1, 100),
};

/** The rule of a profile field: the merchant's register field when there is one (enabled or not), else ours. */
export const profileRuleOf = (field: ProfileField, fields: readonly RegisterFieldRule[]): RegisterFieldRule =>
  fields.find((rule) => rule.field === field) ??
  BUILT_IN_PROFILE_RULES[field] ??
  optionalRule(field, 'PLAIN_TEXT', 1, 100);

/** Which fields a member may change now: those the register settings enable, minus set-once fields already set. */
export const editableProfileFields = (
  fields: readonly RegisterFieldRule[],
  current: Record<ProfileField, string | null>,
): ProfileField[] =>
  PROFILE_FIELDS.filter(
    (field) =>
      profileRuleOf(field, fields).enabled && !(SET_ONCE_PROFILE_FIELDS.includes(field) && current[field] !== null),
  );

/** The terms (spec §9) admit adults: 18 years. */
export const MINIMUM_AGE_YEARS = 18;

const ageOn = (birthday: Date, today: Date): number => {
  const years = today.getUTCFullYear() - birthday.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < birthday.getUTCMonth() ||
    (today.getUTCMonth() === birthday.getUTCMonth() && today.getUTCDate() < birthday.getUTCDate());
  return beforeBirthday ? years - 1 : years;
};

/**
 * What is wrong with a birthday (yyyy-MM-dd) that passed its rule: 'date' when it is no real day, 'age' when it is
 * less than MINIMUM_AGE_YEARS before `nowMs`; null when it is fine.
 */
export const birthdayProblem = (value: string, nowMs: number): 'date' | 'age' | null => {
  const date = new Date(`${value}T00:00:00Z`);
  // Date rolls 2001-02-30 over to March: a real date reads back the same.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return 'date';
  return ageOn(date, new Date(nowMs)) < MINIMUM_AGE_YEARS ? 'age' : null;
};
