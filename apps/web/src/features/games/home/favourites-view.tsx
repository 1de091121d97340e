import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@platform/contracts';
import { GameGrid, GameGridSkeleton } from '../components/game-grid';
import type { CardActions } from './card-actions';
import { LobbyState } from './lobby-state';

const SKELETON_CARDS = 6;

/** The FAV view (logged in only; a guest never gets here, spec §4): the member's favourite games. */
export function FavouritesView({ actions }: { actions: CardActions }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { query, games } = actions.favourites;
  const title = t('lobby.categories.FAV');
  return (
    <section className="lobby-section" aria-labelledby={titleId} data-testid="lobby-favourites">
      <div className="lobby-section__head">
        <h2 id={titleId} className="lobby-section__title">
          {title}
        </h2>
        <Link className="lobby-section__more" to={ROUTES.favorite} data-testid="lobby-favourites-more">
          {t('lobby.favourites.manage')}
        </Link>
      </div>
      <LobbyState
        query={query}
        skeleton={<GameGridSkeleton count={SKELETON_CARDS} />}
        isEmpty={() => games.length === 0}
        emptyText={t('lobby.favourites.empty')}
        emptyTestId="lobby-favourites-empty"
        errorTestId="lobby-favourites-error"
      >
        {() => <GameGrid games={games} start={actions.start} favourites={actions.favourites} label={title} />}
      </LobbyState>
    </section>
  );
}
