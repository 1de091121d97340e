import { z } from 'zod';

/**
 * Identity wire (spec §3 login, registration, SMS, password; §7 login and member calls).
 * Payloads the spec marks "E" travel as a SealedPayload (see sealed.ts and SEALED_ENDPOINTS in paths.ts).
 * Every text value is trimmed at both ends (spec §5: values trimmed), passwords included, so a password typed with a
 * trailing space at registration still matches at login.
 */

const trimmed = (max: number) => z.string().trim().min(1).max(max);
/** An optional text field; the server treats '' like an absent value. */
const optionalText = (max: number) => z.string().trim().max(max).optional();
const password = z.string().trim().min(1).max(128);
/** A mobile number in the SMS calls: 5 to 15 digits (the web app checks it before it asks for a code, spec §5). */
export const MOBILE_NUM_PATTERN = /^\d{5,15}$/;
export const MobileNumSchema = z.string().trim().regex(MOBILE_NUM_PATTERN, 'must be 5 to 15 digits');
export const CountryDialingCodeSchema = z.string().regex(/^\+\d{1,4}$/, 'must look like +63');

export const LoginTypeSchema = z.enum(['username', 'sms']);
export const LoginSideSchema = z.enum(['member', 'agent']);

export const LoginRequestSchema = z.object({
  type: LoginTypeSchema.default('username'),
  /** Username, or the mobile number for SMS login (spec §3). */
  username: trimmed(64),
  /** Password, or the SMS code. */
  password,
  /** Required for SMS login. */
  countryDialingCode: CountryDialingCodeSchema.optional(),
  /** Both required once a failed login has answered `{ captcha: true }`. */
  captchaId: z.string().max(64).optional(),
  captcha: z.string().trim().max(16).optional(),
  /**
   * Which door the user came through: 'member' (the login popup) admits members (type 0) and agents, who then go to
   * /agentHome (spec §4); 'agent' (the /agent landing) admits only agents (types 1, 2, 41, 42). Spec §6.
   */
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
  countryDialingCode: z.string().nullable(),
  email: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  /** The latest login (the current one, right after logging in). */
  lastLoginAt: z.string().nullable(),
  /** The language pack the member last chose (PUT /wps/system/language with a session), or null. */
  language: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;

export const LoginResponseSchema = z.object({
  /** True when this is the account's first login: the client runs its first-login action (spec §4). */
  firstTimeLogin: z.boolean(),
  /** The password is older than the merchant's limit while PWDEXPIRY3 is on (never for SMS login). */
  passwordExpired: z.boolean(),
  /**
   * True when the password is the weak default 123456 or has expired (not for SMS login): open changePassModal.
   * This session may then change the password without the old one.
   */
  mustChangePassword: z.boolean(),
  /** Opaque bearer token; send as `Authorization: Bearer <token>`. */
  token: z.string(),
  user: MemberInfoSchema,
  /** When the previous login happened; null on the first login. */
  previousLoginAt: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/**
 * The value of every failed login (INVALID_CREDENTIALS, CAPTCHA_REQUIRED, CAPTCHA_INVALID, TOO_MANY_ATTEMPTS): whether
 * the client must now show the captcha (spec §4 login failure), and when this address may try this account again.
 */
export const LoginFailureValueSchema = z.object({
  captcha: z.boolean(),
  retryAfterSeconds: z.number().int().positive().optional(),
});
export type LoginFailureValue = z.infer<typeof LoginFailureValueSchema>;

/** The value of a 429 (RATE_LIMITED, SMS_TOO_MANY_REQUESTS, TOO_MANY_ATTEMPTS); the Retry-After header says the same. */
export const RetryAfterValueSchema = z.object({ retryAfterSeconds: z.number().int().positive() });

/** Whole minutes (at least one) until a 429 allows another try, for messages that say how long to wait. */
export const retryAfterMinutes = (value: unknown): number | undefined => {
  const parsed = RetryAfterValueSchema.safeParse(value);
  return parsed.success ? Math.max(1, Math.ceil(parsed.data.retryAfterSeconds / 60)) : undefined;
};

/**
 * GET /wps/captcha: the picture, or, where the merchant turned on CAPTCHATEXT3, a question in words for people who
 * cannot see it (ADR 0021), in the player's language (the app's language code; others get English).
 */
export const CaptchaQuerySchema = z.object({
  kind: z.enum(['image', 'text']).default('image'),
  lang: z.string().trim().max(16).optional(),
});
export type CaptchaQuery = z.input<typeof CaptchaQuerySchema>;

export const CaptchaResponseSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('image'),
    captchaId: z.string(),
    /** data:image/png;base64,... */
    image: z.string(),
    expiresInSeconds: z.number().int().positive(),
  }),
  z.object({
    kind: z.literal('text'),
    captchaId: z.string(),
    /** Read by screen readers; answered like the picture, in the same field. */
    question: z.string(),
    expiresInSeconds: z.number().int().positive(),
  }),
]);
export type CaptchaResponse = z.infer<typeof CaptchaResponseSchema>;

export const FreePlayRequestSchema = z.object({
  os: z.string().trim().max(32),
  platform: z.literal('W'),
  /** A client-chosen random string, sealed with the rest of the payload. */
  random: z.string().min(16).max(128),
  gatewayVersion: z.literal(3),
});
export type FreePlayRequest = z.infer<typeof FreePlayRequestSchema>;

/** POST /wps/verification/sms/noLogin and /sms/forgot. */
export const SmsCodeRequestSchema = z.object({
  mobileNum: MobileNumSchema,
  countryDialingCode: CountryDialingCodeSchema,
  captchaId: z.string().max(64).optional(),
  captcha: z.string().trim().max(16).optional(),
});
export type SmsCodeRequest = z.infer<typeof SmsCodeRequestSchema>;

/** POST /wps/verification/sms/register: the registration variant names the number mobileNo (spec §3). */
export const RegisterSmsCodeRequestSchema = z.object({
  mobileNo: MobileNumSchema,
  countryDialingCode: CountryDialingCodeSchema,
});
export type RegisterSmsCodeRequest = z.infer<typeof RegisterSmsCodeRequestSchema>;

/** The client counts down expiredMinutes × 60 seconds before it allows another request (spec §4). */
export const SmsCodeResponseSchema = z.object({ expiredMinutes: z.number().int().positive() });
export type SmsCodeResponse = z.infer<typeof SmsCodeResponseSchema>;

/** POST /wps/verification/sms/bind (T, real accounts): a code to the number the member wants to bind. */
export const BindMobileSmsRequestSchema = z.object({
  mobileNum: MobileNumSchema,
  countryDialingCode: CountryDialingCodeSchema,
});
export type BindMobileSmsRequest = z.infer<typeof BindMobileSmsRequestSchema>;

/**
 * PUT /wps/member/mobile (T, sealed, real accounts): binds the number, or replaces the bound one, with the code of
 * POST /wps/verification/sms/bind (and the login password when replacing). A number another member of the merchant has answers 400 MOBILE_TAKEN; the answer
 * is the updated MemberInfo.
 */
export const BindMobileRequestSchema = z.object({
  mobileNum: MobileNumSchema,
  countryDialingCode: CountryDialingCodeSchema,
  /** Max length 255 (spec §5). */
  verificationCode: z.string().trim().min(1).max(255),
  /**
   * The current login password: required to replace a bound number (answered 400 OLD_PASSWORD_WRONG when missing or
   * wrong), since the number then allows SMS login and password reset; a first binding needs none.
   */
  password: z.string().trim().max(128).optional(),
});
export type BindMobileRequest = z.infer<typeof BindMobileRequestSchema>;

export const ChangePasswordRequestSchema = z.object({
  /** Required unless the session came from a login that answered mustChangePassword. */
  oldPassword: z.string().trim().max(128).optional(),
  newPassword: password,
  confirmNewPassword: password,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** POST /wps/member/password/email, form-encoded (spec §3). Always answered with the same success message. */
export const ForgotByEmailRequestSchema = z.object({ username: trimmed(64), email: z.email().max(254) });

/** POST /wps/member/password/reset (sealed): the token from the emailed link `/?resetToken=...`. */
export const PasswordResetRequestSchema = z.object({
  token: z.string().min(20).max(128),
  newPassword: password,
  confirmNewPassword: password,
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** POST /wps/member/password/verification (sealed), only while FORGOTMOB3 is on. */
export const ForgotByPhoneRequestSchema = z.object({
  newPassword: password,
  /** Checked when sent. */
  confirmNewPassword: password.optional(),
  mobileNum: MobileNumSchema,
  countryDialingCode: CountryDialingCodeSchema,
  verificationCode: z.string().trim().min(1).max(255),
});
export type ForgotByPhoneRequest = z.infer<typeof ForgotByPhoneRequestSchema>;

export const AffiliateCheckQuerySchema = z.object({ code: trimmed(64), domain: trimmed(253) });
/** A code that is not a valid agent code of this merchant answers 400 INVALID_INVITATION_CODE instead. */
export const AffiliateCheckResponseSchema = z.object({ valid: z.literal(true) });

/**
 * PUT /wps/member/register and /wps/member/register/mobile (sealed). Which fields are shown, required and how they are
 * checked comes from the register settings (RegisterSettingsSchema); the server applies the same rules with
 * checkRegisterValue. On the mobile variant the username is the mobile number, and the password is needed only while
 * MOBILENUMPASSREG3 is on.
 */
export const RegisterRequestSchema = z.object({
  username: optionalText(64),
  password: z.string().trim().max(128).optional(),
  confirmPassword: z.string().trim().max(128).optional(),
  payeeName: optionalText(100),
  email: optionalText(254),
  qqNum: optionalText(32),
  mobileNum: optionalText(20),
  countryDialingCode: CountryDialingCodeSchema.optional(),
  recommenderId: optionalText(64),
  captchaId: z.string().max(64).optional(),
  captcha: optionalText(16),
  /** The code of POST /wps/verification/sms/register (max length 255, spec §5). */
  verificationCode: optionalText(255),
  /** The agent invitation code; the new member's upline is that agent. */
  affiliateCode: optionalText(64),
  paymentPassword: z.string().trim().max(64).optional(),
  line: optionalText(100),
  whatsapp: optionalText(100),
  facebook: optionalText(100),
  wechat: optionalText(100),
  idNumber: optionalText(100),
  referralCode: optionalText(64),
  domain: optionalText(253),
  /** Spec §3: "a login flag set to true": registration logs the new member in. */
  login: z.literal(true).default(true),
  registerUrl: z.string().max(2048),
  registerMethod: z.literal('WEB'),
  /** The terms box (age 18 agreement); false answers 400 TERMS_NOT_ACCEPTED. */
  acceptTerms: z.boolean(),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** The value of a 400 VALIDATION_FAILED or PASSWORD_RULE on registration and profile: which rule failed. */
export const RegisterFieldErrorSchema = z.object({
  field: z.string(),
  reason: z.enum(['required', 'length', 'pattern', 'not_accepted']),
  /** Picks the translated text; replace (min) and (max) with the bounds (spec §5). */
  patternId: z.string().nullable(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
});
export type RegisterFieldError = z.infer<typeof RegisterFieldErrorSchema>;

/** Profile fields (spec §3 "Profile fields named in text"). */
export const PROFILE_FIELDS = [
  'nickname',
  'payeeName',
  'email',
  'qqNum',
  'whatsapp',
  'facebook',
  'telegram',
  'line',
  'zalo',
  'wechat',
  'idNumber',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Set once by the member; changing them afterwards is a customer-service task (withdrawals are paid to this name). */
export const SET_ONCE_PROFILE_FIELDS: readonly ProfileField[] = ['payeeName', 'idNumber', 'birthday'];

export const MemberProfileSchema = z.object({
  username: z.string(),
  mobileNum: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  referrer: z.string().nullable(),
  fields: z.record(z.enum(PROFILE_FIELDS), z.string().nullable()),
  /** The fields this member may change now (register settings allow them; set-once fields still empty). */
  editable: z.array(z.enum(PROFILE_FIELDS)),
});
export type MemberProfile = z.infer<typeof MemberProfileSchema>;

/** PUT /wps/member/profile: only the fields to change; '' clears a field that is not set-once. birthday: yyyy-MM-dd. */
export const UpdateProfileRequestSchema = z.partialRecord(z.enum(PROFILE_FIELDS), z.string().trim().max(255));
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

/**
 * PUT /wps/member/payment-password (sealed): the transaction password. Setting the first one needs the login password;
 * changing it needs the old payment password.
 */
export const PaymentPasswordRequestSchema = z.object({
  loginPassword: z.string().trim().max(128).optional(),
  oldPaymentPassword: z.string().trim().max(64).optional(),
  newPaymentPassword: z.string().trim().min(1).max(64),
  confirmPaymentPassword: z.string().trim().min(1).max(64),
});
export type PaymentPasswordRequest = z.infer<typeof PaymentPasswordRequestSchema>;

export const LoginMethodSchema = z.enum(['PASSWORD', 'SMS', 'FREEPLAY', 'REGISTER']);
export const LoginRecordSchema = z.object({
  loggedInAt: z.string(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  method: LoginMethodSchema,
});
export type LoginRecord = z.infer<typeof LoginRecordSchema>;
/** GET /wps/member/logins: the last 10 logins, newest first. */
export const LoginHistorySchema = z.object({ list: z.array(LoginRecordSchema) });

/** GET /wps/dev/outbox?to=... (not in production): what the outbox SMS and email providers "sent". */
export const OutboxQuerySchema = z.object({ to: z.string().trim().min(3).max(254) });
export const OutboxMessageSchema = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
export const OutboxListSchema = z.object({ list: z.array(OutboxMessageSchema) });
