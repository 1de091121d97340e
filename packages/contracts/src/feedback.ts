import { z } from 'zod';

/**
 * Feedback (spec §1 customer service, §5 "feedback content length lies between two configured word limits", §7
 * feedback PUT; issue 22): a type, content within the merchant's word limits and up to three PNG or JPG images of at
 * most 5 MB each (checked by their bytes), the member's history with staff's replies, and the back office's queue.
 */
export const FEEDBACK_API = {
  /** PUT (member, multipart: FeedbackFieldsSchema + up to 3 images): sends feedback. GET: the member's history. */
  feedback: '/wps/feedback',
  /** GET (member): the merchant's word limits. */
  settings: '/wps/feedback/settings',
  /** GET (member): one image of the member's own feedback. */
  image: '/wps/feedback/:id/images/:position',
} as const;

export const FEEDBACK_OPS_API = {
  /** GET (support.handle): the queue, OPEN first, FeedbackOpsQuerySchema. */
  queue: '/wps/ops/feedback',
  /** POST (support.handle): a reply (and optionally close). */
  reply: '/wps/ops/feedback/:id/reply',
  /** POST (support.handle): closes without a reply. */
  close: '/wps/ops/feedback/:id/close',
  /** GET (support.handle): an image of any feedback of the merchant. */
  image: '/wps/ops/feedback/:id/images/:position',
  /** GET, PUT (config.manage): the merchant's word limits, FeedbackSettingsSchema. */
  settings: '/wps/ops/feedback-settings',
} as const;

export const FEEDBACK_TYPES = ['SUGGESTION', 'COMPLAINT', 'BUG', 'PAYMENT', 'OTHER'] as const;
export const FeedbackTypeSchema = z.enum(FEEDBACK_TYPES);
export const FEEDBACK_STATUSES = ['OPEN', 'ANSWERED', 'CLOSED'] as const;
export const FEEDBACK_MAX_IMAGES = 3;
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const FEEDBACK_CONTENT_MAX_CHARS = 10_000;
export const FEEDBACK_REPLY_MAX = 2_000;

const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]+/gu;

/** Words as the limits count them: runs of text between spaces; each Chinese, Japanese or Thai character is one. */
export const countWords = (text: string): number => text.match(WORD)?.length ?? 0;

export const FeedbackSettingsSchema = z.object({ minWords: z.number().int(), maxWords: z.number().int() });
export type FeedbackSettings = z.infer<typeof FeedbackSettingsSchema>;
/** The highest upper word limit a merchant may set (the table's check). */
export const FEEDBACK_WORDS_CEILING = 2_000;
/** Staff's change of the word limits: 1 <= minWords <= maxWords <= FEEDBACK_WORDS_CEILING. */
export const FeedbackSettingsUpdateSchema = z
  .object({
    minWords: z.number().int().min(1).max(FEEDBACK_WORDS_CEILING),
    maxWords: z.number().int().min(1).max(FEEDBACK_WORDS_CEILING),
  })
  .refine((value) => value.minWords <= value.maxWords, {
    path: ['maxWords'],
    message: 'must be at least the lower limit',
  });

/** The multipart fields (the images travel beside them); the word limits are the server's to check. */
export const FeedbackFieldsSchema = z.object({
  type: FeedbackTypeSchema,
  content: z.string().trim().min(1).max(FEEDBACK_CONTENT_MAX_CHARS),
});

export const FeedbackSchema = z.object({
  id: z.string(),
  type: FeedbackTypeSchema,
  content: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  images: z.number().int(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;
export const FeedbackListSchema = z.object({ list: z.array(FeedbackSchema) });

export const FeedbackImageParamsSchema = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/),
  position: z.string().regex(/^[1-3]$/),
});
export const FeedbackIdParamsSchema = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });

export const FeedbackOpsQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(FEEDBACK_STATUSES).optional()),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const OpsFeedbackSchema = FeedbackSchema.extend({ username: z.string(), repliedBy: z.string().nullable() });
export type OpsFeedback = z.infer<typeof OpsFeedbackSchema>;
export const OpsFeedbackPageSchema = z.object({
  list: z.array(OpsFeedbackSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export const FeedbackReplySchema = z.object({
  reply: z.string().trim().min(1).max(FEEDBACK_REPLY_MAX),
  close: z.boolean().default(false),
});
