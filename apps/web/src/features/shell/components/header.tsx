import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon, UserIcon } from '@/components/icons';
import { openAuthDialog } from '@/lib/auth-dialog';
import { useConfig } from '@/lib/config';
import { displayNameOf, useSession, useSessionUser } from '@/lib/session';
import { BrandLogo } from './brand-logo';
import { HeaderCategoryNav } from './header-category-nav';
import { ThemeToggle } from './theme-toggle';

// The dropdown (Radix) loads once someone is logged in: guests never download it.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
// So does the wallet (balance query, hide and refresh, deposit and withdraw).
const HeaderWallet = lazy(() => import('./header-wallet').then((m) => ({ default: m.HeaderWallet })));

/** Holds the place of the account menu while its code loads, so the header does not jump. */
function UserMenuPlaceholder() {
  const name = displayNameOf(useSessionUser());
  return (
    <span className="user-menu__trigger user-menu__trigger--placeholder" aria-hidden="true">
      <span className="avatar" />
      <span className="user-menu__name">{name}</span>
    </span>
  );
}

export type SideMenuControl = { id: string; open: boolean; onToggle: () => void };

/**
 * Header (spec §2): brand, game categories, theme; login and register for guests, the account menu once logged in.
 * `notices`: the notice bell, composed by the layout (the notices feature is not the shell's to import).
 */
export function Header({ sideMenu, notices }: { sideMenu?: SideMenuControl; notices?: ReactNode }) {
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
      {categories.length > 0 && <HeaderCategoryNav entries={categories} />}
      <div className="app-header__actions">
        {notices}
        <ThemeToggle testId="theme-toggle" />
        {session.isLogin ? (
          <>
            <Suspense fallback={null}>
              <HeaderWallet />
            </Suspense>
            <Suspense fallback={<UserMenuPlaceholder />}>
              <UserMenu />
            </Suspense>
          </>
        ) : (
          <>
            {/* On a phone it shrinks to its icon (the name stays for assistive technology): room for every control. */}
            <button
              type="button"
              className="button button--ghost app-header__login"
              data-testid="header-login"
              title={t('header.login')}
              onClick={() => openAuthDialog('login')}
            >
              <UserIcon className="app-header__login-icon" />
              <span className="app-header__login-text">{t('header.login')}</span>
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
