import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { MenuIcon } from '@/components/icons';
import { changeLanguage, OPS_LANGUAGES, useLanguage, type OpsLanguage } from '@/lib/i18n';
import { hasPermission, useStaff } from '@/lib/session';
import { chooseTheme, useTheme } from '@/lib/theme';
import { useIdleTimeout } from '@/lib/use-idle-timeout';
import { useSignOut } from '../use-sign-out';
import { NAV_GROUPS } from '../nav';
import { OPS_ROUTES } from '../routes';

/** The signed-in frame: header, grouped side navigation (only what the role may open), the page. */
export function ShellLayout() {
  const { t } = useTranslation();
  const staff = useStaff();
  const signOut = useSignOut();
  const location = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  useIdleTimeout(staff.idleTimeoutMs, () => signOut('idle'));
  useDocumentTitle();
  useEffect(() => setNavOpen(false), [location.pathname]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="shell__header">
        <button
          type="button"
          className="icon-button shell__menu-button"
          aria-label={t('nav.menu')}
          aria-expanded={navOpen}
          aria-controls="side-nav"
          onClick={() => setNavOpen((open) => !open)}
        >
          <MenuIcon />
        </button>
        <p className="shell__brand">
          {t('app.name')}
          {staff.merchantCode && (
            <span className="shell__merchant" data-testid="header-merchant">
              {staff.merchantCode}
            </span>
          )}
        </p>
        <div className="shell__tools">
          <span className="shell__who" data-testid="header-staff">
            <span className="shell__name">{staff.displayName}</span>
            <span className="shell__role" data-testid="header-role">
              {t(`roles.${staff.role}`)}
            </span>
          </span>
          <LanguageSwitch />
          <ThemeToggle />
          <button type="button" className="button button--ghost" data-testid="sign-out" onClick={() => signOut()}>
            {t('auth.signOut')}
          </button>
        </div>
      </header>
      <div className="shell__body">
        <SideNav open={navOpen} />
        <main className="shell__main" id="main" tabIndex={-1}>
          <Suspense
            fallback={
              <div className="page-spinner" role="status" aria-label={t('common.loading')}>
                <div className="spinner" />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

function SideNav({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const entries = OPS_ROUTES.filter((route) => route.nav && hasPermission(staff, route.permission));
  return (
    <nav id="side-nav" className={open ? 'side-nav side-nav--open' : 'side-nav'} aria-label={t('nav.label')}>
      {NAV_GROUPS.map((group) => {
        const items = entries
          .filter((route) => route.nav?.group === group)
          .sort((a, b) => (a.nav?.order ?? 100) - (b.nav?.order ?? 100));
        if (items.length === 0) return null;
        return (
          <div key={group} className="side-nav__group" data-testid={`nav-group-${group}`}>
            <p className="side-nav__heading">{t(`nav.groups.${group}`)}</p>
            <ul>
              {items.map((route) => (
                <li key={route.path}>
                  <NavLink
                    to={`/${route.path}`}
                    end={route.path === ''}
                    className="side-nav__link"
                    data-testid={`nav-${route.path === '' ? 'dashboard' : route.path.replaceAll('/', '-')}`}
                  >
                    {t(route.titleKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <label className="shell__language">
      <span className="visually-hidden">{t('common.language')}</span>
      <select
        className="field__control"
        value={language}
        data-testid="language-switch"
        onChange={(event) => void changeLanguage(event.target.value as OpsLanguage)}
      >
        {OPS_LANGUAGES.map((option) => (
          <option key={option.code} value={option.code}>
            {option.code}
          </option>
        ))}
      </select>
    </label>
  );
}

function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="button button--ghost"
      data-testid="theme-toggle"
      aria-label={t(`common.theme.${next}`)}
      onClick={() => chooseTheme(next)}
    >
      {t(`common.themeShort.${next}`)}
    </button>
  );
}

/** "Staff · Back office": the title of the deepest route that names one. */
function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = [...matches]
    .reverse()
    .map((match) => (match.handle as { titleKey?: string } | undefined)?.titleKey)
    .find((value) => value !== undefined);
  const title = key ? `${t(key)} · ${t('app.name')}` : t('app.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
