import {
  checkRegisterValue,
  lengthOnlyRule,
  passwordRuleFrom,
  registerRuleOrFallback,
  type ProfileField,
  type RegisterFieldError,
  type RegisterFieldReason,
  type RegisterFieldRule,
  type RegisterRequest,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import { nationalNumber } from '../verification';
import { requireGoodNewPassword } from './password-rules';

export type RegisterVariant = 'username' | 'mobile';
/** MOBILENUMPASSREG3 and REGMOBVERF3 (spec §3). */
export type RegisterFlags = { mobilePasswordRequired: boolean; smsVerification: boolean };

/** The fields checked through the merchant's rules, in the order errors are reported (the form's order). */
const RULED_FIELDS = [
  'username',
  'mobileNum',
  'verificationCode',
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'referralCode',
  'affiliateCode',
  'paymentPassword',
] as const satisfies readonly (keyof RegisterRequest)[];
type RuledField = (typeof RULED_FIELDS)[number];

const PROFILE_FIELDS_OF_REGISTRATION = [
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
] as const satisfies readonly (RuledField & ProfileField)[];

type Requirement = 'required' | 'optional' | 'ignored' | 'refused';

/**
 * Whether a field must, may or must not be sent. The merchant's rule decides (enabled, required), except where the
 * variant or a site setting does: the username of the mobile variant is the number; the number and its code are
 * required on the mobile variant and under REGMOBVERF3; an affiliate code is always accepted, since the client sends
 * the one from the URL when the field is hidden (spec §4), and so is a referral code (a friend's invite link, issue 21).
 */
const requirementOf = (
  field: RuledField,
  rule: RegisterFieldRule | undefined,
  variant: RegisterVariant,
  flags: RegisterFlags,
): Requirement => {
  const byRule: Requirement = rule?.enabled ? (rule.required ? 'required' : 'optional') : 'refused';
  const smsNeeded = variant === 'mobile' || flags.smsVerification;
  switch (field) {
    case 'username':
      return variant === 'mobile' ? 'ignored' : 'required';
    case 'mobileNum':
      return smsNeeded ? 'required' : byRule;
    case 'verificationCode':
      return smsNeeded ? 'required' : 'ignored';
    case 'affiliateCode':
    case 'referralCode':
      return byRule === 'refused' ? 'optional' : byRule;
    default:
      return byRule;
  }
};

const REASON_TEXT: Record<RegisterFieldReason, (rule: RegisterFieldRule) => string> = {
  required: () => 'Input cannot be empty',
  length: (rule) => `must be ${rule.minLength} to ${rule.maxLength} characters`,
  pattern: () => 'has the wrong format',
  not_accepted: () => 'is not accepted on this site',
};

const fieldErrorValue = (rule: RegisterFieldRule, reason: RegisterFieldReason): RegisterFieldError => ({
  field: rule.field,
  reason,
  patternId: rule.patternId,
  minLength: rule.minLength,
  maxLength: rule.maxLength,
});

export const fieldError = (rule: RegisterFieldRule, reason: RegisterFieldReason): AppError =>
  new AppError('VALIDATION_FAILED', 400, `${rule.field}: ${REASON_TEXT[reason](rule)}`, {
    value: fieldErrorValue(rule, reason),
  });

export type CheckedRegistration = {
  values: Partial<Record<RuledField, string>>;
  password: string | null;
  mobile: { countryDialingCode: string; mobileNum: string } | null;
  profile: Partial<Record<ProfileField, string>>;
};

/** The password fields: both required, then the password rule, the confirmation and weakness (PASSWORD_* codes). */
const checkPassword = (request: RegisterRequest, rules: readonly RegisterFieldRule[], username: string | undefined) => {
  const rule = passwordRuleFrom(rules);
  const password = request.password ?? '';
  if (password === '') throw fieldError(rule, 'required');
  if ((request.confirmPassword ?? '') === '') throw fieldError({ ...rule, field: 'confirmPassword' }, 'required');
  requireGoodNewPassword(password, request.confirmPassword ?? '', rules, username, 'password');
  return password;
};

/**
 * Applies exactly the rules the client shows (RegisterSettings): each field's enabled/required flags, lengths and
 * pattern through checkRegisterValue, then the password rule. Throws the first failure, in form order.
 */
export const checkRegistration = (
  request: RegisterRequest,
  variant: RegisterVariant,
  rules: readonly RegisterFieldRule[],
  flags: RegisterFlags,
): CheckedRegistration => {
  const byField = new Map(rules.map((rule) => [rule.field, rule]));
  const values: CheckedRegistration['values'] = {};
  for (const field of RULED_FIELDS) {
    const configured = byField.get(field);
    const requirement = requirementOf(field, configured, variant, flags);
    const value = request[field] ?? '';
    if (requirement === 'ignored') continue;
    // Without an enabled rule of the merchant: REGISTER_FALLBACK_RULES (contracts), which the web app applies too.
    const rule = registerRuleOrFallback(rules, field);
    if (requirement === 'refused') {
      if (value !== '') throw fieldError(rule, 'not_accepted');
      continue;
    }
    const reason = checkRegisterValue({ ...rule, enabled: true, required: requirement === 'required' }, value);
    if (reason !== null) throw fieldError(rule, reason);
    if (value !== '') values[field] = value;
  }
  const mobile = values.mobileNum === undefined ? null : mobileOf(values.mobileNum, request.countryDialingCode);
  const needsPassword = variant === 'username' || flags.mobilePasswordRequired;
  const username = variant === 'username' ? values.username : mobile?.mobileNum;
  const profile: CheckedRegistration['profile'] = {};
  for (const field of PROFILE_FIELDS_OF_REGISTRATION) {
    const value = values[field];
    if (value !== undefined) profile[field] = value;
  }
  return { values, password: needsPassword ? checkPassword(request, rules, username) : null, mobile, profile };
};

const mobileOf = (mobileNum: string, countryDialingCode: string | undefined) => {
  if (countryDialingCode === undefined) {
    throw fieldError(lengthOnlyRule('countryDialingCode', 2, 5), 'required');
  }
  return { countryDialingCode, mobileNum: nationalNumber(mobileNum) };
};
