import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '@platform/contracts';
import { ChevronDownIcon } from '@/components/control-icons';
import { useFoldedCount } from '../hooks/use-folded-count';
import { headerCategoryOf, VENDOR_LINK_SELECTOR, type OpenDropdown } from '../utils/header-categories';
import { MenuLink } from './menu-link';

// The panel (its lanes query and vendor grid) loads on the first hover or focus: the entry stays small.
const loadPanel = () => import('./header-vendor-panel');
const HeaderVendorPanel = lazy(() => loadPanel().then((m) => ({ default: m.HeaderVendorPanel })));
// The "more" menu (Radix) loads only when some category does not fit.
const HeaderMoreMenu = lazy(() => import('./header-more-menu').then((m) => ({ default: m.HeaderMoreMenu })));

/** Moving the pointer from a link to its panel crosses a small gap: closing waits this long. */
const CLOSE_DELAY_MS = 150;

/**
 * The header's game categories (spec §2 header), each with a dropdown of its vendors on hover or focus. The panel is
 * rendered after the nav (the nav scrolls sideways and would clip it), so the keyboard path is kept by hand: Arrow
 * Down or Tab on a link enters its panel, arrows move inside, Tab leaves to the next link, Shift+Tab and Escape return
 * to the link. The categories the bar has no room for fold into a "more" menu at its end (ADR 0024): the page never
 * scrolls sideways and no category is cut.
 */
export function HeaderCategoryNav({ entries }: { entries: readonly MenuEntry[] }) {
  const { t } = useTranslation();
  const panelId = useId();
  const navRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useFoldedCount(listRef, entries.length);
  const folded = entries.slice(shown);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const [open, setOpen] = useState<OpenDropdown | null>(null);
  const [focusFirst, setFocusFirst] = useState(false);
  /** Escape hands focus back to the link without opening the panel again. */
  const quietFocus = useRef(false);
  const { pathname, search } = useLocation();

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const close = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    setOpen(null);
    setFocusFirst(false);
  }, []);
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = window.setTimeout(close, CLOSE_DELAY_MS);
  };
  const show = (next: OpenDropdown) => {
    cancelClose();
    void loadPanel();
    setOpen((current) => (current?.menuId === next.menuId && current.anchor === next.anchor ? current : next));
  };

  // A navigation (a vendor or a category chosen) closes the panel.
  useEffect(close, [pathname, search, close]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const vendorLinks = () => [...(panelRef.current?.querySelectorAll<HTMLElement>(VENDOR_LINK_SELECTOR) ?? [])];

  const onLinkKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, target: OpenDropdown) => {
    const isOpen = open?.menuId === target.menuId;
    if (event.key === 'Escape') {
      if (!isOpen) return;
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      show(target);
      const first = isOpen ? vendorLinks()[0] : undefined;
      if (first) first.focus();
      else setFocusFirst(true);
    } else if (event.key === 'Tab' && !event.shiftKey && isOpen) {
      const first = vendorLinks()[0];
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  /** Tab out of the panel: on to the next header link, as if the panel sat right after its own link. */
  const tabOut = (event: KeyboardEvent) => {
    const anchor = open?.anchor;
    const links = [
      ...(navRef.current?.querySelectorAll<HTMLElement>('li:not([data-folded]) a, [data-fold-more] button') ?? []),
    ];
    const next = anchor ? links[links.indexOf(anchor) + 1] : undefined;
    close();
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <>
      <nav ref={navRef} className="app-header__nav" aria-label={t('header.categories')}>
        <ul ref={listRef}>
          {entries.map((entry, index) => {
            const category = headerCategoryOf(entry.route);
            // A folded entry stays rendered (measured) but out of sight, out of the tab order and of the a11y tree.
            const foldProps = { 'data-fold-item': '', 'data-folded': index >= shown ? '' : undefined };
            if (!category) {
              return (
                <li key={entry.menuId} {...foldProps}>
                  <MenuLink entry={entry} className="app-header__nav-link" />
                </li>
              );
            }
            const label = t(entry.nameKey, { defaultValue: entry.menuId });
            const targetOf = (anchor: HTMLElement): OpenDropdown => ({
              menuId: entry.menuId,
              category,
              route: entry.route,
              label,
              anchor,
            });
            const isOpen = open?.menuId === entry.menuId;
            return (
              <li key={entry.menuId} {...foldProps}>
                <Link
                  to={entry.route}
                  className="app-header__nav-link"
                  data-testid="header-category-link"
                  data-category={category}
                  aria-expanded={isOpen}
                  aria-controls={isOpen ? panelId : undefined}
                  onMouseEnter={(event) => show(targetOf(event.currentTarget))}
                  onMouseLeave={scheduleClose}
                  onFocus={(event) => {
                    if (!quietFocus.current) show(targetOf(event.currentTarget));
                  }}
                  onBlur={(event) => {
                    const to = event.relatedTarget as Node | null;
                    if (!to || !panelRef.current?.contains(to)) scheduleClose();
                  }}
                  onKeyDown={(event) => onLinkKeyDown(event, targetOf(event.currentTarget))}
                >
                  {label}
                </Link>
              </li>
            );
          })}
          <li data-fold-more="" data-folded={folded.length === 0 ? '' : undefined}>
            {folded.length > 0 ? (
              <Suspense fallback={<MorePlaceholder />}>
                <HeaderMoreMenu entries={folded} />
              </Suspense>
            ) : (
              <MorePlaceholder />
            )}
          </li>
        </ul>
      </nav>
      {open && (
        <Suspense fallback={null}>
          <HeaderVendorPanel
            id={panelId}
            panelRef={panelRef}
            target={open}
            focusFirst={focusFirst}
            onFocused={() => setFocusFirst(false)}
            onPointerIn={cancelClose}
            onPointerOut={scheduleClose}
            onEscape={() => {
              const anchor = open.anchor;
              close();
              quietFocus.current = true;
              anchor.focus(); // focus events fire synchronously, so the flag is read before it is reset
              quietFocus.current = false;
            }}
            onTabOut={tabOut}
            onFocusLeft={(to) => {
              if (to !== open.anchor) scheduleClose();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** Holds the "more" button's place (and width, for measuring) while it is not needed or its code loads. */
function MorePlaceholder() {
  const { t } = useTranslation();
  return (
    <span className="app-header__nav-link app-header__more" aria-hidden="true">
      {t('header.more')}
      <ChevronDownIcon />
    </span>
  );
}
