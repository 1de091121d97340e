import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_HOT_GAMES_CAP } from '@platform/contracts';
import { GameGrid, GameGridSkeleton } from '../components/game-grid';
import { useHotGames } from '../hooks/use-hot-games';
import type { CardActions } from './card-actions';
import { LobbyState } from './lobby-state';

/** Spec §2: on HOME the hot games show at most HOME_HOT_GAMES_CAP (12) until the visitor expands the list. */
export const visibleHotGames = <T,>(games: readonly T[], expanded: boolean): readonly T[] =>
  expanded ? games : games.slice(0, HOME_HOT_GAMES_CAP);

/** The hot games of the HOME view, capped at 12 with a control that shows them all. */
export function HotGamesSection({ actions }: { actions: CardActions }) {
  const { t } = useTranslation();
  const titleId = useId();
  const gridId = useId();
  const [expanded, setExpanded] = useState(false);
  const query = useHotGames();
  const title = t('lobby.hot.title');
  return (
    <section className="lobby-section" aria-labelledby={titleId} data-testid="lobby-hot">
      <div className="lobby-section__head">
        <h2 id={titleId} className="lobby-section__title">
          {title}
        </h2>
      </div>
      <LobbyState
        query={query}
        skeleton={
          <>
            <GameGridSkeleton count={HOME_HOT_GAMES_CAP} />
            {/* The usual list is longer than the cap: its expand control's row is held too. */}
            <div className="lobby-section__foot" aria-hidden="true">
              <span className="lobby-skeleton lobby-skeleton--button" />
            </div>
          </>
        }
        isEmpty={(data) => data.list.length === 0}
        emptyText={t('lobby.hot.empty')}
        emptyTestId="lobby-hot-empty"
        errorTestId="lobby-hot-error"
      >
        {(data) => (
          <>
            <div id={gridId} data-testid="lobby-hot-grid">
              <GameGrid
                games={visibleHotGames(data.list, expanded)}
                start={actions.start}
                favourites={actions.favourites}
                label={title}
              />
            </div>
            {data.list.length > HOME_HOT_GAMES_CAP && (
              <div className="lobby-section__foot">
                <button
                  type="button"
                  className="button button--ghost"
                  data-testid="lobby-hot-expand"
                  aria-expanded={expanded}
                  aria-controls={gridId}
                  onClick={() => setExpanded((value) => !value)}
                >
                  {expanded ? t('lobby.hot.collapse') : t('lobby.hot.expand', { count: data.list.length })}
                </button>
              </div>
            )}
          </>
        )}
      </LobbyState>
    </section>
  );
}
