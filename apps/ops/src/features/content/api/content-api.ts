import { z } from 'zod';
import {
  API,
  LanguageCodeSchema,
  LanguageOptionSchema,
  OpsBannerPageSchema,
  OpsBannerSchema,
  OpsHelpSectionListSchema,
  OpsHelpSectionSchema,
  OpsNoticePageSchema,
  OpsNoticeSchema,
  type OpsBannerCreate,
  type OpsBannerUpdate,
  type OpsHelpSectionCreate,
  type OpsHelpSectionUpdate,
  type OpsNoticeCreate,
  type OpsNoticeUpdate,
  OPS_API,
} from '@platform/contracts';
import { apiPath, apiRequest, type Query } from '@/lib/api-client';

/** Lobby content and the help centre (permission content.manage; contracts content-ops.ts). */
export const contentKeys = {
  banners: ['ops', 'content', 'banners'] as const,
  notices: ['ops', 'content', 'notices'] as const,
  help: ['ops', 'content', 'help'] as const,
  languages: ['ops', 'content', 'languages'] as const,
};

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export const listBanners = (query: Query, signal?: AbortSignal) =>
  apiRequest(OPS_API.banners, { query, schema: OpsBannerPageSchema, ...signalOf(signal) });
export const createBanner = (body: OpsBannerCreate) =>
  apiRequest(OPS_API.banners, { method: 'POST', body, schema: OpsBannerSchema });
export const updateBanner = (id: string, body: OpsBannerUpdate) =>
  apiRequest(apiPath(OPS_API.banner, { id }), { method: 'PATCH', body, schema: OpsBannerSchema });
export const deleteBanner = (id: string) => apiRequest(apiPath(OPS_API.banner, { id }), { method: 'DELETE' });

export const listNotices = (query: Query, signal?: AbortSignal) =>
  apiRequest(OPS_API.notices, { query, schema: OpsNoticePageSchema, ...signalOf(signal) });
export const createNotice = (body: OpsNoticeCreate) =>
  apiRequest(OPS_API.notices, { method: 'POST', body, schema: OpsNoticeSchema });
export const updateNotice = (id: string, body: OpsNoticeUpdate) =>
  apiRequest(apiPath(OPS_API.notice, { id }), { method: 'PATCH', body, schema: OpsNoticeSchema });
export const deleteNotice = (id: string) => apiRequest(apiPath(OPS_API.notice, { id }), { method: 'DELETE' });

export const listHelpSections = (query: Query, signal?: AbortSignal) =>
  apiRequest(OPS_API.helpSections, { query, schema: OpsHelpSectionListSchema, ...signalOf(signal) });
export const createHelpSection = (body: OpsHelpSectionCreate) =>
  apiRequest(OPS_API.helpSections, { method: 'POST', body, schema: OpsHelpSectionSchema });
export const updateHelpSection = (key: { lang: string; anchor: string }, body: OpsHelpSectionUpdate) =>
  apiRequest(apiPath(OPS_API.helpSection, key), { method: 'PATCH', body, schema: OpsHelpSectionSchema });
export const deleteHelpSection = (key: { lang: string; anchor: string }) =>
  apiRequest(apiPath(OPS_API.helpSection, key), { method: 'DELETE' });

/** Only the part of the public site configuration the content editors need. */
const SiteLanguagesSchema = z.object({
  language: z.object({ default: LanguageCodeSchema, supported: z.array(LanguageOptionSchema) }),
});
export type SiteLanguages = z.infer<typeof SiteLanguagesSchema>['language'];

/**
 * The site's languages, for the language pickers: the public configuration the player app reads (the merchant is
 * the host's, as for the staff session), so the editors offer exactly the languages players can choose.
 */
export const getSiteLanguages = async (signal?: AbortSignal): Promise<SiteLanguages> =>
  (await apiRequest(API.system.permission, { schema: SiteLanguagesSchema, ...signalOf(signal) })).language;
