import { DEFAULT_WEAK_PASSWORD } from './constants';
import { REGISTER_PATTERNS, checkRegisterValue, type RegisterFieldRule } from './register-patterns';

/**
 * The password rule (spec §5: one uppercase, one lowercase, one digit and one special symbol) with the lengths of
 * the merchant's `password` register field, or these when it has none.
 */
export const DEFAULT_PASSWORD_LENGTH = { min: 8, max: 20 } as const;

export const defaultPasswordRule = (): RegisterFieldRule => ({
  field: 'password',
  enabled: true,
  required: true,
  acceptedPattern: REGISTER_PATTERNS.PASSWORD,
  patternId: 'PASSWORD',
  minLength: DEFAULT_PASSWORD_LENGTH.min,
  maxLength: DEFAULT_PASSWORD_LENGTH.max,
});

/**
 * The most common passwords of public breach corpora, with the variants that pass the character-class rule
 * (Password1!, P@ssw0rd, ...). Refused everywhere a password is chosen; compared case-insensitively.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  DEFAULT_WEAK_PASSWORD,
  '123456789',
  '12345678',
  '12345',
  '1234567',
  '1234567890',
  '111111',
  '000000',
  '123123',
  '654321',
  '666666',
  '888888',
  'password',
  'qwerty',
  'abc123',
  'iloveyou',
  'admin',
  'welcome',
  'monkey',
  'dragon',
  'letmein',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'qwerty123',
  '1q2w3e4r',
  'password1',
  'password1!',
  'password123',
  'password123!',
  'password@123',
  'p@ssw0rd',
  'p@ssword1',
  'p@ssw0rd1',
  'p@ssw0rd!',
  'passw0rd!',
  'pa$$w0rd',
  'qwerty123!',
  'qwerty@123',
  'qwerty1!',
  'welcome1!',
  'welcome@123',
  'admin@123',
  'admin123!',
  'abc@1234',
  'abcd@1234',
  'abc123!@#',
  'aa123456!',
  'aa@123456',
  '1qaz@wsx',
  '1qaz!qaz',
  'zaq1@wsx',
  'iloveyou1!',
  'changeme1!',
  'letmein1!',
  'test@123',
  'test123!',
];

/**
 * The rule every new password is checked against: always the canonical PASSWORD pattern (so a merchant cannot
 * configure it away), with the lengths of the merchant's `password` field when it has one.
 */
export const passwordRuleFrom = (fields: readonly RegisterFieldRule[]): RegisterFieldRule => {
  const configured = fields.find((f) => f.field === 'password');
  const rule = defaultPasswordRule();
  return configured === undefined
    ? rule
    : { ...rule, minLength: configured.minLength, maxLength: configured.maxLength };
};

const common = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

export type PasswordProblem = 'PASSWORD_RULE' | 'PASSWORD_MISMATCH' | 'PASSWORD_TOO_WEAK';

/**
 * Checks a new password: the rule (pattern and length), then the confirmation, then weakness (a common password,
 * or the username itself). The order is the order the web app shows the messages in.
 */
export const checkNewPassword = (
  password: string,
  confirmation: string,
  options: { rule?: RegisterFieldRule; username?: string } = {},
): PasswordProblem | null => {
  const rule = options.rule ?? defaultPasswordRule();
  if (checkRegisterValue({ ...rule, required: true, enabled: true }, password) !== null) return 'PASSWORD_RULE';
  if (password !== confirmation) return 'PASSWORD_MISMATCH';
  const lower = password.toLowerCase();
  if (common.has(lower)) return 'PASSWORD_TOO_WEAK';
  if (options.username !== undefined && lower === options.username.toLowerCase()) return 'PASSWORD_TOO_WEAK';
  return null;
};

/** The payment (transaction) password when the merchant has no enabled paymentPassword register field: 6 digits. */
export const DEFAULT_PAYMENT_PASSWORD_RULE: RegisterFieldRule = {
  field: 'paymentPassword',
  enabled: true,
  required: true,
  acceptedPattern: REGISTER_PATTERNS.DIGITS_ONLY,
  patternId: 'DIGITS_ONLY',
  minLength: 6,
  maxLength: 6,
};

/** The merchant's enabled paymentPassword rule (always required when setting one), else the default. */
export const paymentPasswordRuleFrom = (fields: readonly RegisterFieldRule[]): RegisterFieldRule => {
  const configured = fields.find((f) => f.field === 'paymentPassword');
  return configured?.enabled ? { ...configured, required: true } : DEFAULT_PAYMENT_PASSWORD_RULE;
};

/**
 * Checks a new payment password: the rule, then the confirmation, then weakness (a common password). The order is
 * the order the web app shows the messages in.
 */
export const checkNewPaymentPassword = (
  password: string,
  confirmation: string,
  rule: RegisterFieldRule,
): PasswordProblem | null => {
  if (checkRegisterValue(rule, password) !== null) return 'PASSWORD_RULE';
  if (password !== confirmation) return 'PASSWORD_MISMATCH';
  return common.has(password.toLowerCase()) ? 'PASSWORD_TOO_WEAK' : null;
};
