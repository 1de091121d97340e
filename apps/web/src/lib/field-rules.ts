import type { TFunction } from 'i18next';
import {
  checkRegisterValue,
  REGISTER_PATTERN_IDS,
  type RegisterFieldReason,
  type RegisterFieldRule,
} from '@platform/contracts';

const PATTERN_IDS = new Set<string>(Object.values(REGISTER_PATTERN_IDS));

/**
 * The text for a failed field rule (spec §5): "Input cannot be empty" when required, else the message family of the
 * rule's patternId with (min) and (max) filled in. The password has its own length message.
 */
export function ruleErrorText(t: TFunction, rule: RegisterFieldRule, reason: RegisterFieldReason): string {
  const bounds = { min: rule.minLength, max: rule.maxLength };
  if (reason === 'required') return t('validation.required');
  if (reason === 'not_accepted') return t('validation.notAccepted');
  if (rule.patternId === REGISTER_PATTERN_IDS.PASSWORD) {
    return reason === 'length' ? t('validation.passwordLength', bounds) : t('validation.patterns.PASSWORD', bounds);
  }
  if (rule.patternId && PATTERN_IDS.has(rule.patternId)) return t(`validation.patterns.${rule.patternId}`, bounds);
  return reason === 'length' ? t('validation.patterns.LENGTH_ONLY', bounds) : t('validation.format');
}

/** A react-hook-form `validate` for a field rule: exactly the check the server runs (checkRegisterValue). */
export const validateByRule =
  (t: TFunction, rule: RegisterFieldRule) =>
  (value: unknown): true | string => {
    const reason = checkRegisterValue(rule, typeof value === 'string' ? value.trim() : '');
    return reason === null ? true : ruleErrorText(t, rule, reason);
  };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The field rule a server refusal names (VALIDATION_FAILED / PASSWORD_RULE value, RegisterFieldErrorSchema). */
export const fieldErrorOf = (
  value: unknown,
): { field: string; reason: RegisterFieldReason; rule: RegisterFieldRule } | null => {
  if (!isRecord(value) || typeof value.field !== 'string' || typeof value.reason !== 'string') return null;
  const reason = value.reason as RegisterFieldReason;
  if (!['required', 'length', 'pattern', 'not_accepted'].includes(reason)) return null;
  return {
    field: value.field,
    reason,
    rule: {
      field: value.field,
      enabled: true,
      required: true,
      acceptedPattern: null,
      patternId: typeof value.patternId === 'string' ? value.patternId : null,
      minLength: typeof value.minLength === 'number' ? value.minLength : 0,
      maxLength: typeof value.maxLength === 'number' ? value.maxLength : 0,
    },
  };
};
