import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES, WHITELABEL_MODULES } from '@platform/contracts';
import { isModuleEnabled, useConfig } from '@/lib/config';
import { useAvailablePromoCount } from '@/lib/promotion-state';

/**
 * Only entries whose page exists today. Deposit, withdrawal, bonus, reward centre and manual rebate are
 * member features that add their entries when they ship; point mall and agent follow their site flags.
 */
export function SideMenuLinks() {
  const { t } = useTranslation();
  const { whitelabel } = useConfig();
  // The public state's availablePromoCount: promotions the member can still join or claim (0 for guests).
  const available = useAvailablePromoCount();
  const links: { to: string; label: string; badge?: number }[] = [
    { to: ROUTES.promotions, label: t('sideMenu.promotions'), badge: available },
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
              {link.badge !== undefined && link.badge > 0 && (
                <span
                  className="badge badge--count"
                  data-testid="promotions-badge"
                  aria-label={t('sideMenu.availablePromotions', { count: link.badge })}
                >
                  {link.badge > 99 ? '99+' : link.badge}
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
