import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_PLAY_FREE_TRIAL, type Game } from '@platform/contracts';
import { GameFallbackIcon } from './game-fallback-icon';

export type GameCardProps = {
  game: Game;
  /** Start (spec §4 game start); usually `useGameStart().startGame`. */
  onStart: (game: Game) => void;
  /** Free trial; the button shows only when the game offers one (supportPlay 0) and this is given. */
  onTrial?: (game: Game) => void;
  isFavourite: boolean;
  /** Usually `useFavourites().toggle`. */
  onToggleFavourite: (game: Game) => void;
};

/** The name a player reads: the translated display name, else the catalogue names. */
export const gameNameOf = (game: Game): string => game.displayName || game.gameName || game.nodeName;

/** Our own artwork path of a game (the catalogue serves paths on this origin only). */
export const gameIconOf = (game: Game): string => game.iconUrl || game.showIcon;

const HeartIcon = ({ filled }: { filled: boolean }) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      d="M12 20.5 4.2 12.9A4.9 4.9 0 0 1 11.1 6l.9.9.9-.9a4.9 4.9 0 0 1 6.9 6.9z"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * A game card (spec §2 game lobby): hot badge, image (a default icon when it fails to load), start, free trial when
 * the game offers one, name and a favourite toggle. The image keeps a fixed aspect ratio, so loading shifts nothing.
 */
export function GameCard({ game, onStart, onTrial, isFavourite, onToggleFavourite }: GameCardProps) {
  const { t } = useTranslation();
  const name = gameNameOf(game);
  const icon = gameIconOf(game);
  const [failedIcon, setFailedIcon] = useState<string | null>(null);
  const broken = !icon || failedIcon === icon;
  const trial = game.supportPlay === SUPPORT_PLAY_FREE_TRIAL && onTrial !== undefined;
  return (
    <article className="game-card" data-testid="game-card" data-node-id={game.nodeId} aria-label={name}>
      <div className="game-card__media">
        {broken ? (
          <GameFallbackIcon className="game-card__fallback" />
        ) : (
          <img
            className="game-card__image"
            src={icon}
            alt=""
            width={200}
            height={200}
            loading="lazy"
            decoding="async"
            data-testid="game-card-image"
            onError={() => setFailedIcon(icon)}
          />
        )}
        {game.isHot === 1 && (
          <span className="game-card__badge" data-testid="game-card-hot">
            {t('games.card.hot')}
          </span>
        )}
        <button
          type="button"
          className="game-card__favourite"
          data-testid="game-card-favourite"
          aria-pressed={isFavourite}
          aria-label={t('games.card.favourite', { name })}
          onClick={() => onToggleFavourite(game)}
        >
          <HeartIcon filled={isFavourite} />
        </button>
      </div>
      <p className="game-card__name" title={name}>
        {name}
      </p>
      <div className="game-card__actions">
        <button
          type="button"
          className="button button--primary game-card__start"
          data-testid="game-card-start"
          aria-label={t('games.card.startNamed', { name })}
          onClick={() => onStart(game)}
        >
          {t('games.card.start')}
        </button>
        {trial && (
          <button
            type="button"
            className="button button--ghost game-card__trial"
            data-testid="game-card-trial"
            aria-label={t('games.card.trialNamed', { name })}
            onClick={() => onTrial(game)}
          >
            {t('games.card.trial')}
          </button>
        )}
      </div>
    </article>
  );
}
