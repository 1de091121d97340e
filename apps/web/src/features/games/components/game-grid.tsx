import { useTranslation } from 'react-i18next';
import { GAME_PAGE_SIZE, type Game, type VendorCard } from '@platform/contracts';
import type { Favourites } from '../hooks/use-favourites';
import type { GameStart } from '../hooks/use-game-start';
import { GameCard } from './game-card';
import { VendorTile } from './vendor-tile';

/** A list of game cards; every card starts, tries and toggles through the page's hooks. */
export function GameGrid({
  games,
  start,
  favourites,
  label,
}: {
  games: readonly Game[];
  start: GameStart;
  favourites: Pick<Favourites, 'isFavourite' | 'toggle'>;
  label: string;
}) {
  return (
    <ul className="game-grid" aria-label={label} data-testid="game-grid">
      {games.map((game) => (
        <li key={game.nodeId}>
          <GameCard
            game={game}
            onStart={start.startGame}
            onTrial={(item) => start.startGame(item, { trial: true })}
            isFavourite={favourites.isFavourite(game.nodeId)}
            onToggleFavourite={favourites.toggle}
          />
        </li>
      ))}
    </ul>
  );
}

/** Placeholders of a card's exact size while a page of games loads (no layout shift). */
export function GameGridSkeleton({ count = GAME_PAGE_SIZE.lobby }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="game-grid-loading">
      <span className="visually-hidden">{t('games.lobby.loading')}</span>
      <ul className="game-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <div className="game-card game-card--skeleton">
              <div className="game-card__media" />
              <div className="game-card__name" />
              <div className="game-card__actions" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function VendorGrid({
  cards,
  onLaunch,
  label,
}: {
  cards: readonly VendorCard[];
  onLaunch: (card: VendorCard) => void;
  label: string;
}) {
  return (
    <ul className="vendor-grid" aria-label={label} data-testid="vendor-grid">
      {cards.map((card) => (
        <li key={`${card.vassalage}-${card.gameType}`}>
          <VendorTile card={card} onLaunch={onLaunch} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholders built like a tile (picture, one line of name, the play button's row), so they hold its exact box. */
export function VendorGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <ul className="vendor-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <div className="vendor-tile vendor-tile--skeleton">
            <span className="vendor-tile__open">
              <span className="vendor-tile__media" />
              <span className="vendor-tile__name">{'\u00a0'}</span>
            </span>
            <span className="vendor-tile__play" />
          </div>
        </li>
      ))}
    </ul>
  );
}
