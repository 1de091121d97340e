import { z } from 'zod';
import { AnnouncementAudienceSchema } from './agent-content';
import { BannerGroupSchema, NoticeExecutionSchema, NoticeTypeSchema } from './catalogue';

/**
 * Staff API for lobby content (issue 5; the back office of issue 7 puts screens on it): banners and notices under
 * `/wps/ops/banners` and `/wps/ops/notices`. Create bodies are complete; update bodies (PATCH) carry only the fields
 * that change, and the server checks the merged row (schedule order, promotion type) before writing anything.
 */

/** A merchant language code (EN, TY, ...) or null for every language; the server checks the merchant has it. */
const ContentLanguageSchema = z
  .string()
  .trim()
  .regex(/^[A-Z]{2,8}$/, 'must be a language code such as EN')
  .nullable();

/** A path on our own origin: `/…` but not `//…` (protocol-relative) nor `/\…`. No external images (issue 5). */
const SAME_ORIGIN_PATH = /^\/(?![/\\])[A-Za-z0-9._~!$&'()*+,;=:@%/?#-]*$/;
export const CONTENT_URL_MAX_LENGTH = 500;

const isWebUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};

/** Where a banner click goes: a same-origin path (`/promotions`) or an http(s) address; null: no link. */
export const ContentLinkSchema = z
  .string()
  .trim()
  .max(CONTENT_URL_MAX_LENGTH)
  .refine(
    (text) => SAME_ORIGIN_PATH.test(text) || isWebUrl(text),
    'must be a path such as /promotions or an http(s) URL',
  )
  .nullable();

/** Banner images are served by us (`/banners/...` or the art route); an external image is refused. */
export const ContentImagePathSchema = z
  .string()
  .trim()
  .max(CONTENT_URL_MAX_LENGTH)
  .regex(SAME_ORIGIN_PATH, 'must be a path on this site such as /banners/welcome.svg');

/** ISO 8601 with an offset, e.g. 2026-05-01T00:00:00Z. */
const InstantSchema = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' });
const SortSchema = z.number().int().min(-1_000_000).max(1_000_000);

/** True when both ends are set and the end is not after the start (the schedule is empty). */
export const scheduleOutOfOrder = (startsAt: string | null | undefined, endsAt: string | null | undefined): boolean =>
  typeof startsAt === 'string' && typeof endsAt === 'string' && Date.parse(endsAt) <= Date.parse(startsAt);

const bannerFields = {
  groupName: BannerGroupSchema,
  language: ContentLanguageSchema,
  title: z.string().trim().min(1).max(120),
  imageUrl: ContentImagePathSchema,
  url: ContentLinkSchema,
  sort: SortSchema,
  startsAt: InstantSchema.nullable(),
  endsAt: InstantSchema.nullable(),
  enabled: z.boolean(),
};

/** POST /wps/ops/banners. language null (every language), url null (no link), schedule null (always). */
export const OpsBannerCreateSchema = z
  .object({
    ...bannerFields,
    language: bannerFields.language.default(null),
    url: bannerFields.url.default(null),
    sort: SortSchema.default(0),
    startsAt: bannerFields.startsAt.default(null),
    endsAt: bannerFields.endsAt.default(null),
    enabled: z.boolean().default(true),
  })
  .strict()
  .refine((b) => !scheduleOutOfOrder(b.startsAt, b.endsAt), { message: 'must be after startsAt', path: ['endsAt'] });
export type OpsBannerCreate = z.infer<typeof OpsBannerCreateSchema>;

/** PATCH /wps/ops/banners/:id: any of the fields; at least one. */
export const OpsBannerUpdateSchema = z
  .object(bannerFields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change');
export type OpsBannerUpdate = z.infer<typeof OpsBannerUpdateSchema>;

export const OpsBannerSchema = z.object({
  id: z.string(),
  groupName: BannerGroupSchema,
  language: z.string().nullable(),
  title: z.string(),
  imageUrl: z.string(),
  url: z.string().nullable(),
  sort: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  enabled: z.boolean(),
});
export type OpsBanner = z.infer<typeof OpsBannerSchema>;

export const OPS_CONTENT_MAX_PAGE_SIZE = 100;
const pageFields = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(OPS_CONTENT_MAX_PAGE_SIZE).default(20),
};
const optionalEnum = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** GET /wps/ops/banners: every banner of the merchant (enabled or not, any schedule), by group, sort and id. */
export const OpsBannerQuerySchema = z.object({ groupName: optionalEnum(BannerGroupSchema), ...pageFields });
export const OpsBannerPageSchema = z.object({
  list: z.array(OpsBannerSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type OpsBannerPage = z.infer<typeof OpsBannerPageSchema>;

/** promotionType names the reward-centre promotion a PR notice's Go button opens. */
export const PromotionTypeSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{1,32}$/, 'must be a promotion type such as DEPOSIT_BONUS');

const noticeFields = {
  type: NoticeTypeSchema,
  execution: NoticeExecutionSchema,
  /** PLAYERS: the lobby's notices; AGENTS: announcements read in the agent centre (issue 18). */
  audience: AnnouncementAudienceSchema,
  language: ContentLanguageSchema,
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(10_000),
  promotionType: PromotionTypeSchema.nullable(),
  sort: SortSchema,
  startsAt: InstantSchema,
  endsAt: InstantSchema.nullable(),
  enabled: z.boolean(),
};

/** A PR notice needs a promotion type (its Go button); any other type has none. */
export const promotionTypeProblem = (type: string, promotionType: string | null | undefined): string | null => {
  if (type === 'PR' && (promotionType ?? null) === null) return 'a promotion (PR) notice needs a promotionType';
  if (type !== 'PR' && (promotionType ?? null) !== null) return 'only a promotion (PR) notice has a promotionType';
  return null;
};

/** POST /wps/ops/notices. startsAt omitted: now; audience omitted: PLAYERS. */
export const OpsNoticeCreateSchema = z
  .object({
    ...noticeFields,
    audience: AnnouncementAudienceSchema.default('PLAYERS'),
    language: noticeFields.language.default(null),
    promotionType: noticeFields.promotionType.default(null),
    sort: SortSchema.default(0),
    startsAt: InstantSchema.optional(),
    endsAt: noticeFields.endsAt.default(null),
    enabled: z.boolean().default(true),
  })
  .strict()
  .superRefine((n, ctx) => {
    if (scheduleOutOfOrder(n.startsAt, n.endsAt)) {
      ctx.addIssue({ code: 'custom', message: 'must be after startsAt', path: ['endsAt'] });
    }
    const problem = promotionTypeProblem(n.type, n.promotionType);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, path: ['promotionType'] });
  });
export type OpsNoticeCreate = z.infer<typeof OpsNoticeCreateSchema>;

/** PATCH /wps/ops/notices/:id: any of the fields; at least one. */
export const OpsNoticeUpdateSchema = z
  .object(noticeFields)
  .partial()
  .strict()
  .refine((n) => Object.keys(n).length > 0, 'nothing to change');
export type OpsNoticeUpdate = z.infer<typeof OpsNoticeUpdateSchema>;

export const OpsNoticeSchema = z.object({
  id: z.string(),
  type: NoticeTypeSchema,
  execution: NoticeExecutionSchema,
  audience: AnnouncementAudienceSchema,
  language: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  promotionType: z.string().nullable(),
  sort: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  enabled: z.boolean(),
});
export type OpsNotice = z.infer<typeof OpsNoticeSchema>;

/** GET /wps/ops/notices: every notice of the merchant, newest first. */
export const OpsNoticeQuerySchema = z.object({
  type: optionalEnum(NoticeTypeSchema),
  execution: optionalEnum(NoticeExecutionSchema),
  audience: optionalEnum(AnnouncementAudienceSchema),
  ...pageFields,
});
export const OpsNoticePageSchema = z.object({
  list: z.array(OpsNoticeSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type OpsNoticePage = z.infer<typeof OpsNoticePageSchema>;

/** :id of a banner or notice. */
export const ContentIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be an id') });

/**
 * Help centre (spec §2 /help, §7 help centre lang + device WEB): one section per anchor and language, shown in `sort`
 * order. The terms are the section with anchor `term` (the login popup and registration link to /help#term), so a
 * language's terms can be edited but not deleted. Staff API: `/wps/ops/help-sections` (issue 7).
 */
export const TERMS_ANCHOR = 'term';
export const HELP_ANCHOR_MAX_LENGTH = 40;
export const HELP_TITLE_MAX_LENGTH = 120;
/** Operator-authored HTML; the server stores it sanitized to what the player side renders (help-html.ts on the server). */
export const HELP_HTML_MAX_LENGTH = 50_000;
/** A bound on the work of the public help answer, far above what a help centre needs. */
export const HELP_SECTIONS_PER_LANGUAGE_MAX = 50;

export const HelpAnchorSchema = z
  .string()
  .trim()
  .min(1)
  .max(HELP_ANCHOR_MAX_LENGTH)
  .regex(/^[a-z][a-z0-9-]*$/, 'must start with a letter and hold only lower-case letters, digits and dashes');

/** A merchant language code such as EN; the server checks the merchant has it. */
const HelpLanguageSchema = z
  .string()
  .trim()
  .regex(/^[A-Z]{2,8}$/, 'must be a language code such as EN');

const helpFields = {
  title: z.string().trim().min(1).max(HELP_TITLE_MAX_LENGTH),
  html: z.string().trim().min(1).max(HELP_HTML_MAX_LENGTH),
  sort: SortSchema,
};

/** POST /wps/ops/help-sections. */
export const OpsHelpSectionCreateSchema = z
  .object({ lang: HelpLanguageSchema, anchor: HelpAnchorSchema, ...helpFields, sort: SortSchema.default(0) })
  .strict();
export type OpsHelpSectionCreate = z.infer<typeof OpsHelpSectionCreateSchema>;

/** PATCH /wps/ops/help-sections/:lang/:anchor: title, html or sort; the language and anchor name the section. */
export const OpsHelpSectionUpdateSchema = z
  .object(helpFields)
  .partial()
  .strict()
  .refine((s) => Object.keys(s).length > 0, 'nothing to change');
export type OpsHelpSectionUpdate = z.infer<typeof OpsHelpSectionUpdateSchema>;

export const OpsHelpSectionSchema = z.object({
  lang: z.string(),
  anchor: z.string(),
  title: z.string(),
  html: z.string(),
  sort: z.number().int(),
});
export type OpsHelpSection = z.infer<typeof OpsHelpSectionSchema>;

/** GET /wps/ops/help-sections: every section of the merchant (or of one language), by language, sort and anchor. */
export const OpsHelpSectionQuerySchema = z.object({
  lang: z.preprocess((v) => (v === '' ? undefined : v), HelpLanguageSchema.optional()),
});
export const OpsHelpSectionListSchema = z.object({ list: z.array(OpsHelpSectionSchema) });
export type OpsHelpSectionList = z.infer<typeof OpsHelpSectionListSchema>;

/** :lang/:anchor of a help section. */
export const HelpSectionParamsSchema = z.object({ lang: HelpLanguageSchema, anchor: HelpAnchorSchema });
