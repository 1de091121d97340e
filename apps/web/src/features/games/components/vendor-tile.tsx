import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorCard } from '@platform/contracts';
import { GameFallbackIcon } from './game-fallback-icon';

export type VendorTileProps = {
  card: VendorCard;
  /** Usually `useGameStart().openVendor`. */
  onLaunch: (card: VendorCard) => void;
};

/**
 * A vendor tile (spec §2 game lobby): the vendor's large image, a click on it launches the vendor, and an
 * immediate-play button for every game type except RNG (an RNG vendor opens its slot list instead).
 */
export function VendorTile({ card, onLaunch }: VendorTileProps) {
  const { t } = useTranslation();
  const [failedIcon, setFailedIcon] = useState<string | null>(null);
  const broken = !card.lagerIcon || failedIcon === card.lagerIcon;
  return (
    <article className="vendor-tile" data-testid="vendor-tile" data-vassalage={card.vassalage}>
      <button
        type="button"
        className="vendor-tile__open"
        data-testid="vendor-tile-open"
        aria-label={t('games.vendor.open', { name: card.displayName })}
        onClick={() => onLaunch(card)}
      >
        <span className="vendor-tile__media">
          {broken ? (
            <GameFallbackIcon className="vendor-tile__fallback" />
          ) : (
            <img
              className="vendor-tile__image"
              src={card.lagerIcon}
              alt=""
              width={320}
              height={180}
              loading="lazy"
              decoding="async"
              onError={() => setFailedIcon(card.lagerIcon)}
            />
          )}
        </span>
        <span className="vendor-tile__name">{card.displayName}</span>
      </button>
      {card.gameType !== 'RNG' && (
        <button
          type="button"
          className="button button--primary vendor-tile__play"
          data-testid="vendor-tile-play"
          aria-label={t('games.vendor.playNamed', { name: card.displayName })}
          onClick={() => onLaunch(card)}
        >
          {t('games.vendor.play')}
        </button>
      )}
    </article>
  );
}
