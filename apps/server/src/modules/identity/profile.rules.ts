import {
  PROFILE_FIELDS,
  REGISTER_PATTERNS,
  SET_ONCE_PROFILE_FIELDS,
  checkRegisterValue,
  type ProfileField,
  type RegisterFieldRule,
} from '@platform/contracts';
import { AppError } from '../../lib/app-error';
import { fieldError } from './registration.rules';

/** No control characters and no angle brackets: free text that is shown back in pages and emails. */
const PLAIN_TEXT = '^[^\\p{C}<>]+$';
const builtIn = (field: ProfileField, pattern: string, min: number, max: number): RegisterFieldRule => ({
  field,
  enabled: true,
  required: false,
  acceptedPattern: pattern,
  patternId: null,
  minLength: min,
  maxLength: max,
});

/** Profile fields that have no register field: their rules are ours. */
const BUILT_IN_RULES: Partial<Record<ProfileField, RegisterFieldRule>> = {
  nickname: builtIn('nickname', PLAIN_TEXT, 1, 32),
  telegram: builtIn('telegram', '^@?[A-Za-z0-9_]{5,32}$', 5, 33),
  zalo: builtIn('zalo', REGISTER_PATTERNS.DIGITS_ONLY, 6, 15),
  birthday: { ...builtIn('birthday', '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', 10, 10), patternId: 'DATE' },
  address: builtIn('address', PLAIN_TEXT, 1, 200),
  nationality: builtIn('nationality', PLAIN_TEXT, 1, 100),
  occupation: builtIn('occupation', PLAIN_TEXT, 1, 100),
  sourceOfIncome: builtIn('sourceOfIncome', PLAIN_TEXT, 1, 100),
  placeOfBirth: builtIn('placeOfBirth', PLAIN_TEXT, 1, 100),
};

/** The terms (spec §9) admit adults: 18 years. */
export const MINIMUM_AGE_YEARS = 18;

/** The rule of a profile field: the merchant's register field when there is one (enabled or not), else ours. */
export const profileRuleOf = (field: ProfileField, rules: readonly RegisterFieldRule[]): RegisterFieldRule =>
  rules.find((rule) => rule.field === field) ?? BUILT_IN_RULES[field] ?? builtIn(field, PLAIN_TEXT, 1, 100);

/** Which fields a member may change now: those the register settings enable, minus set-once fields already set. */
export const editableFields = (
  rules: readonly RegisterFieldRule[],
  current: Record<ProfileField, string | null>,
): ProfileField[] =>
  PROFILE_FIELDS.filter(
    (field) =>
      profileRuleOf(field, rules).enabled && !(SET_ONCE_PROFILE_FIELDS.includes(field) && current[field] !== null),
  );

const ageOn = (birthday: Date, today: Date): number => {
  const years = today.getUTCFullYear() - birthday.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < birthday.getUTCMonth() ||
    (today.getUTCMonth() === birthday.getUTCMonth() && today.getUTCDate() < birthday.getUTCDate());
  return beforeBirthday ? years - 1 : years;
};

const checkBirthday = (value: string, rule: RegisterFieldRule, nowMs: number): void => {
  const date = new Date(`${value}T00:00:00Z`);
  // Date rolls 2001-02-30 over to March: a real date reads back the same.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) throw fieldError(rule, 'pattern');
  if (ageOn(date, new Date(nowMs)) < MINIMUM_AGE_YEARS) {
    throw new AppError('VALIDATION_FAILED', 400, `birthday: you must be ${MINIMUM_AGE_YEARS} or older`, {
      value: { field: 'birthday', reason: 'pattern', patternId: 'DATE', minLength: 10, maxLength: 10 },
    });
  }
};

/**
 * Checks requested profile changes and returns them as column values ('' clears a field). A field the settings do not
 * enable is refused; a set-once field that is already set can be changed only by customer service (403 FORBIDDEN).
 */
export const checkProfileChanges = (
  changes: Partial<Record<ProfileField, string>>,
  rules: readonly RegisterFieldRule[],
  current: Record<ProfileField, string | null>,
  nowMs: number,
): Partial<Record<ProfileField, string | null>> => {
  const accepted: Partial<Record<ProfileField, string | null>> = {};
  for (const field of PROFILE_FIELDS) {
    const value = changes[field];
    if (value === undefined || value === (current[field] ?? '')) continue;
    const rule = profileRuleOf(field, rules);
    if (!rule.enabled) throw fieldError(rule, 'not_accepted');
    if (SET_ONCE_PROFILE_FIELDS.includes(field) && current[field] !== null) {
      throw new AppError('FORBIDDEN', 403, `${field} is set; please contact customer service to change it`);
    }
    // A field the registration requires cannot be cleared later either.
    const reason = checkRegisterValue(rule, value);
    if (reason !== null) throw fieldError(rule, reason);
    if (field === 'birthday' && value !== '') checkBirthday(value, rule, nowMs);
    accepted[field] = value === '' ? null : value;
  }
  return accepted;
};
