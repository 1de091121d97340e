/**
 * The catalogue's plain constants and names (issue 5), without zod: the first page imports these, and a module that
 * builds schemas would bring zod into the initial bundle (ADR 0008). catalogue.ts re-exports everything here.
 */

/** A vendor's product line (spec §3 vendor card gameType). SPORTS vendors are split on the lobby (see GameCategory). */
export const GAME_TYPES = ['LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'LOTT', 'ELOTT', 'BINGO'] as const;

/**
 * Lobby categories (spec §2 home lobby), in menu order after HOME and FAV. ESPORTS and COCKFIGHT are SPORTS vendors
 * named by the merchant's e-sport and cock-fight lists; BINGO shows only when the merchant supports TY.
 */
export const GAME_CATEGORIES = [
  'LIVE',
  'RNG',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
  'BINGO',
] as const;

/** A game's family inside its type (spec §3 gameClassify). The "other games" list (§2) is the last six. */
export const GAME_CLASSIFIES = [
  'SLOT',
  'LIVE_TABLE',
  'FISHING',
  'CARD',
  'SPORTSBOOK',
  'LOTTERY',
  'SCRATCH',
  'VIDEO_POKER',
  'JACKPOT',
  'TABLE',
  'ARCADE',
  'BINGO',
] as const;

export const OTHER_GAME_CLASSIFIES: readonly GameClassify[] = [
  'SCRATCH',
  'VIDEO_POKER',
  'JACKPOT',
  'TABLE',
  'ARCADE',
  'BINGO',
];

/** isGame VASSALAGE: the vendor (or its game entry) opens a popup list of its games instead of launching. */
export const VASSALAGE = 'VASSALAGE';

/** supportPlay 0 means a free trial is available (spec §3). */
export const SUPPORT_PLAY_FREE_TRIAL = 0;

/** Vendors routed to a lottery page instead of a launch (spec §4 game start). */
export const LOTTERY_VENDOR_ROUTES: Readonly<Record<string, string>> = {
  TCG_LOTTO_VN: '/vnLottery',
  TCG_SEA: '/seaLottery',
  LOTT: '/lottery',
  ELOTT: '/lottery',
};

/** Prize mode is ELOTT when one of these vendors is present, LOTT otherwise (spec §4). */
export const E_LOTTERY_VENDORS: readonly string[] = ['TCG_LOTTO_VN', 'LOTT'];

export const MAX_GAME_PAGE_SIZE = 100;

/** Most characters a game-name search may carry. */
export const GAME_SEARCH_MAX_LENGTH = 64;

/** GET favourites (T): pageNo, pageSize 999. */
export const FAVOURITES_PAGE_SIZE = 999;

/** Most favourites a member keeps; adding one more is refused with FAVOURITES_FULL. */
export const MAX_FAVOURITES = 500;

/** GET recent games (T): pageNo 1, pageSize 12, gameType (RNG on the lobby). Recorded at each launch. */
export const RECENT_GAMES_PAGE_SIZE = 12;

/** Banner groups (spec §3). */
export const BANNER_GROUPS = ['w_home', 'w_reg', 'w_forget', 'w_leftmenu'] as const;

/**
 * Notice types (spec §7): B banner notice, PL player notice (the marquee), PU popup (announcement popup), PR
 * promotion (popup item with a Go button to the reward centre), H history (older notices, listed only under the bell).
 */
export const NOTICE_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;

/** Execution (audience): A logged in, B guest, F first login (spec §3). */
export const NOTICE_EXECUTIONS = ['A', 'B', 'F'] as const;

/** Session storage keys of the announcement popup (spec §2: per session, per audience). */
export const POPUP_STORAGE_KEYS = { USER: 'USER', ANONYMOUS: 'ANONYMOUS' } as const;

/** Session storage keys of the lobby caches (spec §9: hot games and vendor list cached in the session). */
export const GAME_SESSION_KEYS = { hotGames: 'HOT_GAMES', vendors: 'gameVendor' } as const;

export const GAME_STATUSES = ['ACTIVE', 'MAINTENANCE', 'DISABLED'] as const;

export type GameType = (typeof GAME_TYPES)[number];
export type GameCategory = (typeof GAME_CATEGORIES)[number];
export type GameClassify = (typeof GAME_CLASSIFIES)[number];
export type BannerGroup = (typeof BANNER_GROUPS)[number];
export type NoticeType = (typeof NOTICE_TYPES)[number];
export type NoticeExecution = (typeof NOTICE_EXECUTIONS)[number];
export type GameStatus = (typeof GAME_STATUSES)[number];
/** The lobby's current game type: HOME and FAV, then a category (spec §4: starts at HOME). */
export type LobbyGameType = 'HOME' | 'FAV' | GameCategory;
