import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
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
import { useSession } from '@/lib/session';
import { getGames, launchGame } from '../api/games-api';
import { openGamePopup } from './game-popup';

/** What the game page (`/seamless`, issue 6) receives in router state: never in the URL (it may carry a session). */
export type SeamlessState = { url: string; nodeId: string; name: string };

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
 * its slot list. Starting anything needs a real account: a guest gets the login popup, a trial member the notice
 * that a true account is needed. Then lottery vendors go to their lottery page, and every other game is launched;
 * an unavailable game says so.
 */
export function useGameStart(): GameStart {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLogin, isTrial } = useSession();
  const { code: language } = useLanguage();

  const failed = useCallback((error: unknown) => openNotice(t('games.start.failedTitle'), errorText(t, error)), [t]);

  /** A guest or a trial member cannot start a game: says why and returns false. */
  const mayStart = useCallback((): boolean => {
    if (!isLogin) {
      openAuthDialog('login');
      return false;
    }
    if (isTrial) {
      openTrialNotice();
      return false;
    }
    return true;
  }, [isLogin, isTrial]);

  const launch = useCallback(
    async (nodeId: string, name: string) => {
      try {
        const { url } = await launchGame(nodeId);
        if (typeof url !== 'string' || url === '') throw new ApiError('invalid response', 200);
        const state: SeamlessState = { url, nodeId, name };
        void navigate(ROUTES.seamless, { state });
      } catch (error) {
        failed(error);
      }
    },
    [failed, navigate],
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
        void navigate(lottery);
        return;
      }
      void launch(game.nodeId, game.displayName || game.gameName);
    },
    [launch, mayStart, navigate],
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
        void navigate(lottery);
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
    [failed, language, launch, mayStart, navigate, t],
  );

  return useMemo(() => ({ startGame, openVendor }), [startGame, openVendor]);
}

/** The popup list's page size (the spec's default games page). */
export const GAME_POPUP_PAGE_SIZE = GAME_PAGE_SIZE.default;
