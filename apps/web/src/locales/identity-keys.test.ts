import { describe, expect, it } from 'vitest';
import { ErrorCode, LoginMethodSchema, PROFILE_FIELDS, REGISTER_PATTERN_IDS } from '@platform/contracts';
import { EXTRA_FIELDS } from '@/features/auth/utils/register-fields';
import en from './en.json';
import ty from './ty.json';

type Tree = { [key: string]: string | Tree };

const lookup = (tree: Tree, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

/** Keys built at run time (`errors.codes.${code}`), which the used-keys scan cannot see. */
const dynamicKeys = [
  ...Object.values(ErrorCode).map((code) => `errors.codes.${code}`),
  ...Object.values(REGISTER_PATTERN_IDS).map((id) => `validation.patterns.${id}`),
  ...[...EXTRA_FIELDS, ...PROFILE_FIELDS, 'username', 'password', 'confirmPassword', 'mobileNum'].map(
    (field) => `form.fields.${field}`,
  ),
  ...['verificationCode', 'affiliateCode', 'captcha'].map((field) => `form.fields.${field}`),
  ...LoginMethodSchema.options.map((method) => `member.loginMethods.${method}`),
];

describe('identity messages (spec §5, §8)', () => {
  it.each([
    ['EN', en],
    ['TY', ty],
  ])('should translate every error code, pattern family and field in %s', (_name, pack) => {
    expect(dynamicKeys.filter((key) => typeof lookup(pack as Tree, key) !== 'string')).toEqual([]);
  });

  it('should fill (min) and (max) into every length-bound pattern family', () => {
    const patterns = en.validation.patterns as Record<string, string>;
    const withoutBounds = ['DATE', 'PASSWORD'];
    for (const [id, text] of Object.entries(patterns)) {
      if (withoutBounds.includes(id)) continue;
      expect(text, id).toContain('{{min}}');
      expect(text, id).toContain('{{max}}');
    }
  });

  it('should carry the spec texts', () => {
    expect(en.validation.passwordLength).toBe('Please fill in your password with {{min}} - {{max}} characters');
    expect(en.validation.confirmMismatch).toBe('Incorrect confirmation input');
    // Not the spec's "not empty?": a player could not tell what was missing (ADR 0022).
    expect(en.validation.terms).toBe('Please tick the box to accept the terms and continue');
    expect(en.errors.codes.AGENT_ONLY).toBe('Non-agents cannot log in');
    expect(en.errors.codes.MEMBER_NO_ENTER).toBe('Non-member account unable to login');
    expect(en.agent.consultingHours).toBe('Professional consulting hours: Monday to Friday, 12:00 to 21:00');
  });
});
