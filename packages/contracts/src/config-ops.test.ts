import { describe, expect, it } from 'vitest';
import {
  OpsCustomerServiceUpdateSchema,
  OpsLanguagesUpdateSchema,
  OpsMaintenanceUpdateSchema,
  OpsRegionRulesUpdateSchema,
  OpsRegisterFieldSchema,
  OpsResourcesUpdateSchema,
  registerPatternProblem,
} from './config-ops';
import { REGISTER_PATTERNS, compileRegisterPattern } from './register-patterns';

const pathsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('registerPatternProblem', () => {
  it('should accept every standard pattern of the message families', () => {
    for (const pattern of Object.values(REGISTER_PATTERNS)) expect(registerPatternProblem(pattern)).toBeNull();
  });

  it.each(['^[0-9]{4}$', '^[A-Z]+-[0-9]+$', '(?:ab)+', '^\\p{L}+$', '^[a-z]{2,8}(?:-[a-z]{2})?$', '*', 'a*b*c*'])(
    'should accept the safe pattern %s',
    (pattern) => {
      expect(registerPatternProblem(pattern)).toBeNull();
    },
  );

  it.each([
    ['(a+)+$', 'repeats'],
    ['^(\\w+\\s?)*$', 'repeats'],
    ['(a|a)*', 'repeats'],
    ['^((ab)*c)+$', 'repeats'],
    ['(?:a{2,})*', 'repeats'],
    ['(?:\\p{L}+){2,}', 'repeats'],
    ['^(a)\\1$', 'back-references'],
    ['^(?<x>a)\\k<x>$', 'back-references'],
    ['^[a-z', 'not a valid'],
    ['(', 'not a valid'],
    ['a'.repeat(201), 'at most 200'],
  ])('should refuse %s', (pattern, reason) => {
    expect(registerPatternProblem(pattern)).toContain(reason);
  });

  it('should refuse what it finds slow because it is slow: (a+)+ takes exponential time on a near-miss', () => {
    // The same expression the checker refuses, run on 21 characters: already far slower than the safe rewrite.
    const slow = compileRegisterPattern('(a+)+b');
    const fast = compileRegisterPattern('a+b');
    const input = `${'a'.repeat(20)}c`;
    const time = (run: () => void) => {
      const start = performance.now();
      run();
      return performance.now() - start;
    };
    const slowMs = time(() => slow?.test(input));
    const fastMs = time(() => fast?.test(input));
    expect(slowMs).toBeGreaterThan(fastMs * 10);
  });
});

describe('config update schemas', () => {
  const field = {
    field: 'email',
    enabled: true,
    required: false,
    acceptedPattern: '^[^@]+@[^@]+$',
    patternId: 'EMAIL',
    minLength: 5,
    maxLength: 100,
  };

  it('should put each register rule failure under its own field', () => {
    expect(pathsOf(OpsRegisterFieldSchema.safeParse({ ...field, enabled: false, required: true }))).toEqual([
      'required',
    ]);
    expect(pathsOf(OpsRegisterFieldSchema.safeParse({ ...field, minLength: 10, maxLength: 5 }))).toEqual(['maxLength']);
    expect(pathsOf(OpsRegisterFieldSchema.safeParse({ ...field, acceptedPattern: '(a+)+' }))).toEqual([
      'acceptedPattern',
    ]);
    expect(pathsOf(OpsRegisterFieldSchema.safeParse({ ...field, field: 'password', required: false }))).toEqual([
      'required',
    ]);
    expect(OpsRegisterFieldSchema.parse({ ...field, acceptedPattern: '  ' }).acceptedPattern).toBeNull();
  });

  it('should refuse disabling the default language or every language', () => {
    const languages = (en: boolean, ty: boolean) => [
      { code: 'EN', enabled: en },
      { code: 'TY', enabled: ty },
    ];
    expect(
      OpsLanguagesUpdateSchema.safeParse({ defaultLanguage: 'TY', languages: languages(false, true) }).success,
    ).toBe(true);
    expect(
      pathsOf(OpsLanguagesUpdateSchema.safeParse({ defaultLanguage: 'EN', languages: languages(false, true) })),
    ).toEqual(['languages.0.enabled']);
    expect(
      pathsOf(OpsLanguagesUpdateSchema.safeParse({ defaultLanguage: 'EN', languages: languages(false, false) })),
    ).toContain('languages');
    expect(
      pathsOf(OpsLanguagesUpdateSchema.safeParse({ defaultLanguage: 'JA', languages: languages(true, true) })),
    ).toEqual(['defaultLanguage']);
  });

  it('should accept only http(s) links without credentials for resources and customer service', () => {
    const resource = (url: string) => ({ resources: [{ kind: 'FACEBOOK', labelNameEn: 'Facebook', url }] });
    expect(OpsResourcesUpdateSchema.safeParse(resource('https://facebook.example/x')).success).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://files.example/x', 'https://user:pw@x.example/', '/relative']) {
      expect(pathsOf(OpsResourcesUpdateSchema.safeParse(resource(bad)))).toEqual(['resources.0.url']);
    }
    const cs = (path: string) => ({ entries: [{ csType: 'LIVECHAT', path }] });
    expect(OpsCustomerServiceUpdateSchema.safeParse(cs('/help#contact')).success).toBe(true);
    expect(OpsCustomerServiceUpdateSchema.safeParse(cs('https://chat.example/x')).success).toBe(true);
    expect(pathsOf(OpsCustomerServiceUpdateSchema.safeParse(cs('data:text/html,hi')))).toEqual(['entries.0.path']);
    expect(pathsOf(OpsCustomerServiceUpdateSchema.safeParse(cs('//evil.example')))).toEqual(['entries.0.path']);
  });

  it('should refuse a maintenance window that ends before it starts', () => {
    const body = {
      enabled: true,
      messages: { EN: 'Back soon' },
      startsAt: '2026-05-01T10:00:00Z',
      endsAt: '2026-05-01T09:00:00Z',
    };
    expect(pathsOf(OpsMaintenanceUpdateSchema.safeParse(body))).toEqual(['endsAt']);
    expect(
      pathsOf(OpsMaintenanceUpdateSchema.safeParse({ ...body, endsAt: null, messages: { EN: 'x'.repeat(501) } })),
    ).toEqual(['messages.EN']);
  });

  it('should accept IP addresses and networks, IPv4 and IPv6, and nothing else', () => {
    const rules = (cidr: string) => ({ rules: [{ action: 'DENY', cidr, note: '' }] });
    for (const good of ['203.0.113.7', '203.0.113.0/24', '2001:db8::/32', '::1']) {
      expect(OpsRegionRulesUpdateSchema.safeParse(rules(good)).success).toBe(true);
    }
    for (const bad of ['PH', '203.0.113.0/33', '999.1.1.1', 'example.com']) {
      expect(pathsOf(OpsRegionRulesUpdateSchema.safeParse(rules(bad)))).toEqual(['rules.0.cidr']);
    }
  });
});
