import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  OpsBannerCreateSchema,
  OpsHelpSectionCreateSchema,
  OpsNoticeCreateSchema,
  type AnnouncementAudience,
  type BannerGroup,
  type NoticeExecution,
  type NoticeType,
  type OpsBanner,
  type OpsHelpSection,
  type OpsNotice,
} from '@platform/contracts';
import { contentKeys, getSiteLanguages } from '../api/content-api';

/**
 * What the shared dialog and list (content-dialog.tsx, content-list-page.tsx) take from the kind of content: texts
 * under `texts` in the locales, saves refresh `queryKey`, and test ids made from the kind (`banner-dialog`, `-submit`,
 * `-form-error`, `-sort`, `-starts-at`, `-ends-at`, `-enabled`, `-create`, `-edit`, `-delete`, `-delete-dialog`,
 * `-status`, `-filters`; the page `banners-page`, the table `banners`), so tests and e2e find them under the old names.
 */
export const CONTENT_KINDS = {
  banner: { texts: 'content.banners', nav: 'nav.banners', queryKey: contentKeys.banners },
  notice: { texts: 'content.notices', nav: 'nav.notices', queryKey: contentKeys.notices },
  help: { texts: 'content.help', nav: 'nav.help', queryKey: contentKeys.help },
} as const;
export type ContentKind = keyof typeof CONTENT_KINDS;

/**
 * The content forms hold strings (what inputs give); these schemas turn them into the wire shape and then check it
 * with the contracts' own schema, the one the server parses, so a message lands under the same field either way.
 */

/** '' (left empty) → null. */
const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** `<input type="datetime-local">` (local time, no zone) → ISO 8601 UTC; '' → null; anything else as typed. */
export const instantOf = (local: string): string | null => {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
};

/** ISO 8601 → the value of a datetime-local input in the browser's time zone ('' for null). */
export const localInputOf = (iso: string | null): string => {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}`;
};

/** '' → 0 (the default order); otherwise the number typed (a fraction or text fails the contracts' integer rule). */
const sortOf = (text: string): number => (text.trim() === '' ? 0 : Number(text));

export type BannerForm = {
  groupName: string;
  title: string;
  imageUrl: string;
  url: string;
  language: string;
  sort: string;
  startsAt: string;
  endsAt: string;
  enabled: boolean;
};

export const BannerFormSchema = z
  .object({
    groupName: z.string(),
    title: z.string(),
    imageUrl: z.string(),
    url: z.string(),
    language: z.string(),
    sort: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    enabled: z.boolean(),
  })
  .transform((form): z.input<typeof OpsBannerCreateSchema> => ({
    ...form,
    // Checked by the pipe below; the select only offers the groups.
    groupName: form.groupName as BannerGroup,
    url: orNull(form.url),
    language: orNull(form.language),
    sort: sortOf(form.sort),
    startsAt: instantOf(form.startsAt),
    endsAt: instantOf(form.endsAt),
  }))
  .pipe(OpsBannerCreateSchema);

export const bannerFormOf = (banner: OpsBanner | null, groupName = 'w_home'): BannerForm => ({
  groupName: banner?.groupName ?? groupName,
  title: banner?.title ?? '',
  imageUrl: banner?.imageUrl ?? '',
  url: banner?.url ?? '',
  language: banner?.language ?? '',
  sort: String(banner?.sort ?? 0),
  startsAt: localInputOf(banner?.startsAt ?? null),
  endsAt: localInputOf(banner?.endsAt ?? null),
  enabled: banner?.enabled ?? true,
});

export type NoticeForm = {
  type: string;
  execution: string;
  audience: string;
  language: string;
  title: string;
  content: string;
  promotionType: string;
  sort: string;
  startsAt: string;
  endsAt: string;
  enabled: boolean;
};

export const NoticeFormSchema = z
  .object({
    type: z.string(),
    execution: z.string(),
    audience: z.string(),
    language: z.string(),
    title: z.string(),
    content: z.string(),
    promotionType: z.string(),
    sort: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    enabled: z.boolean(),
  })
  .transform((form): z.input<typeof OpsNoticeCreateSchema> => ({
    ...form,
    // Checked by the pipe below; the selects only offer these.
    type: form.type as NoticeType,
    execution: form.execution as NoticeExecution,
    audience: form.audience as AnnouncementAudience,
    language: orNull(form.language),
    // Only a promotion (PR) has one; a value left in the hidden input of another type is not sent.
    promotionType: form.type === 'PR' ? orNull(form.promotionType) : null,
    sort: sortOf(form.sort),
    // Left empty: the server starts it now.
    startsAt: instantOf(form.startsAt) ?? undefined,
    endsAt: instantOf(form.endsAt),
  }))
  .pipe(OpsNoticeCreateSchema);

export const noticeFormOf = (notice: OpsNotice | null): NoticeForm => ({
  type: notice?.type ?? 'PU',
  execution: notice?.execution ?? 'B',
  audience: notice?.audience ?? 'PLAYERS',
  language: notice?.language ?? '',
  title: notice?.title ?? '',
  content: notice?.content ?? '',
  promotionType: notice?.promotionType ?? '',
  sort: String(notice?.sort ?? 0),
  startsAt: localInputOf(notice?.startsAt ?? null),
  endsAt: localInputOf(notice?.endsAt ?? null),
  enabled: notice?.enabled ?? true,
});

export type HelpForm = { lang: string; anchor: string; title: string; html: string; sort: string };

export const HelpFormSchema = z
  .object({ lang: z.string(), anchor: z.string(), title: z.string(), html: z.string(), sort: z.string() })
  .transform((form): z.input<typeof OpsHelpSectionCreateSchema> => ({ ...form, sort: sortOf(form.sort) }))
  .pipe(OpsHelpSectionCreateSchema);

export const helpFormOf = (section: OpsHelpSection | null, lang: string): HelpForm => ({
  lang: section?.lang ?? lang,
  anchor: section?.anchor ?? '',
  title: section?.title ?? '',
  html: section?.html ?? '',
  sort: String(section?.sort ?? 0),
});

/** The site's languages (loaded once per session of the page; they change rarely). */
export const useSiteLanguages = () =>
  useQuery({
    queryKey: contentKeys.languages,
    queryFn: ({ signal }) => getSiteLanguages(signal),
    staleTime: 5 * 60_000,
  });

/**
 * Options of a language picker: the site's languages, after "All languages" when `all` is set; `chosen` (an edited
 * entry's language) is added at the end when the site no longer offers it, so the select still shows it.
 */
export const useLanguageOptions = (all: boolean, chosen?: string) => {
  const { t } = useTranslation();
  const languages = useSiteLanguages().data?.supported ?? [];
  const options = [
    ...(all ? [{ value: '', label: t('content.allLanguages') }] : []),
    ...languages.map((language) => ({ value: language.code, label: `${language.label} (${language.code})` })),
  ];
  return chosen === undefined || options.some((option) => option.value === chosen)
    ? options
    : [...options, { value: chosen, label: chosen }];
};

/** "All languages" for null, else the code. */
export const languageLabel = (t: TFunction, language: string | null) =>
  language === null ? t('content.allLanguages') : language;

/** A same-site image path the preview may load (what ContentImagePathSchema accepts, roughly). */
export const previewable = (path: string) => /^\/(?![/\\])\S*$/.test(path.trim());
