import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_VENDOR_CATEGORY_CAP, type VendorCard, type VendorLane } from '@platform/contracts';
import { GameGrid, GameGridSkeleton, VendorGrid } from '../components/game-grid';
import { VendorStrip } from '../components/vendor-strip';
import type { CardActions } from './card-actions';
import { categoryLobbyPath, gameTypeOfCategory } from './lobby-categories';
import { LobbyState } from './lobby-state';
import { useLobbyGames } from './use-lobby-games';

/** Spec §2: on HOME each category shows at most HOME_VENDOR_CATEGORY_CAP (5) entries. */
export const capCategory = <T,>(entries: readonly T[]): readonly T[] => entries.slice(0, HOME_VENDOR_CATEGORY_CAP);

type EntriesProps = { lane: VendorLane; title: string; actions: CardActions };

/** A picked vendor's first games (at most 5); a vendor without a games list (a sportsbook, say) shows its tile. */
function PickedVendorEntries({ lane, title, card, actions }: EntriesProps & { card: VendorCard }) {
  const { t } = useTranslation();
  const query = useLobbyGames({ gameType: gameTypeOfCategory(lane.gameCategory), vassalage: card.vassalage });
  return (
    <LobbyState
      query={query}
      skeleton={<GameGridSkeleton count={HOME_VENDOR_CATEGORY_CAP} />}
      isEmpty={() => false}
      emptyText={t('lobby.category.empty')}
      emptyTestId="lobby-category-empty"
      errorTestId="lobby-category-error"
    >
      {(data) =>
        data.games.length > 0 ? (
          <GameGrid
            games={capCategory(data.games)}
            start={actions.start}
            favourites={actions.favourites}
            label={card.displayName}
          />
        ) : (
          <VendorGrid cards={[card]} onLaunch={actions.start.openVendor} label={title} />
        )
      }
    </LobbyState>
  );
}

/**
 * One category of the HOME view (spec §2): its title, the vendor filter strip, at most 5 entries (its vendors, or the
 * picked vendor's games) and a "more games" link to the category's own lobby, narrowed to the picked vendor.
 */
export function CategoryBlock({ lane, actions }: { lane: VendorLane; actions: CardActions }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const pickedCard = lane.cards.find((card) => card.vassalage === picked);
  const title = t(`lobby.categories.${lane.gameCategory}`);
  return (
    <section
      className="lobby-section lobby-category"
      aria-labelledby={titleId}
      data-testid="lobby-category"
      data-category={lane.gameCategory}
    >
      <div className="lobby-section__head">
        <h2 id={titleId} className="lobby-section__title">
          {title}
        </h2>
        <Link
          className="lobby-section__more"
          to={categoryLobbyPath(lane.gameCategory, pickedCard?.vassalage)}
          data-testid="lobby-category-more"
        >
          {t('lobby.category.more')}
          <span className="visually-hidden"> {title}</span>
        </Link>
      </div>
      <VendorStrip cards={lane.cards} selected={pickedCard?.vassalage} withAll onSelect={setPicked} />
      <div data-testid="lobby-category-entries">
        {pickedCard ? (
          <PickedVendorEntries lane={lane} title={title} card={pickedCard} actions={actions} />
        ) : (
          <VendorGrid cards={capCategory(lane.cards)} onLaunch={actions.start.openVendor} label={title} />
        )}
      </div>
    </section>
  );
}
