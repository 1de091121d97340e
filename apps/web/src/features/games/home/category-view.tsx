import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GAME_PAGE_SIZE, type VendorLane } from '@platform/contracts';
import { GameGrid, GameGridSkeleton, VendorGrid } from '../components/game-grid';
import { VendorStrip } from '../components/vendor-strip';
import type { CardActions } from './card-actions';
import { categoryGamesFilter, categoryLobbyPath, hasLobbyPage, isSplitCategory } from './lobby-categories';
import { LobbyState } from './lobby-state';
import { useLobbyGames } from './use-lobby-games';

/**
 * A category chosen in the menu: all its vendor tiles, then its first games (12, narrowed by the vendor strip), and a
 * link to the category's own lobby for the rest.
 */
export function CategoryView({ lane, actions }: { lane: VendorLane; actions: CardActions }) {
  const { t } = useTranslation();
  const titleId = useId();
  const gamesTitleId = useId();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const title = t(`lobby.categories.${lane.gameCategory}`);
  const vendors = lane.cards.map((card) => card.vassalage);
  const split = isSplitCategory(lane.gameCategory);
  const pickedCode = picked !== undefined && vendors.includes(picked) ? picked : null;
  const filter = categoryGamesFilter(lane.gameCategory, vendors, pickedCode);
  const games = useLobbyGames(filter);
  const more = categoryLobbyPath(lane.gameCategory, pickedCode);
  return (
    <div className="lobby-view" data-testid="lobby-category-view" data-category={lane.gameCategory}>
      <section className="lobby-section" aria-labelledby={titleId}>
        <div className="lobby-section__head">
          <h2 id={titleId} className="lobby-section__title">
            {title}
          </h2>
          {hasLobbyPage(lane.gameCategory) && (
            <Link className="lobby-section__more" to={more} data-testid="lobby-category-more">
              {t('lobby.category.more')}
              <span className="visually-hidden"> {title}</span>
            </Link>
          )}
        </div>
        <VendorGrid cards={lane.cards} onLaunch={actions.start.openVendor} label={title} />
      </section>
      {filter !== null && (
        <section className="lobby-section" aria-labelledby={gamesTitleId}>
          <div className="lobby-section__head">
            <h2 id={gamesTitleId} className="lobby-section__title">
              {t('lobby.category.games', { category: title })}
            </h2>
          </div>
          {lane.cards.length > 1 && (
            <VendorStrip cards={lane.cards} selected={filter.vassalage} withAll={!split} onSelect={setPicked} />
          )}
          <LobbyState
            query={games}
            skeleton={<GameGridSkeleton count={GAME_PAGE_SIZE.home} />}
            isEmpty={(data) => data.games.length === 0}
            emptyText={t('lobby.category.empty')}
            emptyTestId="lobby-category-empty"
            errorTestId="lobby-category-error"
          >
            {(data) => (
              <GameGrid
                games={data.games}
                start={actions.start}
                favourites={actions.favourites}
                label={t('lobby.category.games', { category: title })}
              />
            )}
          </LobbyState>
        </section>
      )}
    </div>
  );
}
