import { z } from 'zod';

/**
 * Operator staff (issue 7, DESIGN.md §7): accounts separate from members, with one role each. A role is a fixed set
 * of permissions; every staff call names the one permission it needs and the server checks it (the role test walks
 * every staff endpoint with every role against STAFF_ROUTE_PERMISSIONS, so the table below is the whole truth).
 *
 * `super` is the platform's own administrator: it belongs to no merchant, holds every permission and may manage
 * merchants; every other role belongs to exactly one merchant and sees only that merchant's data.
 */
export const STAFF_ROLES = ['super', 'owner', 'admin', 'cashier', 'risk', 'support', 'content', 'finance'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

export const STAFF_PERMISSIONS = [
  /** Dashboard figures (today's money and players). */
  'dashboard.view',
  /** Deposit and withdrawal queues, with the member's context. */
  'cashier.view',
  /** Approve or reject deposits and withdrawals. */
  'cashier.decide',
  /** Ask for a manual balance adjustment (above the threshold it waits for a second approver). */
  'adjustment.request',
  /** Approve or reject another staff member's pending adjustment. */
  'adjustment.approve',
  /** Search members and agents; profile, balances, login history, account and betting records, notes. */
  'members.view',
  /** Lock, unlock and close accounts. */
  'members.status',
  /** Send a member a password reset. */
  'members.password',
  /** Write notes on a member. */
  'members.note',
  /** The agent tree, per-agent limits and reports (read). */
  'agents.view',
  /** Move a member and its team under another agent or to the top. */
  'agents.move',
  /** Set the limits on the accounts an agent may create. */
  'agents.limits',
  /** Banners, notices, announcements, popups, marquee, help centre. */
  'content.manage',
  /** Internal messages to members, lists, segments and everyone (issue 22). */
  'messages.send',
  /** Feedback and live chat: answer, transfer and close (issue 22). */
  'support.handle',
  /** Whitelabel flags, register settings, languages, resources, customer service, maintenance, region rules. */
  'config.manage',
  /** Payment channels and limits. */
  'payments.manage',
  /** Vendors and games: enable, order, hot and new flags. */
  'games.manage',
  /** Daily summaries and the cashier report, CSV export. */
  'reports.view',
  /** The audit log (read-only), CSV export. */
  'audit.view',
  /** Staff accounts of the merchant: create, change role, disable, reset MFA. */
  'staff.manage',
  /** Promotions: terms, suspension, the application queue, manual bonus grants (a second approver; issue 20). */
  'promotions.manage',
  /** Platform: merchants. Only `super`. */
  'merchants.manage',
] as const;
export const StaffPermissionSchema = z.enum(STAFF_PERMISSIONS);
export type StaffPermission = z.infer<typeof StaffPermissionSchema>;

const EVERYTHING_BUT_PLATFORM = STAFF_PERMISSIONS.filter((permission) => permission !== 'merchants.manage');

/** Which role holds which permission. Owner and admin differ only in that an admin cannot touch owners. */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  super: STAFF_PERMISSIONS,
  owner: EVERYTHING_BUT_PLATFORM,
  admin: EVERYTHING_BUT_PLATFORM,
  cashier: ['dashboard.view', 'cashier.view', 'cashier.decide', 'adjustment.request', 'members.view', 'members.note'],
  risk: [
    'dashboard.view',
    'cashier.view',
    'members.view',
    'members.status',
    'members.note',
    'agents.view',
    'reports.view',
    'audit.view',
  ],
  support: ['dashboard.view', 'members.view', 'members.password', 'members.note', 'messages.send', 'support.handle'],
  content: ['dashboard.view', 'content.manage', 'games.manage', 'promotions.manage', 'messages.send'],
  finance: [
    'dashboard.view',
    'cashier.view',
    'adjustment.request',
    'adjustment.approve',
    'members.view',
    'agents.view',
    'payments.manage',
    'reports.view',
  ],
};

export const roleHas = (role: StaffRole, permission: StaffPermission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

/** Staff sessions end after this long without a call (the back office shows the sign-in again). */
export const STAFF_IDLE_TIMEOUT_MS = 15 * 60 * 1000;
/** And after this long whatever happens. */
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** Recovery codes handed out at TOTP enrolment; each works once. */
export const STAFF_RECOVERY_CODE_COUNT = 10;

/**
 * A field-level validation failure: the envelope's `value` on VALIDATION_FAILED carries `{ fields }`, one entry per
 * failing field (path joined with dots, e.g. `schedule.endsAt`), so a form puts each message under its field.
 */
export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;
export const FieldErrorsValueSchema = z.object({ fields: z.array(FieldErrorSchema) });
export type FieldErrorsValue = z.infer<typeof FieldErrorsValueSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Staff sign-in and staff accounts (issue 7, helper "staff-identity").

export const STAFF_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export const StaffStatusSchema = z.enum(STAFF_STATUSES);
export type StaffStatus = z.infer<typeof StaffStatusSchema>;

/** Roles a merchant's staff can hold (`super` is platform-level and never created through the staff API). */
export const MERCHANT_STAFF_ROLES = STAFF_ROLES.filter((role) => role !== 'super') as Exclude<StaffRole, 'super'>[];
export const MerchantStaffRoleSchema = z.enum(['owner', 'admin', 'cashier', 'risk', 'support', 'content', 'finance']);

/** Usernames are 3 to 32 letters, digits, `_`, `.` or `-`, compared without case. */
export const STAFF_USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const StaffUsernameSchema = z
  .string()
  .trim()
  .regex(STAFF_USERNAME_PATTERN, 'Use 3 to 32 letters, digits, dots, dashes or underscores');
export const StaffDisplayNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a display name')
  .max(64, 'Use at most 64 characters');
/** A new staff password: 8 to 64 characters with at least one letter and one digit. */
export const StaffPasswordSchema = z
  .string()
  .min(8, 'Use at least 8 characters')
  .max(64, 'Use at most 64 characters')
  .regex(/[A-Za-z]/, 'Include at least one letter')
  .regex(/[0-9]/, 'Include at least one digit');

/** A TOTP code: 6 digits (SHA-1, 30 s steps; any authenticator app). */
export const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');
/** A recovery code as handed out (`xxxxx-xxxxx`, lower-case letters and digits); case and dashes are forgiven. */
export const RecoveryCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.toLowerCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'Enter a recovery code such as ab3de-fg7hk'));

/** POST /wps/ops/auth/login. */
export const StaffLoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Enter your username').max(64, 'Use at most 64 characters'),
  password: z.string().min(1, 'Enter your password').max(128, 'Use at most 128 characters'),
});
export type StaffLoginRequest = z.infer<typeof StaffLoginRequestSchema>;

/** The password was right: the second step, with a short-lived challenge (5 minutes) that names it. */
export const StaffLoginResponseSchema = z.discriminatedUnion('stage', [
  z.object({ stage: z.literal('MFA'), challenge: z.string() }),
  /** First sign-in (or after an MFA reset): enrol TOTP first. `secret` is base32, `otpauthUrl` is for a QR code. */
  z.object({ stage: z.literal('ENROL'), challenge: z.string(), otpauthUrl: z.string(), secret: z.string() }),
]);
export type StaffLoginResponse = z.infer<typeof StaffLoginResponseSchema>;

/** POST /wps/ops/auth/enrol: the first code from the newly added authenticator. */
export const StaffEnrolRequestSchema = z.object({ challenge: z.string().min(1).max(128), code: TotpCodeSchema });
export type StaffEnrolRequest = z.infer<typeof StaffEnrolRequestSchema>;

/**
 * POST /wps/ops/auth/invitation: the one-time token of an enrolment link (`npm run create-owner`, ADR 0016) and the
 * password its staff member chooses. Answers the ENROL stage of StaffLoginResponseSchema.
 */
export const StaffInvitationRequestSchema = z.object({
  token: z.string().min(1).max(128),
  password: StaffPasswordSchema,
});
export type StaffInvitationRequest = z.infer<typeof StaffInvitationRequestSchema>;

/** POST /wps/ops/auth/mfa: a TOTP code, or one of the recovery codes (each works once). */
export const StaffMfaRequestSchema = z.union([
  z.object({ challenge: z.string().min(1).max(128), code: TotpCodeSchema }),
  z.object({ challenge: z.string().min(1).max(128), recoveryCode: RecoveryCodeSchema }),
]);
export type StaffMfaRequest = z.infer<typeof StaffMfaRequestSchema>;

/** Who is signed in: GET /wps/ops/auth/me, and part of a successful sign-in. */
export const StaffProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: StaffRoleSchema,
  /** The merchant the session acts on (a super admin's: the merchant of the host it signed in on). */
  merchantCode: z.string(),
  permissions: z.array(StaffPermissionSchema),
  /** The session ends after this long without a call. */
  idleTimeoutMs: z.number().int(),
});
export type StaffProfile = z.infer<typeof StaffProfileSchema>;

/** A session: `Authorization: Bearer <token>` on every staff call. */
export const StaffSessionSchema = z.object({ token: z.string(), staff: StaffProfileSchema });
export type StaffSession = z.infer<typeof StaffSessionSchema>;

/** Enrolment also hands out the recovery codes, once: they are stored hashed and never shown again. */
export const StaffEnrolResponseSchema = StaffSessionSchema.extend({ recoveryCodes: z.array(z.string()) });
export type StaffEnrolResponse = z.infer<typeof StaffEnrolResponseSchema>;

/** A staff account as the staff management page shows it (never its password or TOTP secret). */
export const StaffAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: StaffRoleSchema,
  status: StaffStatusSchema,
  /** False until TOTP is enrolled (first sign-in, or after an MFA reset). */
  mfaEnrolled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

export const STAFF_LIST_MAX_PAGE_SIZE = 100;
const emptyToUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** GET /wps/ops/staff: the merchant's staff, newest first; q matches username or display name. */
export const StaffListQuerySchema = z.object({
  q: emptyToUndefined(z.string().trim().max(64)),
  role: emptyToUndefined(StaffRoleSchema),
  status: emptyToUndefined(StaffStatusSchema),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(STAFF_LIST_MAX_PAGE_SIZE).default(20),
});
export type StaffListQuery = z.infer<typeof StaffListQuerySchema>;
export const StaffAccountPageSchema = z.object({
  list: z.array(StaffAccountSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type StaffAccountPage = z.infer<typeof StaffAccountPageSchema>;

/** POST /wps/ops/staff. Only an owner (or super) may give the owner role. */
export const StaffCreateSchema = z.object({
  username: StaffUsernameSchema,
  displayName: StaffDisplayNameSchema,
  password: StaffPasswordSchema,
  role: MerchantStaffRoleSchema,
});
export type StaffCreate = z.infer<typeof StaffCreateSchema>;

/** PATCH /wps/ops/staff/:id: any of these. Nobody changes their own role or status. */
export const StaffUpdateSchema = z
  .object({
    displayName: StaffDisplayNameSchema.optional(),
    role: MerchantStaffRoleSchema.optional(),
    status: StaffStatusSchema.optional(),
  })
  .refine((v) => v.displayName !== undefined || v.role !== undefined || v.status !== undefined, {
    message: 'Change at least one of display name, role or status',
  });
export type StaffUpdate = z.infer<typeof StaffUpdateSchema>;

export const StaffIdParamsSchema = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'Not a staff id') });
