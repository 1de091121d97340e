import { ROUTES, type GameCategory, type GameType } from '@platform/contracts';

/** A game lobby page (spec §2 game lobby per type): which category its vendors come from and which games it lists. */
export type LobbyPage = {
  category: GameCategory;
  gameType: GameType;
  /** Game centres sell vendors (sports, e-sports, lottery): their tiles come first. */
  centre: boolean;
};

/** Route → lobby (spec §2 route table). E-sports are SPORTS vendors named by the merchant's e-sport list. */
export const LOBBY_PAGES: Readonly<Record<string, LobbyPage>> = {
  [ROUTES.live]: { category: 'LIVE', gameType: 'LIVE', centre: false },
  [ROUTES.fish]: { category: 'FISH', gameType: 'FISH', centre: false },
  [ROUTES.rng]: { category: 'RNG', gameType: 'RNG', centre: false },
  [ROUTES.pvp]: { category: 'PVP', gameType: 'PVP', centre: false },
  [ROUTES.sports]: { category: 'SPORTS', gameType: 'SPORTS', centre: true },
  [ROUTES.esports]: { category: 'ESPORTS', gameType: 'SPORTS', centre: true },
  [ROUTES.lott]: { category: 'LOTT', gameType: 'LOTT', centre: true },
  [ROUTES.elott]: { category: 'ELOTT', gameType: 'ELOTT', centre: true },
};

/**
 * Categories cut out of a game type (spec §2: e-sports and cockfight vendors leave SPORTS). Their games can only be
 * listed per vendor, so these lobbies have no "all vendors" entry: the first vendor is chosen.
 */
export const SPLIT_CATEGORIES: ReadonlySet<GameCategory> = new Set(['ESPORTS', 'COCKFIGHT']);

export const lobbyPageOf = (pathname: string): LobbyPage | null => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return LOBBY_PAGES[path] ?? LOBBY_PAGES[path.toLowerCase()] ?? null;
};
