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
import { openAuthDialog, openFreePlayOffer } from '@/lib/auth-dialog';
import { ApiError, invalidResponse } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useLanguage } from '@/lib/i18n/i18n';
import { seamlessPath, type SeamlessState } from '@/lib/seamless';
import { useSession } from '@/lib/session';
import { getGames, launchGame } from '../api/games-api';
import { openGamePopup } from './game-popup';

/** `trial`: the card's free trial, the vendor's demo mode on play money (never the member's cash). */
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
 * that a true account is needed. A game card's free trial opens the vendor's demo on play money for a member too (its
 * cash never moves), and offers a guest free play first. Lottery vendors go to their lottery page (real money only: a trial member gets the
 * notice there too), and every other game is launched into `/seamless`; an unavailable game says so.
 */
export function useGameStart(): GameStart {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { isLogin, isTrial } = useSession();
  const { code: language } = useLanguage();

  // A trial member refused a demo needs a real account; a member refused a free trial can still play for real.
  const failed = useCallback(
    (error: unknown) => {
      const noDemo = error instanceof ApiError && error.code === ErrorCode.DEMO_NOT_SUPPORTED;
      if (noDemo && isTrial) openTrialNotice();
      else if (noDemo) openNotice(t('games.start.failedTitle'), t('games.start.noFreeTrial'));
      else openNotice(t('games.start.failedTitle'), errorText(t, error));
    },
    [isTrial, t],
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
    async (nodeId: string, name: string, demo = false) => {
      try {
        const { url } = await launchGame(nodeId, { demo });
        if (typeof url !== 'string' || url === '') throw invalidResponse();
        const state: SeamlessState = { url, nodeId, name, from: `${pathname}${search}` };
        void navigate(seamlessPath(nodeId, { demo }), { state });
      } catch (error) {
        failed(error);
      }
    },
    [failed, navigate, pathname, search],
  );

  const startGame = useCallback(
    (game: Game, options: StartOptions = {}) => {
      if (game.isGame === VASSALAGE) {
        openGamePopup({ vassalage: game.vassalage, gameType: game.gameType, title: game.vendorName || game.vassalage });
        return;
      }
      // The free trial never needs (or spends) real money: a guest is offered free play before the login form.
      if (options.trial === true && !isLogin) {
        openFreePlayOffer();
        return;
      }
      if (!mayStart()) return;
      const lottery = lotteryPath(game.vassalage, game.gameCode);
      if (lottery) {
        openLottery(lottery);
        return;
      }
      void launch(game.nodeId, game.displayName || game.gameName, options.trial === true);
    },
    [isLogin, launch, mayStart, openLottery],
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
          if (!first) throw new ApiError('GAME_UNAVAILABLE', 404, t('errors.codes.GAME_UNAVAILABLE'));
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
