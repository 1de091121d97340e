import { useTranslation } from 'react-i18next';
import type { VendorCard } from '@platform/contracts';

/**
 * The vendor strip of a lobby (spec §2): an "all" entry (unless the lobby can only list one vendor at a time) and
 * the category's vendors. A toggle group: the chosen entry is pressed.
 */
export function VendorStrip({
  cards,
  selected,
  withAll,
  onSelect,
}: {
  cards: readonly VendorCard[];
  selected: string | undefined;
  withAll: boolean;
  onSelect: (vassalage: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="vendor-strip" aria-label={t('games.lobby.vendors')} data-testid="vendor-strip">
      {withAll && (
        <li>
          <button
            type="button"
            className="vendor-strip__item"
            data-testid="vendor-strip-all"
            aria-pressed={!selected}
            onClick={() => onSelect(undefined)}
          >
            {t('games.lobby.allVendors')}
          </button>
        </li>
      )}
      {cards.map((card) => (
        <li key={card.vassalage}>
          <button
            type="button"
            className="vendor-strip__item"
            data-testid="vendor-strip-item"
            data-vassalage={card.vassalage}
            aria-pressed={selected === card.vassalage}
            onClick={() => onSelect(card.vassalage)}
          >
            {card.logo && (
              <img className="vendor-strip__logo" src={card.logo} alt="" width={24} height={24} loading="lazy" />
            )}
            {card.displayName}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function VendorStripSkeleton() {
  return (
    <ul className="vendor-strip vendor-strip--skeleton" aria-hidden="true">
      {Array.from({ length: 4 }, (_, index) => (
        <li key={index}>
          <span className="vendor-strip__item" />
        </li>
      ))}
    </ul>
  );
}
