import {
  API,
  NOTICE_TYPES,
  type Banner,
  type BannerGroup,
  type BannerList,
  type Notice,
  type NoticeExecution,
  type NoticeGroups,
} from '@platform/contracts';
import { apiRequest, invalidResponse } from '@/lib/api-client';

/**
 * The content calls (spec §7 notices; §3 banner). Banners and notices are on every page of the default layout, the
 * first page most players see, so responses are checked by shape here instead of through zod (ADR 0008: zod stays off
 * the first page); the server serializes them through the contracts' schemas.
 */

export const NOTICES_QUERY_ROOT = 'notices';
export const noticesQueryKeys = {
  banners: (group: BannerGroup, language: string) => [NOTICES_QUERY_ROOT, 'banners', group, language] as const,
  /** Language and login state are part of the key: a language change or a login loads them again (spec §4). */
  notices: (language: string, audience: 'member' | 'guest', execution: NoticeExecution) =>
    [NOTICES_QUERY_ROOT, 'list', language, audience, execution] as const,
};

/**
 * Every type in one call (spec §7 lists B,PL,PU,PR for the home and B,PL,PU,PR,H for the full list): the header bell
 * is on every page with the marquee and the popup, so one call of the superset serves all three.
 */
export const ALL_NOTICE_TYPES = NOTICE_TYPES.join(',');
const PLATFORM = 'W';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const invalid = () => invalidResponse();

const isBanner = (value: unknown): value is Banner =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  typeof value.imageUrl === 'string' &&
  typeof value.title === 'string' &&
  (value.url === null || typeof value.url === 'string');

const noticeTypes: readonly string[] = NOTICE_TYPES;

const isNotice = (value: unknown): value is Notice =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  typeof value.type === 'string' &&
  noticeTypes.includes(value.type) &&
  typeof value.title === 'string' &&
  typeof value.content === 'string' &&
  typeof value.publishedAt === 'string' &&
  (value.promotionType === null || typeof value.promotionType === 'string');

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/**
 * GET banners of one group (w_home, w_reg, w_forget, w_leftmenu), in the merchant's order. Without a language the
 * server answers in the merchant's default one.
 */
export const getBanners = async (group: BannerGroup, language?: string, signal?: AbortSignal): Promise<Banner[]> => {
  const value = await apiRequest<BannerList>(API.content.banners, {
    query: language === undefined ? { groupName: group } : { groupName: group, language },
    ...withSignal(signal),
  });
  if (!isRecord(value) || !Array.isArray(value.list) || !value.list.every(isBanner)) throw invalid();
  return value.list;
};

const GROUPS = ['banners', 'player', 'popup', 'promotion'] as const;

/**
 * GET notices. `execution` is what the client believes it is (A logged in, B guest); the server decides the audience
 * from the session (a guest asking for A gets B; a member's first-login session also gets the F notices).
 */
export const getNotices = async (
  execution: NoticeExecution,
  language: string,
  signal?: AbortSignal,
): Promise<NoticeGroups> => {
  const value = await apiRequest<NoticeGroups>(API.content.notices, {
    query: { types: ALL_NOTICE_TYPES, platform: PLATFORM, execution, language },
    ...withSignal(signal),
  });
  if (!isRecord(value)) throw invalid();
  for (const group of GROUPS) {
    const list = value[group];
    if (!Array.isArray(list) || !list.every(isNotice)) throw invalid();
  }
  return value;
};

/**
 * The home banner is the largest picture of the first page (its LCP). Its list is asked for at start-up, beside the
 * configuration, in the merchant's default language (the call without a language: a stored choice is not known to be
 * supported yet, and an unsupported one is a 400), and the first picture is preloaded as soon as the list is in: it
 * no longer waits for the configuration, the language pack and the first render. The banner query takes the answer
 * when the page turns out to be in the default language; otherwise it asks again.
 */
let early: Promise<Banner[]> | null = null;

const preloadImage = (href: string) => {
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', href);
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
};

export const prefetchHomeBanners = (): void => {
  early = getBanners('w_home').then((list) => {
    if (list[0]) preloadImage(list[0].imageUrl);
    return list;
  });
  // A failure here is harmless: the banner query asks again.
  early.catch(() => undefined);
};

/** The start-up answer, once, when the page is in the merchant's default language; null otherwise. */
export const takePrefetchedBanners = (language: string, defaultLanguage: string): Promise<Banner[]> | null => {
  const taken = early;
  early = null;
  return taken && language.toUpperCase() === defaultLanguage.toUpperCase() ? taken : null;
};
