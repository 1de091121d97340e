import {
  PROFILE_FIELDS,
  SET_ONCE_PROFILE_FIELDS,
  birthdayProblem,
  checkRegisterValue,
  MINIMUM_AGE_YEARS,
  profileRuleOf,
  type ProfileField,
  type RegisterFieldRule,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import { fieldError } from './registration.rules';

// The rules themselves (BUILT_IN_PROFILE_RULES, MINIMUM_AGE_YEARS) live in contracts: the web app checks the same ones.

/** A real day, and an adult; the age refusal names the birthday field so the client shows it there. */
const checkBirthday = (value: string, rule: RegisterFieldRule, nowMs: number): void => {
  const problem = birthdayProblem(value, nowMs);
  if (problem === 'date') throw fieldError(rule, 'pattern');
  if (problem === 'age') {
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
