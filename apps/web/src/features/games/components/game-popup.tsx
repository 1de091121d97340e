import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Game } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { EmptyState } from '@/components/empty-state';
import { errorText } from '@/lib/error-text';
import { useLanguage } from '@/lib/i18n/i18n';
import { gamesQueryKeys, getGames, type GameListParams } from '../api/games-api';
import { closeGamePopup, type GamePopupTarget } from '../hooks/game-popup';
import { useFavourites } from '../hooks/use-favourites';
import { GAME_POPUP_PAGE_SIZE, useGameStart, type StartOptions } from '../hooks/use-game-start';
import { GameGrid, GameGridSkeleton } from './game-grid';

/**
 * The game popup (spec §2 popups; §4 "a vendor-popup game opens a popup list"): the vendor's games of that type.
 * A game started from here launches: its own VASSALAGE mark would only reopen this list.
 */
export default function GamePopup({ target }: { target: GamePopupTarget }) {
  const { t } = useTranslation();
  const { code: language } = useLanguage();
  const start = useGameStart();
  const favourites = useFavourites();
  const params: GameListParams = {
    vassalage: target.vassalage,
    gameType: target.gameType,
    pageNo: 1,
    pageSize: GAME_POPUP_PAGE_SIZE,
    language,
  };
  const pages = useInfiniteQuery({
    queryKey: [...gamesQueryKeys.list(params), 'pages'],
    queryFn: ({ pageParam, signal }) => getGames({ ...params, pageNo: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
    staleTime: 60_000,
  });
  const games = pages.data?.pages.flatMap((page) => page.games) ?? [];
  const launch = {
    startGame: (game: Game, options?: StartOptions) => {
      closeGamePopup();
      start.startGame({ ...game, isGame: '' }, options);
    },
    openVendor: start.openVendor,
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) closeGamePopup();
      }}
      title={target.title}
      description={t('games.popup.description', { vendor: target.title })}
      testId="game-popup"
    >
      {pages.isPending ? (
        <GameGridSkeleton count={6} />
      ) : pages.isError ? (
        <div className="inline-error" role="alert">
          <span>{errorText(t, pages.error)}</span>
          <button type="button" className="button button--ghost" onClick={() => void pages.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : games.length === 0 ? (
        <EmptyState title={t('games.lobby.noData')} />
      ) : (
        <>
          <GameGrid games={games} start={launch} favourites={favourites} label={target.title} />
          {pages.hasNextPage && (
            <div className="game-lobby__more">
              <button
                type="button"
                className="button button--ghost"
                aria-busy={pages.isFetchingNextPage}
                onClick={() => {
                  if (!pages.isFetchingNextPage) void pages.fetchNextPage();
                }}
              >
                {t('games.lobby.loadMore')}
              </button>
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}
