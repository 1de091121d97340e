import { API } from '@platform/contracts';
import { apiRequest, ApiError, invalidResponse, networkFailure } from '@/lib/api-client';

/**
 * The lottery gateway's calls (spec §7 "Lottery": game menus per prize mode, the Vietnamese menu, recent results). The
 * gateway is a vendor: the platform's session token never goes to it. Public reads carry no token; betting carries the
 * gateway's own page session, swapped from the platform's launch of the game (`/wps/game/launchGame`).
 */
export type PrizeMode = 'LOTT' | 'ELOTT' | 'SEA' | 'VN';
export type LotteryIssue = {
  issueNo: string;
  state: string;
  commitment: string;
  opensAt: string;
  closesAt: string;
  drawAt: string;
  seed: string | null;
  numbers: string[] | null;
  /** The province a regional VN draw is held for (stations rotate by weekday), else null. */
  station?: string | null;
};
export type LotteryMenuItem = {
  gameCode: string;
  /** A regional VN draw's name carries the province its issue on offer is held for ("Vietnam South · Bến Tre"). */
  name: { en: string; ty: string };
  vendor: string;
  family: string;
  region: string | null;
  /** A regional VN draw's station slot (1 = the day's main station; ADR 0050), else null. */
  slot?: number | null;
  /** The province of the issue on offer (regional VN draws), else null. */
  station?: string | null;
  suspended: boolean;
  current: LotteryIssue | null;
  latest: LotteryIssue | null;
};
export type LotteryMethodInfo = {
  method: string;
  rule: string;
  rows: { rows: number; min: number; max: number; fill: 'all' | 'any'; minPicks: number };
  ticketUnits: number;
  odds: { key: string; odds: string; rtp: number }[];
};
export type LotteryMethods = { units: string[]; methods: LotteryMethodInfo[] };
export type BetPlaced = { betId: string; issueNo: string; count: number; cost: string; balance: string };
export type MyLotteryBet = {
  betId: string;
  gameCode: string;
  issueNo: string;
  /** The province of a regional VN draw the bet is on, else null. */
  station?: string | null;
  method: string;
  picks: number[][];
  count: number;
  cost: string;
  state: 'PLACED' | 'SETTLED' | 'REFUNDING' | 'REFUNDED';
  win: string | null;
  chaseId: string | null;
  verify: { commitment: string; seed: string | null; numbers: number[] | null };
};
/** A refused bet whose issue closed names the issue taking bets now (openIssueNo), if any. */
export type ClosedRefusal = { issueNo: string | null; openIssueNo: string | null; nextIssueNo: string | null };
export type ChasePlaced = { chaseId: string; issues: string[]; total: string; balance: string };

type Envelope<T> = { success?: boolean; value?: T; code?: string; message?: string };

/** The gateway's clock minus this device's, from the last menu read: countdowns follow the draw engine, not the device. */
let serverOffsetMs = 0;
export const serverNow = (): number => Date.now() + serverOffsetMs;
const noteServerTime = (iso: string | undefined): void => {
  const at = iso === undefined ? NaN : Date.parse(iso);
  if (Number.isFinite(at)) serverOffsetMs = at - Date.now();
};

const lgw = async <T>(path: string, init: RequestInit = {}, session?: string): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(session === undefined ? {} : { authorization: `Bearer ${session}` }),
      },
    });
  } catch {
    throw networkFailure();
  }
  const body = (await response.json().catch(() => ({}))) as Envelope<T>;
  if (!response.ok || body.success !== true || body.value === undefined) {
    throw new ApiError(body.code ?? 'UNKNOWN', response.status, body.message ?? '', body.value);
  }
  return body.value;
};

export const lotteryQueryKeys = {
  menus: (mode: PrizeMode) => ['lottery', 'menus', mode] as const,
  results: (code: string) => ['lottery', 'results', code] as const,
  regionResults: (code: string) => ['lottery', 'regionResults', code] as const,
  methods: (code: string) => ['lottery', 'methods', code] as const,
  session: (code: string, account: string) => ['lottery', 'session', code, account] as const,
  bets: (code: string, account: string) => ['lottery', 'bets', code, account] as const,
};

export const getMenus = async (mode: PrizeMode): Promise<LotteryMenuItem[]> => {
  if (mode === 'VN') {
    const value = await lgw<{ serverTime?: string; regions: { games: LotteryMenuItem[] }[] }>(
      '/lgw/vn/games/game_menu?prizeMode=VN&device=WEB',
    );
    noteServerTime(value.serverTime);
    return value.regions.flatMap((region) => region.games);
  }
  const value = await lgw<{ serverTime?: string; gameMenus: LotteryMenuItem[] }>(
    `/lgw/games/game_menus?prizeMode=${mode}&device=WEB`,
  );
  noteServerTime(value.serverTime);
  return value.gameMenus;
};

export const getResults = async (gameCode: string): Promise<LotteryIssue[]> =>
  (await lgw<{ list: LotteryIssue[] }>(`/lgw/games/results?gameCode=${encodeURIComponent(gameCode)}&pageSize=10`)).list;

/** One station's draw in a VN region's results: the station slot's lottery and the business day it drew on. */
export type StationResult = LotteryIssue & { gameCode: string; slot: number; businessDay: string };

/**
 * A regional VN draw's results by day (ADR 0050): every station of the region's latest days, the main station first,
 * each with its own numbers, seed and commitment.
 */
export const getRegionResults = async (gameCode: string, days = 5): Promise<StationResult[]> =>
  (
    await lgw<{ list: StationResult[] }>(
      `/lgw/vn/games/results?gameCode=${encodeURIComponent(gameCode)}&pageSize=${days}`,
    )
  ).list;

/** The last `pageSize` drawn issues (at most 50), for the trend charts. */
export const getResultsPage = async (gameCode: string, pageSize: number): Promise<LotteryIssue[]> =>
  (
    await lgw<{ list: LotteryIssue[] }>(
      `/lgw/games/results?gameCode=${encodeURIComponent(gameCode)}&pageSize=${Math.min(50, pageSize)}`,
    )
  ).list;

export const getMethods = (gameCode: string): Promise<LotteryMethods> =>
  lgw<LotteryMethods>(`/lgw/games/methods?gameCode=${encodeURIComponent(gameCode)}`);

/** Launches the game on the platform (its catalogue entry), and swaps the signed launch for a gateway session. */
export const openLotterySession = async (gameCode: string, language: string, theme: string): Promise<string> => {
  const page = await apiRequest<{ games?: { nodeId: string; gameCode: string }[] }>(API.game.games, {
    query: { clientType: '3', gameName: gameCode, pageNo: '1', pageSize: '5', language },
  });
  const game = page.games?.find((one) => one.gameCode === gameCode);
  if (!game) throw new ApiError('GAME_UNAVAILABLE', 404, '');
  const launched = await apiRequest<{ url: string }>(API.game.launch, {
    method: 'POST',
    body: { nodeId: game.nodeId, language, theme },
  });
  if (typeof launched.url !== 'string') throw invalidResponse();
  const query = Object.fromEntries(new URL(launched.url, window.location.origin).searchParams);
  const swapped = await lgw<{ session: string }>('/rgs/v1/sessions', {
    method: 'POST',
    body: JSON.stringify({ ...query, game: gameCode }),
  });
  return swapped.session;
};

export type BetBody = { method: string; picks: number[][]; unit: string; multiple: number };

/** A bet on the issue the player saw (issueNo): the gateway never moves it to another issue by itself. */
export const placeBet = (session: string, body: BetBody & { issueNo?: string }): Promise<BetPlaced> =>
  lgw<BetPlaced>('/lgw/v1/bets', { method: 'POST', body: JSON.stringify(body) }, session);

export const placeChase = (
  session: string,
  body: BetBody & { issues: number; winStop: boolean },
): Promise<ChasePlaced> => lgw<ChasePlaced>('/lgw/v1/chases', { method: 'POST', body: JSON.stringify(body) }, session);

/** The player's own lottery bets, newest first (every lottery; the caller keeps one game's). */
export const getMyBets = async (session: string): Promise<MyLotteryBet[]> =>
  (await lgw<{ list: MyLotteryBet[] }>('/lgw/v1/bets', {}, session)).list;
