import { z } from 'zod';

/**
 * Identity wire (spec §3 login, registration, SMS, password; §7 login and member calls).
 * Payloads the spec marks "E" travel as a SealedPayload (see crypto-envelope.ts).
 */

const trimmed = (max: number) => z.string().trim().min(1).max(max);

export const LoginTypeSchema = z.enum(['username', 'sms']);
export const LoginSideSchema = z.enum(['member', 'agent']);

export const LoginRequestSchema = z.object({
  type: LoginTypeSchema.default('username'),
  /** Username, or the mobile number for SMS login (spec §3). Trimmed (spec §5). */
  username: trimmed(64),
  /** Password, or the SMS code. Passwords are not trimmed of inner spaces, only of the ends (spec §5: values trimmed). */
  password: trimmed(128),
  countryDialingCode: z
    .string()
    .regex(/^\+\d{1,4}$/)
    .optional(),
  captchaId: z.string().max(64).optional(),
  captcha: z.string().trim().max(16).optional(),
  /** Which door the user came through: the member login popup or the agent landing. */
  side: LoginSideSchema.default('member'),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const MemberInfoSchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  /** 0 member; 1, 2, 41, 42 agent; 4 trial (spec §9). */
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  mobileNum: z.string().nullable(),
  email: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;

export const LoginResponseSchema = z.object({
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** True when the password is the weak default 123456 or has expired (not for SMS login): open changePassModal. */
  mustChangePassword: z.boolean(),
  token: z.string(),
  user: MemberInfoSchema,
  /** When the previous login happened; null on the first login. */
  previousLoginAt: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** The value of a failed login: whether the client must now show the captcha (spec §4 login failure). */
export const LoginFailureValueSchema = z.object({ captcha: z.boolean() });

export const CaptchaResponseSchema = z.object({
  captchaId: z.string(),
  /** data:image/png;base64,... */
  image: z.string(),
  expiresInSeconds: z.number().int().positive(),
});
export type CaptchaResponse = z.infer<typeof CaptchaResponseSchema>;

export const FreePlayRequestSchema = z.object({
  os: z.string().trim().max(32),
  platform: z.literal('W'),
  /** A client-chosen random string, sealed with the rest of the payload. */
  random: z.string().min(16).max(128),
  gatewayVersion: z.literal(3),
});

export const SmsCodeRequestSchema = z.object({
  mobileNum: z
    .string()
    .trim()
    .regex(/^\d{5,15}$/),
  countryDialingCode: z.string().regex(/^\+\d{1,4}$/),
  captchaId: z.string().max(64).optional(),
  captcha: z.string().trim().max(16).optional(),
});
export const SmsCodeResponseSchema = z.object({ expiredMinutes: z.number().int().positive() });

export const ChangePasswordRequestSchema = z.object({
  oldPassword: z.string().max(128).optional(),
  newPassword: z.string().min(1).max(128),
  confirmNewPassword: z.string().min(1).max(128),
});

export const ForgotByEmailRequestSchema = z.object({ username: trimmed(64), email: z.email().max(254) });
export const ForgotByPhoneRequestSchema = z.object({
  newPassword: z.string().min(1).max(128),
  mobileNum: z
    .string()
    .trim()
    .regex(/^\d{5,15}$/),
  countryDialingCode: z.string().regex(/^\+\d{1,4}$/),
  verificationCode: z.string().trim().max(255),
});

export const AffiliateCheckQuerySchema = z.object({ code: trimmed(64), domain: trimmed(253) });
