import type { TFunction } from 'i18next';
import {
  birthdayProblem,
  checkRegisterValue,
  MINIMUM_AGE_YEARS,
  type ProfileField,
  type RegisterFieldRule,
} from '@platform/contracts';
import { ruleErrorText } from '@/lib/field-rules';

/**
 * The server's profile check (contracts' profileRuleOf rule, then a real birthday of an adult) as a react-hook-form
 * `validate`. Like the server, it checks only a changed value: an untouched field the rule would now refuse does not
 * block saving the others.
 */
export const profileValidator =
  (t: TFunction, field: ProfileField, rule: RegisterFieldRule, saved: string) =>
  (raw: unknown): true | string => {
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value === saved) return true;
    const reason = checkRegisterValue(rule, value);
    if (reason !== null) return ruleErrorText(t, rule, reason);
    if (field !== 'birthday' || value === '') return true;
    const problem = birthdayProblem(value, Date.now());
    if (problem === 'age') return t('validation.minimumAge', { years: MINIMUM_AGE_YEARS });
    return problem === null || ruleErrorText(t, rule, 'pattern');
  };
