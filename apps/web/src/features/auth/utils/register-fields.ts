import {
  passwordRuleFrom,
  registerRuleOrFallback,
  type RegisterField,
  type RegisterFieldRule,
  type RegisterSettings,
} from '@platform/contracts';

export type RegisterVariant = 'username' | 'mobile';

/** The fields shown for the merchant's optional extras, in form order (the server reports errors in this order). */
export const EXTRA_FIELDS = [
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
  'paymentPassword',
] as const;
export type ExtraField = (typeof EXTRA_FIELDS)[number];

export type FieldPlan = { name: string; rule: RegisterFieldRule };

export type RegisterPlan = {
  username: FieldPlan | null;
  password: FieldPlan | null;
  confirmPassword: boolean;
  mobile: FieldPlan | null;
  verificationCode: FieldPlan | null;
  extras: FieldPlan[];
  /** The affiliate field's rule; whether it shows also depends on the URL code and its check. */
  affiliateCode: FieldPlan;
  affiliateByRule: boolean;
  captcha: FieldPlan | null;
};

const byName = (fields: readonly RegisterField[], name: string) => fields.find((rule) => rule.field === name);

const plan = (name: string, rule: RegisterFieldRule, required: boolean): FieldPlan => ({
  name,
  rule: { ...rule, enabled: true, required },
});

/**
 * Which fields the form shows and how each is checked: the same decisions as the server's registration rules, so the
 * client shows exactly what the server enforces (spec §5). The username variant needs a username; the mobile variant
 * needs the number, whose code is needed on the mobile variant and whenever SMS verification (REGMOBVERF3) is on;
 * the password is needed on the username variant and, on the mobile one, while MOBILENUMPASSREG3 is on; every other
 * field shows when its rule is enabled, required when its rule says so.
 */
export function registerPlan(settings: RegisterSettings, variant: RegisterVariant): RegisterPlan {
  const { fields } = settings;
  // The server's own fallbacks (contracts' REGISTER_FALLBACK_RULES) when the merchant has no enabled rule.
  const ruleOrFallback = (name: string): RegisterFieldRule => registerRuleOrFallback(fields, name);
  const enabled = (name: string) => byName(fields, name)?.enabled === true;
  const smsNeeded = variant === 'mobile' || settings.smsVerification;
  const needsPassword = variant === 'username' || settings.mobilePasswordRequired;
  const mobileShown = smsNeeded || enabled('mobileNum');
  const captchaRule = byName(fields, 'captcha');
  return {
    username: variant === 'username' ? plan('username', ruleOrFallback('username'), true) : null,
    password: needsPassword ? plan('password', passwordRuleFrom(fields), true) : null,
    confirmPassword: needsPassword,
    mobile: mobileShown
      ? plan('mobileNum', ruleOrFallback('mobileNum'), smsNeeded || byName(fields, 'mobileNum')?.required === true)
      : null,
    verificationCode: smsNeeded ? plan('verificationCode', ruleOrFallback('verificationCode'), true) : null,
    extras: EXTRA_FIELDS.filter(enabled).map((name) => {
      const rule = byName(fields, name) as RegisterFieldRule;
      return plan(name, rule, rule.required);
    }),
    affiliateCode: plan(
      'affiliateCode',
      ruleOrFallback('affiliateCode'),
      byName(fields, 'affiliateCode')?.required ?? false,
    ),
    affiliateByRule: enabled('affiliateCode'),
    captcha: captchaRule?.enabled ? plan('captcha', captchaRule, captchaRule.required) : null,
  };
}
