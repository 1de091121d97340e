import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { errorText } from '@/lib/error-text';
import { useLanguage } from '@/lib/i18n/i18n';
import { gamesQueryKeys, getRecentGames } from '../api/games-api';
import { useFavourites } from '../hooks/use-favourites';
import { useGameStart } from '../hooks/use-game-start';
import { GameGrid, GameGridSkeleton } from './game-grid';

export type AccountGamesKind = 'favorite' | 'recent';

type ListState = {
  games: Parameters<typeof GameGrid>[0]['games'];
  isPending: boolean;
  isError: boolean;
  error: unknown;
  retry: () => void;
};

/** `/favorite` and `/recent` (spec §2 account game pages; the guard requires login): the member's own games. */
export function AccountGamesPage({ kind, title }: { kind: AccountGamesKind; title: string }) {
  const { t } = useTranslation();
  const { code: language } = useLanguage();
  const start = useGameStart();
  const favourites = useFavourites();
  const recent = useQuery({
    queryKey: gamesQueryKeys.recent(language),
    queryFn: ({ signal }) => getRecentGames(language, undefined, signal),
    enabled: kind === 'recent',
    staleTime: 30_000,
  });
  const state: ListState =
    kind === 'favorite'
      ? {
          games: favourites.games,
          isPending: favourites.query.isPending && favourites.games.length === 0,
          isError: favourites.query.isError,
          error: favourites.query.error,
          retry: () => void favourites.query.refetch(),
        }
      : {
          games: recent.data?.list ?? [],
          isPending: recent.isPending,
          isError: recent.isError,
          error: recent.error,
          retry: () => void recent.refetch(),
        };
  return (
    <PageFrame title={title} testId={`account-games-${kind}`}>
      {state.isPending ? (
        <GameGridSkeleton count={12} />
      ) : state.isError ? (
        <div className="inline-error" role="alert" data-testid="game-list-error">
          <span>{errorText(t, state.error)}</span>
          <button type="button" className="button button--ghost" onClick={state.retry}>
            {t('common.retry')}
          </button>
        </div>
      ) : state.games.length === 0 ? (
        <div data-testid="game-list-empty">
          <EmptyState title={t(kind === 'favorite' ? 'games.account.noFavourites' : 'games.account.noRecent')}>
            <p className="muted">
              {t(kind === 'favorite' ? 'games.account.noFavouritesHint' : 'games.account.noRecentHint')}
            </p>
          </EmptyState>
        </div>
      ) : (
        <GameGrid games={state.games} start={start} favourites={favourites} label={title} />
      )}
    </PageFrame>
  );
}
