import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES, WHITELABEL_MODULES } from '@platform/contracts';
import { isModuleEnabled, useConfig } from '@/lib/config';

/**
 * Only entries whose page exists today. Deposit, withdrawal, bonus, reward centre and manual rebate are
 * member features that add their entries when they ship; point mall and agent follow their site flags.
 */
export function SideMenuLinks() {
  const { t } = useTranslation();
  const { whitelabel } = useConfig();
  const links = [
    { to: ROUTES.promotions, label: t('sideMenu.promotions') },
    ...(isModuleEnabled(whitelabel, WHITELABEL_MODULES.POINTS_SYSTEM)
      ? [{ to: ROUTES.pointMall, label: t('sideMenu.pointMall') }]
      : []),
    ...(isModuleEnabled(whitelabel, WHITELABEL_MODULES.AGENT_POLICY)
      ? [{ to: ROUTES.agent, label: t('sideMenu.agent') }]
      : []),
  ];
  return (
    <nav aria-label={t('sideMenu.navLabel')}>
      <ul className="side-menu__list">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="side-menu__link">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
