import { useEffect, useLayoutEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VendorCard } from '@platform/contracts';
import { useLanguage } from '@/lib/i18n/i18n';
import { lanesQuery } from '@/lib/lanes';
import {
  isDropdownEnlarged,
  VENDOR_LINK_SELECTOR,
  vendorLobbyPath,
  type OpenDropdown,
} from '../utils/header-categories';

type HeaderVendorPanelProps = {
  id: string;
  panelRef: RefObject<HTMLDivElement | null>;
  target: OpenDropdown;
  /** Arrow Down was pressed on the link before the vendors were there: focus the first one once they are. */
  focusFirst: boolean;
  onFocused: () => void;
  onPointerIn: () => void;
  onPointerOut: () => void;
  onEscape: () => void;
  onTabOut: (event: KeyboardEvent) => void;
  /** Focus went somewhere outside the panel. */
  onFocusLeft: (to: Element | null) => void;
};

/** Keeps the panel under its link but inside the header, whatever its width. */
const EDGE_PX = 8;

function VendorLogo({ card }: { card: VendorCard }) {
  const [broken, setBroken] = useState(false);
  const src = card.logo || card.lagerIcon;
  return src && !broken ? (
    <img src={src} alt="" width={48} height={24} loading="lazy" decoding="async" onError={() => setBroken(true)} />
  ) : (
    <span className="header-dropdown__initial" aria-hidden="true">
      {card.displayName.slice(0, 1)}
    </span>
  );
}

/**
 * The vendors of one header category (spec §2 header): each opens the category's lobby narrowed to it. More than 10
 * vendors make the panel enlarged (wider, more columns; spec §9).
 */
export function HeaderVendorPanel(props: HeaderVendorPanelProps) {
  const { id, panelRef, target, focusFirst, onFocused } = props;
  const { t } = useTranslation();
  const { code: language } = useLanguage();
  const lanes = useQuery(lanesQuery(language));
  const cards = lanes.data?.list.find((lane) => lane.gameCategory === target.category)?.cards ?? [];
  const enlarged = isDropdownEnlarged(cards.length);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    const header = panel?.offsetParent;
    if (!panel || !(header instanceof HTMLElement)) return;
    const offset = target.anchor.getBoundingClientRect().left - header.getBoundingClientRect().left;
    const max = Math.max(EDGE_PX, header.clientWidth - panel.offsetWidth - EDGE_PX);
    panel.style.left = `${Math.min(Math.max(offset, EDGE_PX), max)}px`;
  }, [panelRef, target.anchor, cards.length]);

  useEffect(() => {
    if (!focusFirst) return;
    const first = panelRef.current?.querySelector<HTMLElement>(VENDOR_LINK_SELECTOR);
    if (!first) return;
    first.focus();
    onFocused();
  }, [focusFirst, onFocused, panelRef, cards.length]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const links = [...event.currentTarget.querySelectorAll<HTMLElement>(VENDOR_LINK_SELECTOR)];
    const index = links.indexOf(document.activeElement as HTMLElement);
    const move = (next: number) => {
      event.preventDefault();
      links[(next + links.length) % links.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowLeft':
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(links.length - 1);
      case 'Escape':
        event.preventDefault();
        return props.onEscape();
      case 'Tab':
        if (event.shiftKey) {
          event.preventDefault();
          target.anchor.focus();
        } else props.onTabOut(event);
    }
  };

  const label = t('lobby.header.vendors', { category: target.label });
  return (
    <div
      ref={panelRef}
      id={id}
      className={`header-dropdown${enlarged ? ' header-dropdown--large' : ''}`}
      role="group"
      aria-label={label}
      data-testid="header-dropdown"
      data-category={target.category}
      data-enlarged={enlarged}
      onMouseEnter={props.onPointerIn}
      onMouseLeave={props.onPointerOut}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        const to = event.relatedTarget as Element | null;
        if (!to || !event.currentTarget.contains(to)) props.onFocusLeft(to);
      }}
    >
      <p className="header-dropdown__title" aria-hidden="true">
        {label}
      </p>
      {lanes.isPending ? (
        <div className="header-dropdown__skeleton" aria-hidden="true" />
      ) : lanes.isError && cards.length === 0 ? (
        <p className="muted" role="alert">
          {t('lobby.header.error')}
        </p>
      ) : cards.length === 0 ? (
        <p className="muted">{t('lobby.header.empty')}</p>
      ) : (
        <ul className="header-dropdown__grid">
          {cards.map((card) => (
            <li key={card.vassalage}>
              <Link
                to={vendorLobbyPath(target.route, card.vassalage)}
                className="header-dropdown__vendor"
                data-vendor-link=""
                data-testid="header-dropdown-vendor"
                data-vassalage={card.vassalage}
              >
                <VendorLogo card={card} />
                <span>{card.displayName}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
