import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDownload } from './app-download';
import { CustomerServiceLinks } from './customer-service-links';
import { LanguageSelect } from './language-select';
import { LegalLicense } from './legal-license';
import { SideMenuLinks } from './side-menu-links';
import { SocialLinks, useHasSocialLinks } from './social-links';
import { ThemeToggle } from './theme-toggle';
import { useSession } from '@/lib/session';
import { useLogout } from '@/lib/use-logout';

/** Sign-out (spec §2 side menu), with the same confirmation as the header's. */
function SideMenuLogout() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <button type="button" className="side-menu__link" data-testid="side-menu-logout" onClick={logout}>
      {t('header.logout')}
    </button>
  );
}

/**
 * The side menu (spec §2). Collapsed, it leaves the DOM's accessibility tree entirely (`hidden`). `banner`: the
 * w_leftmenu banner, composed by the layout.
 */
export function SideMenu({ id, open, banner }: { id: string; open: boolean; banner?: ReactNode }) {
  const { t } = useTranslation();
  const settingsId = useId();
  const socialId = useId();
  const hasSocial = useHasSocialLinks();
  const { isLogin } = useSession();
  return (
    <aside id={id} className="side-menu" data-testid="side-menu" aria-label={t('sideMenu.label')} hidden={!open}>
      <SideMenuLinks />
      <section className="side-menu__section" aria-labelledby={settingsId}>
        <h2 id={settingsId} className="side-menu__heading">
          {t('sideMenu.settings')}
        </h2>
        <LanguageSelect />
        <ThemeToggle testId="side-menu-theme-toggle" withText />
      </section>
      <AppDownload />
      <CustomerServiceLinks />
      {hasSocial && (
        <section className="side-menu__section" aria-labelledby={socialId}>
          <h2 id={socialId} className="side-menu__heading">
            {t('sideMenu.followUs')}
          </h2>
          <SocialLinks />
        </section>
      )}
      <LegalLicense />
      {isLogin && <SideMenuLogout />}
      {/* Last: a banner arriving after the first paint pushes nothing down. */}
      {banner}
    </aside>
  );
}
