import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES, WHITELABEL_MODULES } from '@platform/contracts';
import { paths } from '@/config/paths';
import { isModuleEnabled, useConfig } from '@/lib/config';
import { usePromotionState } from '@/lib/promotion-state';
import { useSession } from '@/lib/session';

/**
 * Only entries whose page exists today. Deposit, withdrawal and bonus are member features that add their entries when
 * they ship; the reward centre shows to members, the manual rebate while MANPLAYREB3 is on; point mall and agent
 * follow their site flags.
 */
export function SideMenuLinks() {
  const { t } = useTranslation();
  const { whitelabel } = useConfig();
  const { isLogin, isTrial } = useSession();
  const member = isLogin && !isTrial;
  // The public state's availablePromoCount: promotions the member can still join or claim (0 for guests).
  const { availablePromoCount: available, availablePromo } = usePromotionState();
  const links: { to: string; label: string; badge?: number }[] = [
    ...(member && isModuleEnabled(whitelabel, WHITELABEL_MODULES.MANUAL_REBATE)
      ? [{ to: paths.memberPage('manualRebate'), label: t('sideMenu.manualRebate') }]
      : []),
    ...(member ? [{ to: paths.memberPage('rewardCenter'), label: t('sideMenu.rewardCenter') }] : []),
    { to: ROUTES.promotions, label: t('sideMenu.promotions'), badge: available },
    // Spec §2 side menu "agent/referral (if enabled)", §6: the site flag and the programme's setting (public state).
    ...(member && availablePromo.REFERRAL.enabled
      ? [{ to: paths.memberPage('referral'), label: t('sideMenu.referral') }]
      : []),
    { to: ROUTES.raffles, label: t('sideMenu.raffles') },
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
            {link.to.includes('?') ? (
              // A member-centre page: NavLink matches paths only, so it would mark every member page current.
              <Link to={link.to} className="side-menu__link">
                {link.label}
              </Link>
            ) : (
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
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
