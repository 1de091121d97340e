import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_PROFILE_RULES,
  MINIMUM_AGE_YEARS,
  birthdayProblem,
  editableProfileFields,
  mobileNumRuleFrom,
  profileRuleOf,
  registerRuleOrFallback,
} from './field-rules';
import { PROFILE_FIELDS, type ProfileField } from './identity';
import { DEFAULT_PAYMENT_PASSWORD_RULE, checkNewPaymentPassword, paymentPasswordRuleFrom } from './password-policy';
import { REGISTER_PATTERNS, checkRegisterValue, type RegisterFieldRule } from './register-patterns';

const merchantRule = (field: string, overrides: Partial<RegisterFieldRule> = {}): RegisterFieldRule => ({
  field,
  enabled: true,
  required: false,
  acceptedPattern: REGISTER_PATTERNS.DIGITS_ONLY,
  patternId: 'DIGITS_ONLY',
  minLength: 7,
  maxLength: 15,
  ...overrides,
});

const nothingSet = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, null])) as Record<ProfileField, string | null>;

describe('fallback and built-in field rules', () => {
  it("should use the merchant's enabled rule, else the fallback, named by patternId", () => {
    expect(registerRuleOrFallback([merchantRule('mobileNum')], 'mobileNum').minLength).toBe(7);
    const fallback = registerRuleOrFallback([merchantRule('mobileNum', { enabled: false })], 'mobileNum');
    expect(fallback).toMatchObject({ patternId: 'DIGITS_ONLY', minLength: 5, maxLength: 15 });
    expect(registerRuleOrFallback([], 'username').patternId).toBe('LETTER_THEN_ALNUM');
    expect(registerRuleOrFallback([], 'somethingElse')).toMatchObject({ acceptedPattern: null, maxLength: 255 });
  });

  it('should require a bound mobile number by the rule registration would apply', () => {
    expect(mobileNumRuleFrom([])).toMatchObject({ required: true, minLength: 5, patternId: 'DIGITS_ONLY' });
    expect(checkRegisterValue(mobileNumRuleFrom([merchantRule('mobileNum')]), '917123')).toBe('length');
    expect(checkRegisterValue(mobileNumRuleFrom([]), '')).toBe('required');
  });

  it('should give every profile field without a register field a rule with a translatable patternId', () => {
    for (const field of PROFILE_FIELDS) {
      const rule = profileRuleOf(field, []);
      expect(rule.patternId, field).not.toBeNull();
      expect(rule.enabled, field).toBe(true);
    }
    expect(profileRuleOf('email', [merchantRule('email', { enabled: false })]).enabled).toBe(false);
  });

  it.each([
    ['nickname', 'Lucky Winner', '<b>x</b>'],
    ['telegram', '@juan_dc', 'juan dc'],
    ['zalo', '0912345678', '09123-45678'],
    ['birthday', '1990-02-28', '28-02-1990'],
    ['address', 'Unit 4, 12 Rizal St.', 'line\u0000break'],
  ] as const)('should accept and refuse %s values as the server does', (field, good, bad) => {
    const rule = BUILT_IN_PROFILE_RULES[field] as RegisterFieldRule;
    expect(checkRegisterValue(rule, good)).toBeNull();
    expect(checkRegisterValue(rule, bad)).not.toBeNull();
  });

  it('should offer enabled fields, minus set-once fields already set', () => {
    const rules = [merchantRule('payeeName'), merchantRule('qqNum', { enabled: false })];
    const editable = editableProfileFields(rules, { ...nothingSet, idNumber: 'X1' });
    expect(editable).toEqual(expect.arrayContaining(['nickname', 'payeeName', 'telegram']));
    expect(editable).not.toContain('qqNum');
    expect(editable).not.toContain('idNumber');
  });

  it(`should refuse a birthday that is no real day or under ${MINIMUM_AGE_YEARS} years`, () => {
    const now = Date.parse('2026-06-15T12:00:00Z');
    expect(birthdayProblem('2001-02-30', now)).toBe('date');
    expect(birthdayProblem('2008-06-16', now)).toBe('age');
    expect(birthdayProblem('2008-06-15', now)).toBeNull();
  });
});

describe('payment password rule', () => {
  it("should use the merchant's enabled rule as required, else six digits", () => {
    expect(paymentPasswordRuleFrom([])).toBe(DEFAULT_PAYMENT_PASSWORD_RULE);
    expect(paymentPasswordRuleFrom([merchantRule('paymentPassword', { enabled: false })])).toBe(
      DEFAULT_PAYMENT_PASSWORD_RULE,
    );
    expect(paymentPasswordRuleFrom([merchantRule('paymentPassword')])).toMatchObject({ required: true, minLength: 7 });
  });

  it('should check the rule, then the confirmation, then weakness', () => {
    const rule = DEFAULT_PAYMENT_PASSWORD_RULE;
    expect(checkNewPaymentPassword('73914', '73914', rule)).toBe('PASSWORD_RULE');
    expect(checkNewPaymentPassword('739146', '739147', rule)).toBe('PASSWORD_MISMATCH');
    expect(checkNewPaymentPassword('123456', '123456', rule)).toBe('PASSWORD_TOO_WEAK');
    expect(checkNewPaymentPassword('739146', '739146', rule)).toBeNull();
  });
});
