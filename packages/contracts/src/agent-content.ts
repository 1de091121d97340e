import { z } from 'zod';
import { NoticeTypeSchema } from './catalogue';

/**
 * Announcements for agents (spec §2 agentAnnouncement; issue 18). Announcements are the content module's notices;
 * each has an audience: PLAYERS (the lobby's notices, every notice written before agents had their own) or AGENTS
 * (read only through the agent centre's call, GET /wps/agent/announcements, by a logged-in agent). Staff choose the
 * audience in the back office's notice editor.
 */
export const ANNOUNCEMENT_AUDIENCES = ['PLAYERS', 'AGENTS'] as const;
export const AnnouncementAudienceSchema = z.enum(ANNOUNCEMENT_AUDIENCES);
export type AnnouncementAudience = z.infer<typeof AnnouncementAudienceSchema>;

export const AGENT_ANNOUNCEMENTS_MAX_PAGE_SIZE = 50;

/** GET /wps/agent/announcements: language as the lobby's notices take it (none: the merchant's default). */
export const AgentAnnouncementQuerySchema = z.object({
  language: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(16).optional(),
  ),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(AGENT_ANNOUNCEMENTS_MAX_PAGE_SIZE).default(10),
});
export type AgentAnnouncementQuery = z.infer<typeof AgentAnnouncementQuerySchema>;

export const AgentAnnouncementSchema = z.object({
  id: z.string(),
  type: NoticeTypeSchema,
  title: z.string(),
  /** Plain text; line breaks are kept. */
  content: z.string(),
  /** ISO 8601, the start of its schedule. */
  publishedAt: z.string(),
  /** ISO 8601, when it stops being shown; null: no end. */
  endsAt: z.string().nullable(),
});
export type AgentAnnouncement = z.infer<typeof AgentAnnouncementSchema>;

/** Live announcements for agents in the language, lowest sort then newest first. */
export const AgentAnnouncementPageSchema = z.object({
  list: z.array(AgentAnnouncementSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AgentAnnouncementPage = z.infer<typeof AgentAnnouncementPageSchema>;
