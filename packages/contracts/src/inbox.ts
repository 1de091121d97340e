import { z } from 'zod';

/**
 * Internal messages (spec §1 internal messages, §2 messageV2 with its badge, §3 public state unreadMessage, §7 unread
 * message count; issue 22). Staff send to one member, a list, a segment or everyone, in several languages, now or
 * at a set time; other modules send system messages (deposit credited, withdrawal paid...). A broadcast is one row
 * with per-member read state (ADR 0032), so a message to a million members costs one insert.
 */
export const INBOX_API = {
  /** GET (member): the member's messages, newest first, InboxQuerySchema → InboxPageSchema. */
  messages: '/wps/messages',
  /** GET (member): the unread count, UnreadCountSchema (spec §7 unread message count; public state unreadMessage). */
  unread: '/wps/messages/unread',
  /** POST (member): marks one read. DELETE: removes it from the member's list. Both answer UnreadCountSchema. */
  read: '/wps/messages/:id/read',
  message: '/wps/messages/:id',
  /** POST (member): every message read. */
  readAll: '/wps/messages/read-all',
} as const;

export const INBOX_OPS_API = {
  /** GET (messages.send): sent and scheduled messages, newest first. POST: sends one (OpsMessageCreateSchema). */
  messages: '/wps/ops/messages',
  /** DELETE (messages.send): withdraws a message from every inbox. */
  message: '/wps/ops/messages/:id',
} as const;

export const MESSAGE_KINDS = ['STAFF', 'SYSTEM'] as const;
export const MessageKindSchema = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof MessageKindSchema>;

/** System messages other modules send (their text is the platform's, translated per member language). */
export const SYSTEM_MESSAGE_TOPICS = [
  'DEPOSIT_CREDITED',
  'WITHDRAWAL_PAID',
  'BONUS_GRANTED',
  'CONTRACT_OFFERED',
  'MISSION_COMPLETED',
] as const;
export type SystemMessageTopic = (typeof SYSTEM_MESSAGE_TOPICS)[number];

export const INBOX_MAX_PAGE_SIZE = 50;
export const MESSAGE_TITLE_MAX = 120;
export const MESSAGE_CONTENT_MAX = 4_000;
export const MESSAGE_MAX_RECIPIENTS = 1_000;

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max).optional(),
  );

export const InboxQuerySchema = z.object({
  language: optionalText(16),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(INBOX_MAX_PAGE_SIZE).default(10),
});
export type InboxQuery = z.infer<typeof InboxQuerySchema>;

export const InboxMessageSchema = z.object({
  id: z.string(),
  kind: MessageKindSchema,
  title: z.string(),
  /** Plain text; line breaks are kept. */
  content: z.string(),
  /** ISO 8601. */
  sentAt: z.string(),
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

/** The spec's public state names the count `unreadMessage` (§3). */
export const UnreadCountSchema = z.object({ unreadMessage: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const InboxPageSchema = z.object({
  list: z.array(InboxMessageSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  unreadMessage: z.number().int(),
});
export type InboxPage = z.infer<typeof InboxPageSchema>;

export const MessageIdParamsSchema = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });

export const MessageTranslationSchema = z.object({
  language: z.string().trim().min(2).max(16),
  title: z.string().trim().min(1).max(MESSAGE_TITLE_MAX),
  content: z.string().trim().min(1).max(MESSAGE_CONTENT_MAX),
});
export type MessageTranslation = z.infer<typeof MessageTranslationSchema>;

const isoDate = z.string().datetime({ offset: true });

/**
 * A segment (issue 22): every condition given must hold. VIP levels are read through the VIP module's port (no VIP
 * module: a member has no level and a VIP segment reaches nobody); an agent's team is its whole downline; registration
 * and last activity are ranges (last activity: the last login before the message was sent).
 */
export const MessageSegmentSchema = z
  .object({
    vipLevels: z.array(z.number().int().min(0).max(100)).min(1).max(50).optional(),
    agentUsername: z.string().trim().min(1).max(64).optional(),
    registeredFrom: isoDate.optional(),
    registeredTo: isoDate.optional(),
    lastActiveFrom: isoDate.optional(),
    lastActiveTo: isoDate.optional(),
  })
  .refine((s) => Object.values(s).some((v) => v !== undefined), 'a segment needs at least one condition');
export type MessageSegment = z.infer<typeof MessageSegmentSchema>;

export const MessageAudienceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('MEMBERS'),
    usernames: z.array(z.string().trim().min(1).max(64)).min(1).max(MESSAGE_MAX_RECIPIENTS),
  }),
  z.object({ kind: z.literal('SEGMENT'), segment: MessageSegmentSchema }),
  z.object({ kind: z.literal('ALL') }),
  /** Every agent (the agent centre's messages). */
  z.object({ kind: z.literal('AGENTS') }),
]);
export type MessageAudience = z.infer<typeof MessageAudienceSchema>;

export const OpsMessageCreateSchema = z.object({
  audience: MessageAudienceSchema,
  translations: z
    .array(MessageTranslationSchema)
    .min(1)
    .max(40)
    .refine((list) => new Set(list.map((t) => t.language.toUpperCase())).size === list.length, 'one text per language'),
  /** ISO 8601; absent or past: now. */
  sendAt: isoDate.optional(),
});
export type OpsMessageCreate = z.infer<typeof OpsMessageCreateSchema>;

export const OpsMessageSchema = z.object({
  id: z.string(),
  kind: MessageKindSchema,
  audience: z.enum(['MEMBER', 'MEMBERS', 'SEGMENT', 'ALL', 'AGENTS']),
  /** MEMBERS/MEMBER: how many recipients; otherwise null (a broadcast is not expanded). */
  recipients: z.number().int().nullable(),
  translations: z.array(MessageTranslationSchema),
  sendAt: z.string(),
  createdBy: z.string().nullable(),
  /** How many members have read it. */
  reads: z.number().int(),
});
export type OpsMessage = z.infer<typeof OpsMessageSchema>;

export const OpsMessageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(INBOX_MAX_PAGE_SIZE).default(20),
});
export const OpsMessagePageSchema = z.object({
  list: z.array(OpsMessageSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type OpsMessagePage = z.infer<typeof OpsMessagePageSchema>;
