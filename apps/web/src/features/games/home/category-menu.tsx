import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LobbyGameType } from '@platform/contracts';
import { searchWithType } from './lobby-categories';

type CategoryMenuProps = {
  entries: readonly LobbyGameType[];
  current: LobbyGameType;
  onSelect: (type: LobbyGameType) => void;
  /** The lanes are still loading: placeholders of a fixed size hold their room. */
  pending: boolean;
};

const PLACEHOLDERS = 6;

const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * The category menu (spec §2 home lobby). Each entry is a real link (`?type=LIVE`), so it can open in a new tab; a
 * plain click goes through `onSelect`, which applies the rules of §4 (FAV as a guest, scroll to the top).
 */
export function CategoryMenu({ entries, current, onSelect, pending }: CategoryMenuProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <nav className="lobby-menu" aria-label={t('lobby.menu.label')} data-testid="lobby-menu">
      <ul className="lobby-menu__list">
        {entries.map((type) => (
          <li key={type}>
            <Link
              to={{ search: searchWithType(search, type) }}
              className="lobby-menu__link"
              data-testid={`lobby-menu-${type}`}
              aria-current={type === current ? 'page' : undefined}
              onClick={(event) => {
                if (opensElsewhere(event)) return;
                event.preventDefault();
                onSelect(type);
              }}
            >
              {t(`lobby.categories.${type}`)}
            </Link>
          </li>
        ))}
        {pending &&
          Array.from({ length: PLACEHOLDERS }, (_, index) => (
            <li key={`placeholder-${index}`} aria-hidden="true">
              <span className="lobby-menu__link lobby-menu__link--placeholder" />
            </li>
          ))}
      </ul>
    </nav>
  );
}
