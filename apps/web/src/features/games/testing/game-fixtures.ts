import type { FavouriteList, Game, GameList, VendorCard, VendorLanes } from '@platform/contracts';

/** Test data shaped as the catalogue calls answer (spec §3 game and vendor card). */
export function makeGame(overrides: Partial<Game> = {}): Game {
  const nodeId = overrides.nodeId ?? '101';
  return {
    nodeId,
    nodeName: `Game ${nodeId}`,
    gameName: `Game ${nodeId}`,
    displayName: `Game ${nodeId}`,
    showIcon: `/wps/game/art/game/${nodeId}.svg`,
    iconUrl: `/wps/game/art/game/${nodeId}.svg`,
    vassalage: 'EVO',
    vendorName: 'Evolution',
    gameType: 'LIVE',
    gameClassify: 'LIVE_TABLE',
    gameCode: `code_${nodeId}`,
    isGame: '',
    isHot: 0,
    isNew: 0,
    supportPlay: 1,
    minBet: '1.00',
    minLineNum: 0,
    ...overrides,
  };
}

export function makeVendor(overrides: Partial<VendorCard> = {}): VendorCard {
  const vassalage = overrides.vassalage ?? 'EVO';
  return {
    vassalage,
    displayName: vassalage,
    lagerIcon: `/wps/game/art/vendor/${vassalage}.svg`,
    logo: `/wps/game/art/logo/${vassalage}.svg`,
    gameType: 'LIVE',
    isGame: '',
    supportDemo: false,
    isNew: false,
    ...overrides,
  };
}

export const gameList = (games: Game[], pageNo = 1, totalPages = 1, total = games.length): GameList => ({
  games,
  pageNo,
  totalPages,
  total,
});

export const favouriteList = (games: Game[]): FavouriteList => ({
  content: games,
  ids: games.map((game) => game.nodeId),
  pageNum: 1,
  totalPages: 1,
});

export const lanesOf = (...lanes: VendorLanes['list']): VendorLanes => ({ list: lanes });
