import {
  isTrialType,
  MAX_FAVOURITES,
  RECENT_GAMES_PAGE_SIZE,
  type FavouriteList,
  type FavouriteRequest,
  type GameListValue,
  type GameType,
  type LaunchResult,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Session } from '../../identity/identity';
import type { Merchant } from '../../platform/merchant';
import type { CatalogueRepository, MemberGamesRepository } from './catalogue.repository';
import { toGameWire } from './catalogue.service';
import { LaunchRefused, type LauncherRegistry } from './launcher';
import type { VendorConnections } from './vendor-connection';

/** Rows kept per member in game_recent; the list shows the newest RECENT_GAMES_PAGE_SIZE of them. */
const RECENT_ROWS_KEPT = 60;

const gameNotFound = () => new AppError('GAME_NOT_FOUND', 404, 'This game is not available');
const gameUnavailable = () =>
  new AppError('GAME_UNAVAILABLE', 503, 'This game cannot be opened right now. Please try again later', {
    retryAfterSeconds: 60,
  });

export type MemberGamesDeps = {
  repository: MemberGamesRepository;
  catalogue: CatalogueRepository;
  launchers: LauncherRegistry;
  /** Launch outcomes keep the vendor's connection state (vendor-connection.ts). */
  connections: Pick<VendorConnections, 'launchFailed' | 'launchSucceeded'>;
  now: Clock;
  /**
   * Gives a member its play money once (the wallet's fundPlay, idempotent per member): a real member's free trial
   * plays on it. Without it a member's free trial plays on whatever its PLAY account holds.
   */
  fundPlay?: (merchant: Merchant, memberId: bigint) => Promise<void>;
};

/**
 * Favourites, recent games and launch (issue 5). Every call takes the member from the session, never from input: a
 * member only reads and changes its own rows.
 */
export const memberGamesServiceFactory = (deps: MemberGamesDeps) => {
  const { repository, catalogue, launchers, connections, now, fundPlay } = deps;
  const favourites = async (
    merchant: Merchant,
    session: Session,
    query: { pageNo: number; pageSize: number; gameType?: GameType },
    language: string,
  ): Promise<FavouriteList> => {
    const [ids, page] = await Promise.all([
      repository.favouriteIds(merchant.id, session.memberId),
      repository.favouritePage(
        merchant.id,
        session.memberId,
        query.gameType,
        query.pageSize,
        (query.pageNo - 1) * query.pageSize,
      ),
    ]);
    return {
      content: page.rows.map((row) => toGameWire(row, language, merchant.currencyScale)),
      ids: ids.map(String),
      pageNum: query.pageNo,
      totalPages: Math.ceil(page.total / query.pageSize),
    };
  };

  /** The game named by a favourite request: it must be this merchant's and match the vendor and type given. */
  const favouriteTarget = async (merchant: Merchant, request: FavouriteRequest, listedOnly: boolean) => {
    const game = await catalogue.gameForAction(merchant.id, BigInt(request.nodeId));
    if (game === undefined || game.vendorCode !== request.vendor || game.gameType !== request.gameType) {
      throw gameNotFound();
    }
    const listed = game.status === 'ACTIVE' && game.vendorStatus === 'ACTIVE' && game.typeStatus === 'ACTIVE';
    if (listedOnly && !listed) throw gameNotFound();
    return game;
  };

  /** Idempotent: adding a favourite twice keeps one. Answers every favourite id. */
  const addFavourite = async (merchant: Merchant, session: Session, request: FavouriteRequest): Promise<string[]> => {
    const game = await favouriteTarget(merchant, request, true);
    const outcome = await repository.addFavourite(
      merchant.id,
      session.memberId,
      game.id,
      MAX_FAVOURITES,
      new Date(now()),
    );
    if (outcome === 'full') {
      throw new AppError('FAVOURITES_FULL', 409, `You can keep at most ${MAX_FAVOURITES} favourites`, {
        value: { max: MAX_FAVOURITES },
      });
    }
    return (await repository.favouriteIds(merchant.id, session.memberId)).map(String);
  };

  /** Idempotent: removing a game that is not a favourite changes nothing. Answers every favourite id. */
  const removeFavourite = async (
    merchant: Merchant,
    session: Session,
    request: FavouriteRequest,
  ): Promise<string[]> => {
    const game = await favouriteTarget(merchant, request, false);
    await repository.removeFavourite(merchant.id, session.memberId, game.id);
    return (await repository.favouriteIds(merchant.id, session.memberId)).map(String);
  };

  const recent = async (
    merchant: Merchant,
    session: Session,
    query: { pageNo: number; pageSize: number; gameType?: GameType; vassalage?: string },
    language: string,
  ): Promise<GameListValue> => {
    const page = await repository.recentPage(
      merchant.id,
      session.memberId,
      { gameType: query.gameType, vendorCode: query.vassalage },
      RECENT_GAMES_PAGE_SIZE,
      query.pageSize,
      (query.pageNo - 1) * query.pageSize,
    );
    return {
      list: page.rows.map((row) => toGameWire(row, language, merchant.currencyScale)),
      totalPages: Math.ceil(page.total / query.pageSize),
    };
  };

  /** Puts the game at the top of the member's recent list (launch calls it once the vendor gave a URL). */
  const recordLaunch = (merchantId: number, memberId: bigint, gameId: bigint): Promise<void> =>
    repository.recordLaunch(merchantId, memberId, gameId, new Date(now()), RECENT_ROWS_KEPT);

  /**
   * Launch (spec §4 game start): the game must be listed; its vendor must not be under maintenance; a trial member,
   * and any member asking for the free trial (`demo`), plays only vendors with a demo, with play money; the vendor's
   * launcher (issue 6) makes the URL, in `language` (one of the merchant's codes) and the player's theme (else the
   * merchant's). The free trial never moves real money: its game session is bound to the PLAY account, which the
   * seamless calls debit instead of CASH. The recent list records the game only after the launcher answered.
   */
  const launch = async (
    merchant: Merchant,
    session: Session,
    nodeId: string,
    language: string,
    options: { demo?: boolean; theme?: 'dark' | 'light' } = {},
  ): Promise<LaunchResult> => {
    const game = await catalogue.gameForAction(merchant.id, BigInt(nodeId));
    if (game === undefined || game.status === 'DISABLED' || game.vendorStatus === 'DISABLED') throw gameNotFound();
    if (game.typeStatus === 'DISABLED') throw gameNotFound();
    if (game.status !== 'ACTIVE' || game.vendorStatus !== 'ACTIVE' || game.typeStatus !== 'ACTIVE') {
      throw gameUnavailable();
    }
    const trial = isTrialType(session.type);
    const play = trial || options.demo === true;
    if (play && !game.supportDemo) {
      throw new AppError(
        'DEMO_NOT_SUPPORTED',
        403,
        trial ? 'This game has no free play. A real account is needed to play it' : 'This game has no free trial',
      );
    }
    // A vendor that is not connected is not listed; a link kept from before does not start its game either.
    if (!game.connected) throw gameUnavailable();
    const launcher = launchers.get(game.vendorCode);
    if (launcher === undefined) {
      await connections.launchFailed(merchant.id, game.vendorCode, 'no launcher for this vendor');
      throw gameUnavailable();
    }
    // A trial member got its play money when it was made; a real member gets it at its first free trial.
    if (play && !trial && fundPlay !== undefined) await fundPlay(merchant, session.memberId);
    const result = await launcher
      .launch({
        merchantId: merchant.id,
        merchantCode: merchant.code,
        memberId: session.memberId,
        game: { id: game.id, vendorCode: game.vendorCode, gameType: game.gameType, gameCode: game.gameCode },
        currency: play ? merchant.playCurrency : merchant.currencyCode,
        play,
        language,
        theme: options.theme ?? merchant.defaultTheme,
      })
      .catch(async (error: unknown) => {
        // Only the vendor's side refusing counts against the vendor; a player's or our own failure does not.
        if (error instanceof LaunchRefused) await connections.launchFailed(merchant.id, game.vendorCode, error.reason);
        throw error;
      });
    await connections.launchSucceeded(merchant.id, game.vendorCode);
    await recordLaunch(merchant.id, session.memberId, game.id);
    return { url: result.url };
  };

  return { favourites, addFavourite, removeFavourite, recent, recordLaunch, launch };
};

export type MemberGamesService = ReturnType<typeof memberGamesServiceFactory>;
