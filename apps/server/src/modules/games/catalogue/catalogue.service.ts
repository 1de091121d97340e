import {
  formatMoney,
  GAME_CATEGORIES,
  GAME_TYPES,
  MAX_GAME_PAGE_SIZE,
  VASSALAGE,
  type Game,
  type GameCategory,
  type GameList,
  type GameListQuery,
  type GameListValue,
  type GameType,
  type VendorCard,
  type VendorGameTypes,
  type VendorLanes,
  type VendorList,
} from '@platform/contracts';
import type { Merchant } from '../../platform/merchant';
import type { CatalogueRepository, GameFilter, GameRow, VendorCardRow } from './catalogue.repository';
import { containsPattern, normalizeSearch } from './search-text';

/** What a public catalogue call knows of its merchant (resolved once per few seconds, not per request). */
export type CatalogueContext = { merchant: Merchant; languages: readonly string[] };

/** The language a call answers in: the requested one when the merchant supports it, else the merchant's default. */
export const languageOf = (ctx: CatalogueContext, requested: string | undefined): string => {
  const code = requested?.trim().toUpperCase();
  return code !== undefined && ctx.languages.includes(code) ? code : ctx.merchant.defaultLanguage;
};

export const nameOf = (names: Readonly<Record<string, string>>, language: string, fallback: string): string =>
  names[language] ?? names.EN ?? fallback;

export const toGameWire = (row: GameRow, language: string, scale: number): Game => {
  const name = nameOf(row.names, language, row.gameCode);
  return {
    nodeId: row.id.toString(),
    nodeName: name,
    gameName: name,
    displayName: name,
    showIcon: row.iconUrl,
    iconUrl: row.iconUrl,
    vassalage: row.vendorCode,
    vendorName: row.vendorName,
    gameType: row.gameType,
    gameClassify: row.gameClassify,
    gameCode: row.gameCode,
    isGame: row.opensPopup ? VASSALAGE : '',
    isHot: row.isHot ? 1 : 0,
    isNew: row.isNew ? 1 : 0,
    supportPlay: row.freeTrial ? 0 : 1,
    minBet: formatMoney(row.minBetMinor, scale),
    minLineNum: row.minLineNum,
  };
};

const toCardWire = (row: VendorCardRow): VendorCard => ({
  vassalage: row.vendorCode,
  displayName: row.displayName,
  lagerIcon: row.largeIconUrl,
  logo: row.logoUrl,
  gameType: row.gameType,
  isGame: row.opensPopup ? VASSALAGE : '',
  supportDemo: row.supportDemo,
  isNew: row.isNew,
});

/** "12.345" at scale 2 → 1234n: a stake filter keeps games whose smallest stake is at most it, so truncating is exact. */
export const floorMinor = (decimal: string, scale: number): bigint => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.slice(0, scale).padEnd(scale, '0') || '0');
};

/** Which lobby category a vendor card belongs to (spec §2: SPORTS split by the merchant's e-sport/cock-fight vendor). */
export const categoryOf = (merchant: Merchant, card: { vendorCode: string; gameType: GameType }): GameCategory => {
  if (card.gameType === 'SPORTS' && card.vendorCode === merchant.esportGame) return 'ESPORTS';
  if (card.gameType === 'SPORTS' && card.vendorCode === merchant.cockfightGame) return 'COCKFIGHT';
  return card.gameType;
};

/** BINGO shows only when the merchant supports TY (spec §2). */
const BINGO_LANGUAGE = 'TY';

export const catalogueServiceFactory = ({ repository }: { repository: CatalogueRepository }) => {
  const games = async (ctx: CatalogueContext, query: GameListQuery): Promise<GameList> => {
    const search = query.gameName === undefined ? '' : normalizeSearch(query.gameName);
    const filter: GameFilter = {
      gameType: query.gameType,
      vendorCode: query.vassalage,
      gameClassify: query.gameClassify,
      searchPattern: search === '' ? undefined : containsPattern(search),
      maxMinBetMinor: query.minBet === undefined ? undefined : floorMinor(query.minBet, ctx.merchant.currencyScale),
      maxLineNum: query.minLineNum,
      hot: query.filter === 'HOT',
      isNew: query.filter === 'NEW',
    };
    const { rows, total } = await repository.page(
      ctx.merchant.id,
      filter,
      query.pageSize,
      (query.pageNo - 1) * query.pageSize,
    );
    const language = languageOf(ctx, query.language);
    return {
      games: rows.map((row) => toGameWire(row, language, ctx.merchant.currencyScale)),
      totalPages: Math.ceil(total / query.pageSize),
      pageNo: query.pageNo,
      total,
    };
  };

  /** Hot games in list order (at most MAX_GAME_PAGE_SIZE; the home page shows 12 and expands). */
  const hot = async (
    ctx: CatalogueContext,
    query: { vassalage?: string; gameType?: GameType; language?: string },
  ): Promise<GameListValue> => {
    const { rows } = await repository.page(
      ctx.merchant.id,
      { hot: true, vendorCode: query.vassalage, gameType: query.gameType },
      MAX_GAME_PAGE_SIZE,
      0,
    );
    const language = languageOf(ctx, query.language);
    return {
      list: rows.map((row) => toGameWire(row, language, ctx.merchant.currencyScale)),
      totalPages: rows.length > 0 ? 1 : 0,
    };
  };

  const lanes = async (ctx: CatalogueContext): Promise<VendorLanes> => {
    const cards = await repository.vendorCards(ctx.merchant.id);
    const bingo = ctx.languages.includes(BINGO_LANGUAGE);
    const list = GAME_CATEGORIES.filter((category) => category !== 'BINGO' || bingo)
      .map((category) => ({
        gameCategory: category,
        title: `games.categories.${category}`,
        cards: cards.filter((card) => categoryOf(ctx.merchant, card) === category).map(toCardWire),
      }))
      .filter((lane) => lane.cards.length > 0);
    return { list };
  };

  const vendorTypes = async (ctx: CatalogueContext): Promise<VendorGameTypes> => {
    const byVendor = new Map<string, Set<GameType>>();
    for (const card of await repository.vendorCards(ctx.merchant.id)) {
      const types = byVendor.get(card.vendorCode) ?? new Set<GameType>();
      types.add(card.gameType);
      byVendor.set(card.vendorCode, types);
    }
    return {
      list: [...byVendor].map(([vassalage, types]) => ({
        vassalage,
        gameTypes: GAME_TYPES.filter((type) => types.has(type)),
      })),
    };
  };

  const newVendors = async (ctx: CatalogueContext): Promise<VendorList> => ({
    list: (await repository.vendorCards(ctx.merchant.id)).filter((c) => c.isNew || c.hasNewGames).map(toCardWire),
  });

  return { games, hot, lanes, vendorTypes, newVendors };
};

export type CatalogueService = ReturnType<typeof catalogueServiceFactory>;
