import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ErrorCode,
  GAME_PAGE_SIZE,
  LOTTERY_VENDOR_ROUTES,
  ROUTES,
  VASSALAGE,
  type Game,
  type VendorCard,
} from '@platform/contracts';
import { openNotice, openTrialNotice } from '@/lib/app-dialogs';
import { openAuthDialog } from '@/lib/auth-dialog';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useLanguage } from '@/lib/i18n/i18n';
import { seamlessPath, type SeamlessState } from '@/lib/seamless';
import { useSession } from '@/lib/session';
import { getGames, launchGame } from '../api/games-api';
import { openGamePopup } from './game-popup';

export type StartOptions = { trial?: boolean };

export type GameStart = {
  /** Spec §4 game start for a game card. */
  startGame: (game: Game, options?: StartOptions) => void;
  /** A vendor tile or vendor entry: its popup list, its slot list, its lottery page, or its game. */
  openVendor: (card: VendorCard) => void;
};

const lotteryPath = (vassalage: string, gameCode?: string): string | null => {
  const route = LOTTERY_VENDOR_ROUTES[vassalage];
  if (!route) return null;
  return gameCode ? `${route}?${new URLSearchParams({ gameCode }).toString()}` : route;
};

/**
 * Spec §4 game start. Browsing needs no account: a vendor-popup game or vendor opens its popup list, an RNG vendor
 * its slot list. Starting a game needs a session: a guest gets the login popup. A trial member plays with play money
 * (issue 6) where the vendor has a demo; the server refuses the others with DEMO_NOT_SUPPORTED, shown as the notice
 * that a true account is needed. Lottery vendors go to their lottery page (real money only: a trial member gets the
 * notice there too), and every other game is launched into `/seamless`; an unavailable game says so.
 */
export function useGameStart(): GameStart {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { isLogin, isTrial } = useSession();
  const { code: language } = useLanguage();

  const failed = useCallback(
    (error: unknown) =>
      error instanceof ApiError && error.code === ErrorCode.DEMO_NOT_SUPPORTED
        ? openTrialNotice()
        : openNotice(t('games.start.failedTitle'), errorText(t, error)),
    [t],
  );

  /** A guest cannot start a game: the login popup opens and this returns false. */
  const mayStart = useCallback((): boolean => {
    if (!isLogin) {
      openAuthDialog('login');
      return false;
    }
    return true;
  }, [isLogin]);

  /** Lottery pages take real money only (they have no demo): a trial member gets the true-account notice. */
  const openLottery = useCallback(
    (path: string) => {
      if (isTrial) openTrialNotice();
      else void navigate(path);
    },
    [isTrial, navigate],
  );

  const launch = useCallback(
    async (nodeId: string, name: string) => {
      try {
        const { url } = await launchGame(nodeId);
        if (typeof url !== 'string' || url === '') throw new ApiError('invalid response', 200);
        const state: SeamlessState = { url, nodeId, name, from: `${pathname}${search}` };
        void navigate(seamlessPath(nodeId), { state });
      } catch (error) {
        failed(error);
      }
    },
    [failed, navigate, pathname, search],
  );

  const startGame = useCallback(
    (game: Game, _options: StartOptions = {}) => {
      if (game.isGame === VASSALAGE) {
        openGamePopup({ vassalage: game.vassalage, gameType: game.gameType, title: game.vendorName || game.vassalage });
        return;
      }
      if (!mayStart()) return;
      const lottery = lotteryPath(game.vassalage, game.gameCode);
      if (lottery) {
        openLottery(lottery);
        return;
      }
      void launch(game.nodeId, game.displayName || game.gameName);
    },
    [launch, mayStart, openLottery],
  );

  const openVendor = useCallback(
    (card: VendorCard) => {
      if (card.isGame === VASSALAGE) {
        openGamePopup({ vassalage: card.vassalage, gameType: card.gameType, title: card.displayName });
        return;
      }
      if (card.gameType === 'RNG') {
        void navigate(`${ROUTES.rng}?${new URLSearchParams({ vassalage: card.vassalage }).toString()}`);
        return;
      }
      if (!mayStart()) return;
      const lottery = lotteryPath(card.vassalage);
      if (lottery) {
        openLottery(lottery);
        return;
      }
      // A vendor is played through its lobby game: the first game of its list.
      void (async () => {
        try {
          const page = await getGames({
            vassalage: card.vassalage,
            gameType: card.gameType,
            pageNo: 1,
            pageSize: 1,
            language,
          });
          const first = page.games[0];
          if (!first) throw new ApiError(t('errors.codes.GAME_UNAVAILABLE'), 404, 'GAME_UNAVAILABLE');
          await launch(first.nodeId, card.displayName);
        } catch (error) {
          failed(error);
        }
      })();
    },
    [failed, language, launch, mayStart, navigate, openLottery, t],
  );

  return useMemo(() => ({ startGame, openVendor }), [startGame, openVendor]);
}

/** The popup list's page size (the spec's default games page). */
export const GAME_POPUP_PAGE_SIZE = GAME_PAGE_SIZE.default;
