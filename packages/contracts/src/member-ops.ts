import { z } from 'zod';
import { AGENT_USER_TYPES, USER_TYPE } from './constants';
import { LoginMethodSchema } from './identity';

/**
 * Staff API for members and agents (issue 7, back office "Members and agents"): search, profile with balances and the
 * upline chain, login history, account and betting records (the member-centre schemas, read for a member id), status
 * changes, password resets and notes, under `/wps/ops/members`. Ids travel as decimal strings (bigint in the server).
 */

export const MEMBER_SEARCH_PAGE_SIZE_MAX = 100;
/** Counting stops here (as the account record's cap): a search that matches more shows this many rows' pages. */
export const MEMBER_SEARCH_COUNT_CAP = 5_000;
export const MEMBER_LOGINS_PAGE_SIZE_MAX = 100;
export const MEMBER_NOTES_PAGE_SIZE_MAX = 100;
export const MEMBER_NOTE_MAX_LENGTH = 1000;
export const MEMBER_STATUS_REASON_MAX_LENGTH = 500;
/** The agent's direct downline is counted up to here (the profile shows "10000+" beyond). */
export const DOWNLINE_COUNT_CAP = 10_000;
/** How far up the agent tree the profile walks (the demo tree is 2 deep; real trees stay well below). */
export const UPLINE_CHAIN_MAX = 20;

/** Every user type of the spec (§9): member 0, agents 1, 2, 41, 42, trial 4. */
export const MEMBER_USER_TYPES: readonly number[] = [USER_TYPE.MEMBER, ...AGENT_USER_TYPES, USER_TYPE.TRIAL];

/** Which kind of account: members (0), trial members (4) or any agent type (1, 2, 41, 42). */
export const MemberKindSchema = z.enum(['MEMBER', 'TRIAL', 'AGENT']);
export type MemberKind = z.infer<typeof MemberKindSchema>;

export const MemberStatusSchema = z.enum(['ACTIVE', 'LOCKED', 'CLOSED']);

/** A member id in a path: a positive integer as text. */
export const MemberIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be a member id');
export const MemberParamsSchema = z.object({ memberId: MemberIdSchema });

const DateTextSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

/**
 * GET /wps/ops/members. Every filter is optional and they combine with AND. `username` and `realName` match from the
 * start (case-insensitive); `mobile` is the national number (a leading 0 or the country code is dropped); `agent` is
 * the upline's username and lists its direct downline; registration dates are days in the merchant's time zone.
 */
export const MemberSearchQuerySchema = z
  .object({
    username: optionalText(z.string().trim().min(2, 'type at least 2 characters').max(64)),
    mobile: optionalText(
      z
        .string()
        .trim()
        .regex(/^\+?[0-9 -]{4,20}$/, 'must be a mobile number'),
    ),
    realName: optionalText(z.string().trim().min(2, 'type at least 2 characters').max(100)),
    kind: optionalText(MemberKindSchema),
    userType: optionalText(
      z.coerce
        .number()
        .int()
        .refine((t) => MEMBER_USER_TYPES.includes(t), 'must be a user type (0, 1, 2, 4, 41, 42)'),
    ),
    status: optionalText(MemberStatusSchema),
    registeredFrom: optionalText(DateTextSchema),
    registeredTo: optionalText(DateTextSchema),
    agent: optionalText(z.string().trim().min(1).max(64)),
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MEMBER_SEARCH_PAGE_SIZE_MAX).default(20),
  })
  .refine((q) => q.registeredFrom === undefined || q.registeredTo === undefined || q.registeredFrom <= q.registeredTo, {
    message: 'must not be before the start date',
    path: ['registeredTo'],
  });
export type MemberSearchQuery = z.input<typeof MemberSearchQuerySchema>;

export const MemberSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  /** The payee name (real name) of the profile. */
  realName: z.string().nullable(),
  userType: z.number().int(),
  status: MemberStatusSchema,
  countryDialingCode: z.string().nullable(),
  mobileNum: z.string().nullable(),
  upline: z.string().nullable(),
  /** ISO 8601. */
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type MemberSummary = z.infer<typeof MemberSummarySchema>;

export const MemberSearchPageSchema = z.object({
  list: z.array(MemberSummarySchema),
  pageNo: z.number().int(),
  /** Bounded: counting stops at MEMBER_SEARCH_COUNT_CAP. */
  totalPages: z.number().int(),
});
export type MemberSearchPage = z.infer<typeof MemberSearchPageSchema>;

export const UplineEntrySchema = z.object({ id: z.string(), username: z.string(), userType: z.number().int() });
export type UplineEntry = z.infer<typeof UplineEntrySchema>;

/** One ledger account of the member: CASH, FROZEN (held by pending withdrawals), PLAY, VENDOR:<code>, ... */
export const MemberBalanceSchema = z.object({ purpose: z.string(), currency: z.string(), balance: z.string() });
export type MemberBalance = z.infer<typeof MemberBalanceSchema>;

/**
 * GET /wps/ops/members/:memberId. Everything the operator needs to help the member; never a password or payment
 * password hash (only whether a payment password is set).
 */
export const OpsMemberProfileSchema = MemberSummarySchema.extend({
  email: z.string().nullable(),
  birthday: z.string().nullable(),
  idNumber: z.string().nullable(),
  address: z.string().nullable(),
  nationality: z.string().nullable(),
  occupation: z.string().nullable(),
  sourceOfIncome: z.string().nullable(),
  placeOfBirth: z.string().nullable(),
  qqNum: z.string().nullable(),
  whatsapp: z.string().nullable(),
  facebook: z.string().nullable(),
  telegram: z.string().nullable(),
  line: z.string().nullable(),
  zalo: z.string().nullable(),
  wechat: z.string().nullable(),
  language: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  referrer: z.string().nullable(),
  registerUrl: z.string().nullable(),
  registerMethod: z.string().nullable(),
  registerIp: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  passwordChangedAt: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  /** The direct upline first, then its upline, up to the top of the tree. */
  uplineChain: z.array(UplineEntrySchema),
  /** Agents only (null otherwise): how many accounts have this agent as direct upline, counted up to a cap. */
  directDownline: z.object({ count: z.number().int(), capped: z.boolean() }).nullable(),
  balances: z.array(MemberBalanceSchema),
});
export type OpsMemberProfile = z.infer<typeof OpsMemberProfileSchema>;

const PageQuery = (max: number) => ({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(max).default(20),
});

/** GET /wps/ops/members/:memberId/logins: newest first. */
export const MemberLoginsQuerySchema = z.object(PageQuery(MEMBER_LOGINS_PAGE_SIZE_MAX));
export type MemberLoginsQuery = z.input<typeof MemberLoginsQuerySchema>;
export const MemberLoginSchema = z.object({
  loggedInAt: z.string(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  method: LoginMethodSchema,
});
export type MemberLogin = z.infer<typeof MemberLoginSchema>;
export const MemberLoginPageSchema = z.object({
  list: z.array(MemberLoginSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
});
export type MemberLoginPage = z.infer<typeof MemberLoginPageSchema>;

/** POST /wps/ops/members/:memberId/status. CLOSE is final: a closed account cannot be unlocked. */
export const MemberStatusActionSchema = z.enum(['LOCK', 'UNLOCK', 'CLOSE']);
export type MemberStatusAction = z.infer<typeof MemberStatusActionSchema>;
export const MemberStatusRequestSchema = z
  .object({
    action: MemberStatusActionSchema,
    reason: z
      .string()
      .trim()
      .min(1, 'a reason is required')
      .max(MEMBER_STATUS_REASON_MAX_LENGTH, `at most ${MEMBER_STATUS_REASON_MAX_LENGTH} characters`),
  })
  .strict();
export type MemberStatusRequest = z.infer<typeof MemberStatusRequestSchema>;
export const MemberStatusResultSchema = z.object({
  id: z.string(),
  status: MemberStatusSchema,
  /** Sessions of the member that the change ended (locking and closing log the member out everywhere). */
  sessionsRevoked: z.number().int(),
});
export type MemberStatusResult = z.infer<typeof MemberStatusResultSchema>;

/**
 * POST /wps/ops/members/:memberId/password-reset: a single-use reset link sent to the member's email or mobile on
 * file; the member chooses the new password (staff never see or set it). Earlier links of the member stop working.
 */
export const MemberPasswordResetRequestSchema = z.object({ channel: z.enum(['EMAIL', 'SMS']) }).strict();
export type MemberPasswordResetRequest = z.infer<typeof MemberPasswordResetRequestSchema>;
export const MemberPasswordResetResultSchema = z.object({
  channel: z.enum(['EMAIL', 'SMS']),
  /** Where it went, partly hidden (the operator can see the full address on the profile). */
  sentTo: z.string(),
  expiresAt: z.string(),
});
export type MemberPasswordResetResult = z.infer<typeof MemberPasswordResetResultSchema>;

/** GET /wps/ops/members/:memberId/notes (newest first); POST adds one. */
export const MemberNotesQuerySchema = z.object(PageQuery(MEMBER_NOTES_PAGE_SIZE_MAX));
export type MemberNotesQuery = z.input<typeof MemberNotesQuerySchema>;
export const MemberNoteRequestSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, 'a note cannot be empty')
      .max(MEMBER_NOTE_MAX_LENGTH, `at most ${MEMBER_NOTE_MAX_LENGTH} characters`),
  })
  .strict();
export type MemberNoteRequest = z.infer<typeof MemberNoteRequestSchema>;
export const MemberNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  staff: z.string(),
  createdAt: z.string(),
});
export type MemberNote = z.infer<typeof MemberNoteSchema>;
export const MemberNotePageSchema = z.object({
  list: z.array(MemberNoteSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
});
export type MemberNotePage = z.infer<typeof MemberNotePageSchema>;
