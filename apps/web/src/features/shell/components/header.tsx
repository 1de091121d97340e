import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@platform/contracts';
import { MenuIcon } from '@/components/icons';
import { openAuthDialog } from '@/lib/auth-dialog';
import { useConfig } from '@/lib/config';
import { useSession } from '@/lib/session';
import { BrandLogo } from './brand-logo';
import { MenuLink } from './menu-link';
import { ThemeToggle } from './theme-toggle';

export type SideMenuControl = { id: string; open: boolean; onToggle: () => void };

/** Guest header (spec §2 Header): brand, game categories, theme, login and register. */
export function Header({ sideMenu }: { sideMenu?: SideMenuControl }) {
  const { t } = useTranslation();
  const config = useConfig();
  const session = useSession();
  const categories = config.menu.filter((entry) => entry.placement === 'header');
  return (
    <header className="app-header" data-testid="app-header">
      {sideMenu && (
        <button
          type="button"
          className="icon-button"
          data-testid="side-menu-toggle"
          aria-label={t('header.menu')}
          aria-expanded={sideMenu.open}
          aria-controls={sideMenu.id}
          onClick={sideMenu.onToggle}
        >
          <MenuIcon />
        </button>
      )}
      <BrandLogo />
      {categories.length > 0 && (
        <nav className="app-header__nav" aria-label={t('header.categories')}>
          <ul>
            {categories.map((entry) => (
              <li key={entry.menuId}>
                <MenuLink entry={entry} className="app-header__nav-link" />
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="app-header__actions">
        <ThemeToggle testId="theme-toggle" />
        {session.isLogin ? (
          <>
            {session.isAgent && (
              <Link to={ROUTES.agentHome} className="button button--ghost">
                {t('header.agentCentre')}
              </Link>
            )}
            {!session.isTrial && (
              <Link to={ROUTES.member} className="button button--ghost">
                {t('header.myAccount')}
              </Link>
            )}
          </>
        ) : (
          <>
            <button type="button" className="button button--ghost" onClick={() => openAuthDialog('login')}>
              {t('header.login')}
            </button>
            <button type="button" className="button button--primary" onClick={() => openAuthDialog('register')}>
              {t('header.register')}
            </button>
          </>
        )}
      </div>
    </header>
  );
}
