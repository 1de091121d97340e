import { ANNOUNCEMENTS_PER_PAGE, type Notice, type NoticeGroups } from '@platform/contracts';

/** Newest first; notices published at the same instant keep the server's order. */
const newestFirst = (list: readonly Notice[]): Notice[] =>
  list
    .map((notice, index) => ({ notice, index, at: Date.parse(notice.publishedAt) || 0 }))
    .sort((a, b) => b.at - a.at || a.index - b.index)
    .map((entry) => entry.notice);

const unique = (list: readonly Notice[]): Notice[] => {
  const seen = new Set<string>();
  return list.filter((notice) => !seen.has(notice.id) && Boolean(seen.add(notice.id)));
};

export type NoticeLists = {
  /** The marquee (spec §7 "player"): player notices of type PL; H (history) is only listed under the bell. */
  marquee: Notice[];
  /** The announcement popup: popup (PU) and promotion (PR) notices, as the server filtered them for the audience. */
  popup: Notice[];
  /** The bell's full list: every type (B, PL, PU, PR, H). */
  all: Notice[];
};

export const noticeLists = (groups: NoticeGroups): NoticeLists => ({
  marquee: groups.player.filter((notice) => notice.type === 'PL'),
  popup: unique(newestFirst([...groups.popup, ...groups.promotion])),
  all: unique(newestFirst([...groups.banners, ...groups.player, ...groups.popup, ...groups.promotion])),
});

export const pageCount = (total: number, perPage: number = ANNOUNCEMENTS_PER_PAGE): number =>
  Math.max(1, Math.ceil(total / perPage));

/** Page `page` (1-based) of `list`. */
export const pageItems = <T>(list: readonly T[], page: number, perPage: number = ANNOUNCEMENTS_PER_PAGE): T[] =>
  list.slice((page - 1) * perPage, page * perPage);

/** The page that holds notice `id`, or 1 when it is not in the list. */
export const pageOf = (
  list: readonly Notice[],
  id: string | null,
  perPage: number = ANNOUNCEMENTS_PER_PAGE,
): number => {
  const index = id === null ? -1 : list.findIndex((notice) => notice.id === id);
  return index < 0 ? 1 : Math.floor(index / perPage) + 1;
};

/** The line shows each notice's title and the start of its text, on one line. */
const SNIPPET_MAX_CHARACTERS = 140;

export const snippetOf = (content: string): string => {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > SNIPPET_MAX_CHARACTERS ? `${line.slice(0, SNIPPET_MAX_CHARACTERS - 1)}…` : line;
};
