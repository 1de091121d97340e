import { describe, expect, it } from 'vitest';
import { REGISTER_PATTERN_EXAMPLES } from './register-pattern-examples';
import {
  REGISTER_PATTERN_IDS,
  REGISTER_PATTERNS,
  checkRegisterValue,
  compileRegisterPattern,
  expandPatternWildcards,
  type RegisterFieldRule,
  type RegisterPatternId,
} from './register-patterns';
import { checkNewPassword, passwordRuleFrom } from './password-policy';

const ruleFor = (id: RegisterPatternId, overrides: Partial<RegisterFieldRule> = {}): RegisterFieldRule => ({
  field: 'f',
  enabled: true,
  required: true,
  acceptedPattern: REGISTER_PATTERNS[id],
  patternId: id,
  minLength: 0,
  maxLength: 255,
  ...overrides,
});

describe('register patterns', () => {
  const ids = Object.values(REGISTER_PATTERN_IDS);

  it('should have a canonical pattern and an example pair for every message family', () => {
    expect(Object.keys(REGISTER_PATTERNS).sort()).toEqual([...ids].sort());
    expect(Object.keys(REGISTER_PATTERN_EXAMPLES).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(compileRegisterPattern(REGISTER_PATTERNS[id]), id).not.toBeNull();
  });

  it.each(ids)('should accept the valid and refuse the invalid example of %s', (id) => {
    const { valid, invalid } = REGISTER_PATTERN_EXAMPLES[id];
    expect(checkRegisterValue(ruleFor(id), valid)).toBeNull();
    expect(checkRegisterValue(ruleFor(id), invalid)).not.toBeNull();
  });

  it('should expand a wildcard only where * cannot be a quantifier', () => {
    expect(expandPatternWildcards('*')).toBe('.*');
    expect(expandPatternWildcards('abc|*')).toBe('abc|.*');
    expect(expandPatternWildcards('(*)@(?:*)')).toBe('(.*)@(?:.*)');
    expect(expandPatternWildcards('^[0-9]*$')).toBe('^[0-9]*$');
    expect(expandPatternWildcards('[^*]+')).toBe('[^*]+');
    expect(expandPatternWildcards('a\\*b')).toBe('a\\*b');
    expect(expandPatternWildcards('^*$')).toBe('^.*$');
  });

  it('should anchor patterns to the whole value', () => {
    const rule = ruleFor('DIGITS_ONLY', { acceptedPattern: '[0-9]+' });
    expect(checkRegisterValue(rule, '123')).toBeNull();
    expect(checkRegisterValue(rule, 'a123b')).toBe('pattern');
  });

  it('should check required, then length in characters, then the pattern', () => {
    const rule = ruleFor('CHINESE_AND_DIGITS', { minLength: 2, maxLength: 4 });
    expect(checkRegisterValue(rule, '')).toBe('required');
    expect(checkRegisterValue({ ...rule, required: false }, '')).toBeNull();
    expect(checkRegisterValue({ ...rule, enabled: false }, undefined)).toBeNull();
    expect(checkRegisterValue(rule, '张')).toBe('length');
    expect(checkRegisterValue(rule, '张伟张伟')).toBeNull();
    expect(checkRegisterValue(rule, '张伟张伟张')).toBe('length');
    expect(checkRegisterValue(rule, 'ab')).toBe('pattern');
  });

  it('should refuse every value when the configured pattern is broken (fail closed)', () => {
    const rule = ruleFor('LENGTH_ONLY', { acceptedPattern: '([a-z' });
    expect(compileRegisterPattern('([a-z')).toBeNull();
    expect(checkRegisterValue(rule, 'abc')).toBe('pattern');
  });
});

describe('password policy', () => {
  it('should apply the rule, then the confirmation, then weakness', () => {
    expect(checkNewPassword('Str0ng#Pass', 'Str0ng#Pass')).toBeNull();
    expect(checkNewPassword('weakpass', 'weakpass')).toBe('PASSWORD_RULE');
    expect(checkNewPassword('Sh0#rt', 'Sh0#rt')).toBe('PASSWORD_RULE');
    expect(checkNewPassword('Str0ng#Pass', 'Str0ng#Pas')).toBe('PASSWORD_MISMATCH');
    expect(checkNewPassword('P@ssw0rd', 'P@ssw0rd')).toBe('PASSWORD_TOO_WEAK');
    expect(checkNewPassword('Password1!', 'Password1!')).toBe('PASSWORD_TOO_WEAK');
    expect(checkNewPassword('123456', '123456')).toBe('PASSWORD_RULE');
    expect(checkNewPassword('Alice#2026', 'Alice#2026', { username: 'ALICE#2026' })).toBe('PASSWORD_TOO_WEAK');
  });

  it('should take the lengths from the merchant password field but never drop the character rule', () => {
    const rule = passwordRuleFrom([
      {
        field: 'password',
        enabled: true,
        required: true,
        acceptedPattern: '*',
        patternId: null,
        minLength: 12,
        maxLength: 30,
      },
    ]);
    expect(rule.minLength).toBe(12);
    expect(checkNewPassword('Str0ng#Pass', 'Str0ng#Pass', { rule })).toBe('PASSWORD_RULE');
    expect(checkNewPassword('Str0ng#Passwd', 'Str0ng#Passwd', { rule })).toBeNull();
    expect(checkNewPassword('longbutnoclasses', 'longbutnoclasses', { rule })).toBe('PASSWORD_RULE');
  });
});
