import { z } from 'zod';
import { VendorCodeSchema } from './vendor-wallet';
import {
  BANNER_GROUPS,
  FAVOURITES_PAGE_SIZE,
  GAME_CATEGORIES,
  GAME_CLASSIFIES,
  GAME_SEARCH_MAX_LENGTH,
  GAME_STATUSES,
  GAME_TYPES,
  MAX_GAME_PAGE_SIZE,
  NOTICE_EXECUTIONS,
  NOTICE_TYPES,
  RECENT_GAMES_PAGE_SIZE,
} from './catalogue-constants';

export * from './catalogue-constants';

/**
 * Game catalogue and lobby wire (issue 5; spec §3 game, vendor card, category, favourite, game list, hot list,
 * recent list, winner board; §7 games). Field names are the spec's, typos included (`lagerIcon`). Ids are strings.
 */

export const GameTypeSchema = z.enum(GAME_TYPES);

export const GameCategorySchema = z.enum(GAME_CATEGORIES);

export const GameClassifySchema = z.enum(GAME_CLASSIFIES);

export const NodeIdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,18}$/, 'must be a game id');

/** Spec §3 vendor card. Images are paths on our own origin (no external images). */
export const VendorCardSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  /** The large tile image (the spec's field name). */
  lagerIcon: z.string(),
  logo: z.string(),
  gameType: GameTypeSchema,
  /** VASSALAGE: clicking the vendor opens its popup game list; empty otherwise. */
  isGame: z.string(),
  /** The vendor offers a demo (trial members may launch it with play money; issue 6). */
  supportDemo: z.boolean(),
  isNew: z.boolean(),
});
export type VendorCard = z.infer<typeof VendorCardSchema>;

/** Spec §3 game. */
export const GameSchema = z.object({
  nodeId: z.string(),
  nodeName: z.string(),
  gameName: z.string(),
  displayName: z.string(),
  showIcon: z.string(),
  iconUrl: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  gameType: GameTypeSchema,
  gameClassify: GameClassifySchema,
  gameCode: z.string(),
  isGame: z.string(),
  /** 1 hot, 0 not (spec §3). */
  isHot: z.union([z.literal(0), z.literal(1)]),
  isNew: z.union([z.literal(0), z.literal(1)]),
  /** 0: a free trial is available (spec §3). */
  supportPlay: z.union([z.literal(0), z.literal(1)]),
  /** Smallest stake, decimal string in the merchant's currency. */
  minBet: z.string(),
  minLineNum: z.number().int(),
});
export type Game = z.infer<typeof GameSchema>;

const optionalText = (schema: z.ZodString) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * GET games (spec §7): clientType 3, platform, merchant, gameType, vassalage, gameClassify, gameName, minBet,
 * minLineNum, pageNo, pageSize (12 home, 18 lobby, 42 default, at most MAX_GAME_PAGE_SIZE), language. Unknown
 * query keys are ignored; a bad value is 400 VALIDATION_FAILED.
 */
export const GameListQuerySchema = z.object({
  clientType: optionalText(z.string().regex(/^\d{1,2}$/)),
  platform: optionalText(z.string().max(64)),
  channel: optionalText(z.string().max(64)),
  merchant: optionalText(z.string().max(64)),
  gameType: z.preprocess((v) => (v === '' ? undefined : v), GameTypeSchema.optional()),
  vassalage: z.preprocess((v) => (v === '' ? undefined : v), VendorCodeSchema.optional()),
  gameClassify: z.preprocess((v) => (v === '' ? undefined : v), GameClassifySchema.optional()),
  gameName: optionalText(z.string().max(GAME_SEARCH_MAX_LENGTH)),
  /** Games whose smallest stake is at most this (decimal string). */
  minBet: optionalText(z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, 'must be an amount')),
  /** Games with at most this many lines. */
  minLineNum: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(10_000).optional()),
  /** HOT: only hot games; NEW: only new games (lobby filter tabs). */
  filter: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['HOT', 'NEW']).optional()),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_GAME_PAGE_SIZE).default(42),
  language: optionalText(z.string().max(16)),
});
export type GameListQuery = z.infer<typeof GameListQuerySchema>;

export const GameListSchema = z.object({
  games: z.array(GameSchema),
  totalPages: z.number().int(),
  pageNo: z.number().int(),
  total: z.number().int(),
});
export type GameList = z.infer<typeof GameListSchema>;

/** GET hot games (spec §7): merchantCode, isPlatform 2, vassalage, platform, language. Cached in session storage. */
export const HotGamesQuerySchema = z.object({
  merchantCode: optionalText(z.string().max(64)),
  isPlatform: optionalText(z.string().max(4)),
  vassalage: z.preprocess((v) => (v === '' ? undefined : v), VendorCodeSchema.optional()),
  gameType: z.preprocess((v) => (v === '' ? undefined : v), GameTypeSchema.optional()),
  platform: optionalText(z.string().max(64)),
  language: optionalText(z.string().max(16)),
});
export type HotGamesQuery = z.infer<typeof HotGamesQuerySchema>;
export const GameListValueSchema = z.object({ list: z.array(GameSchema), totalPages: z.number().int() });
export type GameListValue = z.infer<typeof GameListValueSchema>;

/** Spec §3 game category: a lobby lane with its vendor cards. */
export const VendorLaneSchema = z.object({
  gameCategory: GameCategorySchema,
  /** i18n key of the title (`games.categories.<category>`). */
  title: z.string(),
  cards: z.array(VendorCardSchema),
});
export type VendorLane = z.infer<typeof VendorLaneSchema>;
/** GET vendor lanes: the lobby's categories in menu order, each with at least one vendor. Cached in session. */
export const VendorLanesSchema = z.object({ list: z.array(VendorLaneSchema) });
export type VendorLanes = z.infer<typeof VendorLanesSchema>;

/** GET vendor game types: which game types each vendor offers. */
export const VendorGameTypesSchema = z.object({
  list: z.array(z.object({ vassalage: z.string(), gameTypes: z.array(GameTypeSchema) })),
});
export type VendorGameTypes = z.infer<typeof VendorGameTypesSchema>;

/** GET new game vendors: vendors marked new or with new games. */
export const VendorListSchema = z.object({ list: z.array(VendorCardSchema) });
export type VendorList = z.infer<typeof VendorListSchema>;

/** Favourite add (POST) and remove (DELETE) payload (spec §3). Idempotent both ways. */
export const FavouriteRequestSchema = z.object({
  nodeId: NodeIdSchema,
  vendor: VendorCodeSchema,
  gameType: GameTypeSchema,
});
export type FavouriteRequest = z.infer<typeof FavouriteRequestSchema>;
export const FavouritesQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(FAVOURITES_PAGE_SIZE).default(FAVOURITES_PAGE_SIZE),
  gameType: z.preprocess((v) => (v === '' ? undefined : v), GameTypeSchema.optional()),
  language: optionalText(z.string().max(16)),
});
export const FavouriteListSchema = z.object({
  content: z.array(GameSchema),
  /** Every favourite's nodeId as a string (spec §3 "ids kept as strings"). */
  ids: z.array(z.string()),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
});
export type FavouriteList = z.infer<typeof FavouriteListSchema>;
/** The answer to adding or removing a favourite: every favourite's nodeId as a string. */
export const FavouriteIdsSchema = z.object({ ids: z.array(z.string()) });

export const RecentQuerySchema = z.object({
  clientType: optionalText(z.string().regex(/^\d{1,2}$/)),
  vassalage: z.preprocess((v) => (v === '' ? undefined : v), VendorCodeSchema.optional()),
  gameType: z.preprocess((v) => (v === '' ? undefined : v), GameTypeSchema.optional()),
  pageNo: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(RECENT_GAMES_PAGE_SIZE).default(RECENT_GAMES_PAGE_SIZE),
  language: optionalText(z.string().max(16)),
});

/** Winner board (spec §3): list sorted by winAmount descending; customerName partly masked. */
export const WinnerBoardQuerySchema = z.object({
  gameCategory: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['ALL', ...GAME_CATEGORIES]).default('ALL')),
  language: optionalText(z.string().max(16)),
  limitNum: z.coerce.number().int().min(1).max(50).default(20),
});
export const WinnerSchema = z.object({
  iconUrl: z.string(),
  gameName: z.string(),
  customerName: z.string(),
  winAmount: z.string(),
});
export type Winner = z.infer<typeof WinnerSchema>;
export const WinnerBoardSchema = z.object({ list: z.array(WinnerSchema) });
export type WinnerBoard = z.infer<typeof WinnerBoardSchema>;

export const BannerGroupSchema = z.enum(BANNER_GROUPS);
export const BannerSchema = z.object({
  id: z.string(),
  groupName: BannerGroupSchema,
  /** Image path on our origin. */
  imageUrl: z.string(),
  /** Where a click goes; null when the banner does not link. */
  url: z.string().nullable(),
  title: z.string(),
});
export type Banner = z.infer<typeof BannerSchema>;
export const BannerQuerySchema = z.object({ groupName: BannerGroupSchema, language: optionalText(z.string().max(16)) });
export const BannerListSchema = z.object({ list: z.array(BannerSchema) });
export type BannerList = z.infer<typeof BannerListSchema>;

export const NoticeTypeSchema = z.enum(NOTICE_TYPES);
export const NoticeExecutionSchema = z.enum(NOTICE_EXECUTIONS);

export const NoticeQuerySchema = z.object({
  /** Comma separated, e.g. B,PL,PU,PR (home) or B,PL,PU,PR,H. */
  types: z
    .string()
    .trim()
    .regex(/^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H))*$/, 'must be notice types such as B,PL,PU,PR,H')
    .default('B,PL,PU,PR,H'),
  platform: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['W']).default('W')),
  /**
   * The audience the client believes it is. The server derives the real audience from the session (a guest asking
   * for A or F gets B); F is honoured only on a member's first login session.
   */
  execution: z.preprocess((v) => (v === '' ? undefined : v), NoticeExecutionSchema.default('B')),
  language: optionalText(z.string().max(16)),
});
export type NoticeQuery = z.infer<typeof NoticeQuerySchema>;

export const NoticeSchema = z.object({
  id: z.string(),
  type: NoticeTypeSchema,
  title: z.string(),
  /** Plain text; line breaks are kept. */
  content: z.string(),
  /** Set on PR items: which reward-centre promotion the Go button opens; null otherwise. */
  promotionType: z.string().nullable(),
  /** The audience this notice was published for. */
  execution: NoticeExecutionSchema,
  /** ISO 8601, when it was published (start of its schedule). */
  publishedAt: z.string(),
});
export type Notice = z.infer<typeof NoticeSchema>;
/** GET notices: banners (B), player (PL and H), popup (PU), promotion (PR); each newest first. */
export const NoticeGroupsSchema = z.object({
  banners: z.array(NoticeSchema),
  player: z.array(NoticeSchema),
  popup: z.array(NoticeSchema),
  promotion: z.array(NoticeSchema),
});
export type NoticeGroups = z.infer<typeof NoticeGroupsSchema>;

/**
 * POST launchGame (T): which game, and the lobby's language code (EN, TY...) the game opens in (the merchant's default
 * when missing or not one of its languages). `demo: true` is the game card's free trial: the game opens in its
 * vendor's demo mode on the member's play money, never on cash (a trial member always plays so). A vendor without a
 * demo refuses it with DEMO_NOT_SUPPORTED.
 */
/** `language` and `theme`: what the player reads the lobby in, so the game opens alike (default: the merchant's). */
export const LaunchRequestSchema = z.object({
  nodeId: NodeIdSchema,
  language: z.string().max(16).optional(),
  theme: z.enum(['dark', 'light']).optional(),
  demo: z.boolean().optional(),
});
export type LaunchRequest = z.infer<typeof LaunchRequestSchema>;
/** Where the vendor's game client is (opened by the web app). */
export const LaunchResultSchema = z.object({ url: z.string().min(1) });
export type LaunchResult = z.infer<typeof LaunchResultSchema>;

export const GameStatusSchema = z.enum(GAME_STATUSES);
/** PATCH /wps/ops/games/:nodeId (staff; the back office of issue 7): at least one field. */
export const GamePatchSchema = z
  .object({
    isHot: z.boolean().optional(),
    isNew: z.boolean().optional(),
    status: GameStatusSchema.optional(),
    sort: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  })
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'name at least one field');
export type GamePatch = z.infer<typeof GamePatchSchema>;
