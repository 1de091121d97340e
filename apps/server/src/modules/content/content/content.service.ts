import {
  formatMoney,
  isTrialType,
  type AgentAnnouncementPage,
  type AgentAnnouncementQuery,
  type BannerList,
  type GameCategory,
  type Notice,
  type NoticeExecution,
  type NoticeGroups,
  type NoticeQuery,
  type NoticeType,
  type WinnerBoard,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Session } from '../../identity/identity';
import type { Merchant, MerchantLanguage } from '../../platform/merchant';
import { maskName } from './mask-name';
import type { ContentRepository, NoticeRow, WinFilter } from './content.repository';

export type ContentServiceDeps = {
  repository: Pick<ContentRepository, 'liveBanners' | 'liveNotices' | 'liveAgentAnnouncements' | 'topWins'>;
  languages: (merchantId: number) => Promise<MerchantLanguage[]>;
  /** Identity's answer to "was this session opened by the member's first login?" (execution F). */
  isFirstLoginSession: (session: Session) => Promise<boolean>;
  now: Clock;
};

/** Who is asking for notices, as the session says (never as the query says). */
export type NoticeCaller = 'GUEST' | 'TRIAL' | 'MEMBER' | 'FIRST_LOGIN';

/**
 * The audiences a caller gets (spec §3: execution A logged in, B guest, F first login). The audience comes from the
 * session; `requested` (the query's execution) only narrows within it: a guest gets B whatever it asks; a member gets
 * A; on the session of its first login a member gets A and F, or F alone when it asks for F. Asking for an audience
 * the session does not have (a member asking for B, a guest for A) is answered with the session's own audience.
 */
export const noticeAudience = (caller: NoticeCaller, requested: NoticeExecution): NoticeExecution[] => {
  // A trial (free-play) member is logged in but has no real account (spec §1: blocked from real-account actions):
  // A and F speak to real accounts (deposits, bonuses, first-login offers), so it reads what a guest reads.
  if (caller === 'GUEST' || caller === 'TRIAL') return ['B'];
  if (caller === 'MEMBER') return ['A'];
  return requested === 'F' ? ['F'] : ['A', 'F'];
};

/** Notice type → group of the response (spec §3: banners, player, popup, promotion). */
const GROUP_OF: Record<NoticeType, keyof NoticeGroups> = {
  B: 'banners',
  PL: 'player',
  H: 'player',
  PU: 'popup',
  PR: 'promotion',
};

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

const toNotice = (row: NoticeRow): Notice => ({
  id: row.id.toString(),
  type: row.type,
  title: row.title,
  content: row.content,
  promotionType: row.promotionType,
  execution: row.execution,
  publishedAt: iso(row.startsAt),
});

/** A merchant setting such as esport_game ("TF" or "TF,IA"): vendor codes. */
const vendorCodes = (setting: string): string[] =>
  setting
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');

/** Spec §2: the e-sport and cock-fight vendors are SPORTS vendors shown as their own categories after SPORTS. */
export const winFilterOf = (
  merchant: Pick<Merchant, 'esportGame' | 'cockfightGame'>,
  category: GameCategory | 'ALL',
): WinFilter => {
  const esports = vendorCodes(merchant.esportGame);
  const cockfight = vendorCodes(merchant.cockfightGame);
  switch (category) {
    case 'ALL':
      return { gameType: null, vendorIn: null, vendorNotIn: null };
    case 'ESPORTS':
      return { gameType: 'SPORTS', vendorIn: esports, vendorNotIn: null };
    case 'COCKFIGHT':
      return { gameType: 'SPORTS', vendorIn: cockfight, vendorNotIn: null };
    case 'SPORTS':
      return { gameType: 'SPORTS', vendorIn: null, vendorNotIn: [...esports, ...cockfight] };
    default:
      return { gameType: category, vendorIn: null, vendorNotIn: null };
  }
};

/** The public side of lobby content: banners, notices and the winner board. */
export const contentServiceFactory = ({ repository, languages, isFirstLoginSession, now }: ContentServiceDeps) => {
  /** The query's language as the merchant spells it; none: the merchant's default; one it lacks: 400. */
  const languageOf = async (merchant: Merchant, requested: string | undefined): Promise<string> => {
    if (requested === undefined) return merchant.defaultLanguage;
    const wanted = requested.trim().toUpperCase();
    const found = (await languages(merchant.id)).find((language) => language.code.toUpperCase() === wanted);
    if (found === undefined) {
      throw new AppError('UNSUPPORTED_LANGUAGE', 400, `Language ${requested} is not supported by this site`);
    }
    return found.code;
  };

  const callerOf = async (session: Session | null): Promise<NoticeCaller> => {
    if (session === null) return 'GUEST';
    if (isTrialType(session.type)) return 'TRIAL';
    return (await isFirstLoginSession(session)) ? 'FIRST_LOGIN' : 'MEMBER';
  };

  return {
    languageOf,

    banners: async (
      merchant: Merchant,
      query: { groupName: BannerList['list'][number]['groupName']; language?: string },
      nowMs: number,
    ): Promise<BannerList> => {
      const language = await languageOf(merchant, query.language);
      const rows = await repository.liveBanners(merchant.id, query.groupName, language, nowMs);
      return {
        list: rows.map((row) => ({
          id: row.id.toString(),
          groupName: row.groupName,
          imageUrl: row.imageUrl,
          url: row.url,
          title: row.title,
        })),
      };
    },

    notices: async (merchant: Merchant, session: Session | null, query: NoticeQuery): Promise<NoticeGroups> => {
      const language = await languageOf(merchant, query.language);
      const executions = noticeAudience(await callerOf(session), query.execution);
      const types = [...new Set(query.types.split(','))] as NoticeType[];
      const rows = await repository.liveNotices(merchant.id, { executions, types, language }, now());
      const groups: NoticeGroups = { banners: [], player: [], popup: [], promotion: [] };
      // Rows come in one order (sort, newest first), so PL and H keep it when they share the player group.
      for (const row of rows) groups[GROUP_OF[row.type]].push(toNotice(row));
      return groups;
    },

    /**
     * Announcements for agents (spec §2 agentAnnouncement), live now in the query's language, paged. The route lets
     * only agents call it; the lobby's notices never include these.
     */
    agentAnnouncements: async (merchant: Merchant, query: AgentAnnouncementQuery): Promise<AgentAnnouncementPage> => {
      const language = await languageOf(merchant, query.language);
      const { rows, total } = await repository.liveAgentAnnouncements(merchant.id, language, now(), query);
      return {
        list: rows.map((row) => ({
          id: row.id.toString(),
          type: row.type,
          title: row.title,
          content: row.content,
          publishedAt: iso(row.startsAt),
          endsAt: row.endsAt === null ? null : iso(row.endsAt),
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    winners: async (
      merchant: Merchant,
      query: { gameCategory: GameCategory | 'ALL'; language?: string; limitNum: number },
    ): Promise<WinnerBoard> => {
      const language = await languageOf(merchant, query.language);
      const rows = await repository.topWins(
        merchant.id,
        merchant.currencyCode,
        winFilterOf(merchant, query.gameCategory),
        query.limitNum,
      );
      return {
        list: rows.map((row) => ({
          iconUrl: row.iconUrl,
          gameName: row.names[language] ?? row.names.EN ?? '',
          customerName: maskName(row.customerName),
          winAmount: formatMoney(row.winMinor, merchant.currencyScale),
        })),
      };
    },
  };
};

export type ContentService = ReturnType<typeof contentServiceFactory>;
