import { z } from 'zod';

/**
 * Live customer service (spec §1 live chat, §9 the 440x750 window; issue 22): the LIVECHAT entry opens the platform's
 * own chat. Guests leave a name and a contact and hold a chat token (header `x-chat-token`); members are known by
 * their session. Outside the consulting hours a chat is an offline message that waits in the queue for staff.
 */
export const CHAT_API = {
  /** POST (optional session): opens a chat, or answers the member's open one. ChatStartSchema → ChatStartedSchema. */
  start: '/wps/chat',
  /** GET (the chat's member or guest): the chat and its messages after `after`. */
  chat: '/wps/chat/:id',
  /** POST (multipart: body and/or one image): a message from the customer. */
  messages: '/wps/chat/:id/messages',
  /** POST: the customer is typing. */
  typing: '/wps/chat/:id/typing',
  /** GET: an image of the chat. */
  image: '/wps/chat/:id/images/:messageId',
  /** GET (optional session): whether support is within its consulting hours now. */
  hours: '/wps/chat-hours',
} as const;

export const CHAT_OPS_API = {
  /** GET (support.handle): chats by status, or found by text, ChatOpsQuerySchema. */
  chats: '/wps/ops/chats',
  chat: '/wps/ops/chats/:id',
  take: '/wps/ops/chats/:id/take',
  messages: '/wps/ops/chats/:id/messages',
  typing: '/wps/ops/chats/:id/typing',
  /**
   * POST (ChatTransferSchema): to a named colleague (`toStaffId`), who alone may then answer it, or without one back
   * to the queue; a line in the chat either way, the optional note only for staff.
   */
  transfer: '/wps/ops/chats/:id/transfer',
  /** GET (support.handle): the colleagues a chat can be transferred to (active staff who handle support). */
  colleagues: '/wps/ops/chat-colleagues',
  close: '/wps/ops/chats/:id/close',
  image: '/wps/ops/chats/:id/images/:messageId',
  /** GET, POST (support.handle): canned replies. */
  canned: '/wps/ops/chat-canned',
  /** PUT (CannedReplyCreateSchema), DELETE (support.handle): one canned reply. */
  cannedOne: '/wps/ops/chat-canned/:id',
  /** GET, PUT (config.manage): the consulting hours, ChatHoursUpdateSchema. */
  hours: '/wps/ops/chat-hours',
} as const;

/** The guest's chat token travels in this header, never in a URL. */
export const CHAT_TOKEN_HEADER = 'x-chat-token';
export const CHAT_TEXT_MAX = 2_000;
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CHAT_STATUSES = ['QUEUED', 'ACTIVE', 'CLOSED'] as const;

const id = z.string().regex(/^[1-9][0-9]{0,17}$/);
export const ChatIdParamsSchema = z.object({ id });
export const ChatImageParamsSchema = z.object({ id, messageId: id });

export const ChatStartSchema = z.object({
  name: z.string().trim().min(1).max(64).optional(),
  contact: z.string().trim().min(3).max(120).optional(),
});
export const ChatHoursSchema = z.object({
  open: z.boolean(),
  days: z.array(z.number().int()),
  opensMinute: z.number().int(),
  closesMinute: z.number().int(),
  timezone: z.string(),
});
export type ChatHours = z.infer<typeof ChatHoursSchema>;
/**
 * Staff's change of the consulting hours: ISO days (1 = Monday ... 7 = Sunday, none = always offline) and the
 * opening and closing minute of the day in the merchant's time zone (closing after opening; 1440 = midnight).
 */
export const ChatHoursUpdateSchema = z
  .object({
    days: z
      .array(z.number().int().min(1).max(7))
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'must not repeat a day'),
    opensMinute: z.number().int().min(0).max(1439),
    closesMinute: z.number().int().min(1).max(1440),
  })
  .refine((value) => value.closesMinute > value.opensMinute, {
    path: ['closesMinute'],
    message: 'must be after the opening time',
  });
export type ChatHoursUpdate = z.infer<typeof ChatHoursUpdateSchema>;

export const ChatMessageSchema = z.object({
  id: z.string(),
  sender: z.enum(['CUSTOMER', 'STAFF', 'SYSTEM']),
  staffName: z.string().nullable(),
  body: z.string().nullable(),
  hasImage: z.boolean(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatSummarySchema = z.object({
  id: z.string(),
  status: z.enum(CHAT_STATUSES),
  offline: z.boolean(),
  staffName: z.string().nullable(),
  /** The other side typed within the last few seconds. */
  otherTyping: z.boolean(),
  createdAt: z.string(),
});
export const ChatStartedSchema = ChatSummarySchema.extend({
  /** Only for a guest's new chat: keep it to come back to the chat (sent as x-chat-token). */
  guestToken: z.string().nullable(),
});
export type ChatStarted = z.infer<typeof ChatStartedSchema>;

export const ChatAfterQuerySchema = z.object({ after: z.preprocess((v) => (v === '' ? undefined : v), id.optional()) });
export const ChatViewSchema = z.object({ chat: ChatSummarySchema, messages: z.array(ChatMessageSchema) });
export type ChatView = z.infer<typeof ChatViewSchema>;
export const ChatTextFieldsSchema = z.object({ body: z.string().trim().max(CHAT_TEXT_MAX).optional() });

export const ChatOpsQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CHAT_STATUSES).optional()),
  /** Finds chats by the member's username, the guest's name or contact, or a message's text. */
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(64).optional(),
  ),
});
export const OpsChatSchema = ChatSummarySchema.extend({
  memberId: z.string().nullable(),
  username: z.string().nullable(),
  guestName: z.string().nullable(),
  guestContact: z.string().nullable(),
  lastMessageAt: z.string(),
  mine: z.boolean(),
});
export type OpsChat = z.infer<typeof OpsChatSchema>;
export const OpsChatListSchema = z.object({ list: z.array(OpsChatSchema) });
/** A message as staff see it: `internal` lines (a transfer's note) never reach the customer. */
export const OpsChatMessageSchema = ChatMessageSchema.extend({ internal: z.boolean() });
export type OpsChatMessage = z.infer<typeof OpsChatMessageSchema>;
export const OpsChatViewSchema = z.object({ chat: OpsChatSchema, messages: z.array(OpsChatMessageSchema) });
export type OpsChatView = z.infer<typeof OpsChatViewSchema>;
export const ChatTransferSchema = z.object({
  /** The colleague who takes the chat over; absent: back to the queue. */
  toStaffId: id.optional(),
  /** For staff only (the customer never sees it). */
  note: z.string().trim().max(500).optional(),
});
export const ChatColleagueSchema = z.object({ id: z.string(), username: z.string(), displayName: z.string() });
export const ChatColleagueListSchema = z.object({ list: z.array(ChatColleagueSchema) });
export type ChatColleague = z.infer<typeof ChatColleagueSchema>;
export const CannedReplySchema = z.object({ id: z.string(), title: z.string(), body: z.string() });
export const CannedReplyListSchema = z.object({ list: z.array(CannedReplySchema) });
export const CannedReplyCreateSchema = z.object({
  title: z.string().trim().min(1).max(60),
  body: z.string().trim().min(1).max(CHAT_TEXT_MAX),
});
