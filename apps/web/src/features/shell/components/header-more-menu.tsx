import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '@platform/contracts';
import { ChevronDownIcon } from '@/components/control-icons';
import { toSafeUrl } from '@/lib/customer-service';

/**
 * The header's "more" menu: the categories the bar has no room for (ADR 0024). A Radix dropdown, so it opens with
 * Enter, Space or Arrow Down, moves with the arrows and closes with Escape, focus returning to its button.
 */
export function HeaderMoreMenu({ entries }: { entries: readonly MenuEntry[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = entries.some((entry) => entry.route === pathname);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="app-header__nav-link app-header__more"
        data-testid="header-more"
        aria-label={t('header.moreCategories')}
        data-current={current || undefined}
      >
        {t('header.more')}
        <ChevronDownIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6} data-testid="header-more-menu">
          {entries.map((entry) => {
            const label = t(entry.nameKey, { defaultValue: entry.menuId });
            const inApp = entry.route.startsWith('/') && !entry.route.startsWith('//');
            const href = inApp ? undefined : (toSafeUrl(entry.route) ?? undefined);
            if (!inApp && !href) return null;
            return (
              <DropdownMenu.Item key={entry.menuId} asChild className="menu__item">
                {inApp ? (
                  <Link to={entry.route} aria-current={entry.route === pathname ? 'page' : undefined}>
                    {label}
                  </Link>
                ) : (
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {label}
                    <span className="visually-hidden"> {t('common.opensNewTab')}</span>
                  </a>
                )}
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
