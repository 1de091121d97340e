import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@platform/contracts';
import { ChevronDownIcon } from '@/components/control-icons';
import { paths } from '@/config/paths';
import { openTrialNotice } from '@/lib/app-dialogs';
import { useConfig } from '@/lib/config';
import { customerServiceUrl } from '@/lib/customer-service';
import { openPublicModal } from '@/lib/site-modals';
import { useUnreadMessages } from '@/lib/inbox';
import { displayNameOf, useSession, useSessionUser } from '@/lib/session';
import { useLogout } from '@/lib/use-logout';
import { useVipQuery } from '@/lib/vip';
import { useAvatarUrl } from '../hooks/use-avatar-url';

const initialsOf = (name: string): string =>
  name
    .split(/[\s._-]+/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('') || '?';

/**
 * The logged-in header (spec §2 Header): avatar, nickname and a dropdown with account (member centre), betting record
 * (its member-centre page), customer service, agent (agents only) and sign-out. Messages join the menu when their page
 * exists. A trial member's account and betting-record entries show the true-account notice instead (spec §6: no member
 * centre for trial members).
 */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const user = useSessionUser();
  const config = useConfig();
  const logout = useLogout();
  const avatar = useAvatarUrl(session.isLogin);
  const name = displayNameOf(user);
  const serviceUrl = customerServiceUrl(config.customerService);
  const unread = useUnreadMessages();
  const unreadLabel = unread > 99 ? '99+' : String(unread);
  const vip = useVipQuery().data;
  const vipLabel = !session.isTrial && vip?.hasVip === true ? vip.vipLabelName : null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="user-menu__trigger"
        data-testid="user-menu-trigger"
        aria-label={t('header.accountMenu')}
      >
        <span className="avatar-wrap">
          <span className="avatar" aria-hidden="true">
            {avatar ? <img src={avatar} alt="" width={32} height={32} /> : initialsOf(name)}
          </span>
          {vipLabel !== null && (
            <span
              className="vip-label"
              data-testid="header-vip-label"
              title={t('header.vipLevel', { label: vipLabel })}
            >
              {vipLabel}
            </span>
          )}
        </span>
        {unread > 0 && (
          <span
            className="badge badge--count"
            data-testid="header-unread"
            aria-label={t('header.unreadMessages', { count: unread })}
          >
            {unreadLabel}
          </span>
        )}
        <span className="user-menu__name" data-testid="user-nickname">
          {name}
        </span>
        <ChevronDownIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          <DropdownMenu.Item
            className="menu__item"
            data-testid="user-menu-account"
            onSelect={() => (session.isTrial ? openTrialNotice() : void navigate(ROUTES.member))}
          >
            {t('header.myAccount')}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className="menu__item"
            data-testid="user-menu-bets"
            onSelect={() =>
              session.isTrial ? openTrialNotice() : void navigate(paths.memberPage('personalHistoryCopy'))
            }
          >
            {t('header.bettingRecord')}
          </DropdownMenu.Item>
          {!session.isTrial && (
            <DropdownMenu.Item
              className="menu__item"
              data-testid="user-menu-messages"
              onSelect={() => void navigate(paths.memberPage('messageV2'))}
            >
              {t('header.messages')}
              {unread > 0 && <span className="badge badge--count">{unreadLabel}</span>}
            </DropdownMenu.Item>
          )}
          {!session.isTrial && (
            <DropdownMenu.Item
              className="menu__item"
              data-testid="user-menu-vip"
              onSelect={() => void navigate(ROUTES.vip)}
            >
              {t('header.vip')}
              {vipLabel !== null && <span className="badge">{vipLabel}</span>}
            </DropdownMenu.Item>
          )}
          {serviceUrl && (
            <DropdownMenu.Item className="menu__item" data-testid="user-menu-service" onSelect={openPublicModal}>
              {t('status.customerService')}
            </DropdownMenu.Item>
          )}
          {session.isAgent && (
            <DropdownMenu.Item
              className="menu__item"
              data-testid="user-menu-agent"
              onSelect={() => void navigate(ROUTES.agentHome)}
            >
              {t('header.agentCentre')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" data-testid="user-menu-logout" onSelect={logout}>
            {t('header.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
