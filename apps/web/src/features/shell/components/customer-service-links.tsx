import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerServiceButton } from '@/components/customer-service-button';
import { ExternalLink } from '@/components/external-link';
import { ChatIcon, TelegramIcon } from '@/components/icons';
import { customerServiceUrl, decodeEntry } from '@/lib/customer-service';
import { useConfig } from '@/lib/config';
import { openPublicModal } from '@/lib/site-modals';
import { firstResourceUrl } from '../utils/social';

/** Customer service with a Telegram entry (spec §2 Side menu). Nothing is shown that has no link. */
export function CustomerServiceLinks() {
  const { t } = useTranslation();
  const headingId = useId();
  const config = useConfig();
  const telegramEntry = config.customerService.find((entry) => entry.csType.toUpperCase() === 'TELEGRAM');
  const telegram = (telegramEntry && decodeEntry(telegramEntry)) ?? firstResourceUrl(config, 'TELEGRAM');
  const hasChat = customerServiceUrl(config.customerService) !== null;
  if (!hasChat && !telegram) return null;
  return (
    <section className="side-menu__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="side-menu__heading">
        {t('sideMenu.customerService')}
      </h2>
      <ul className="side-menu__list">
        {hasChat && (
          <li>
            <CustomerServiceButton entries={config.customerService} className="side-menu__link">
              <ChatIcon />
              <span>{t('sideMenu.liveChat')}</span>
            </CustomerServiceButton>
          </li>
        )}
        <li>
          <button type="button" className="side-menu__link" data-testid="side-menu-public" onClick={openPublicModal}>
            <span>{t('publicModal.open')}</span>
          </button>
        </li>
        {telegram && (
          <li>
            <ExternalLink href={telegram} className="side-menu__link">
              <TelegramIcon />
              <span>{t('sideMenu.telegramSupport')}</span>
            </ExternalLink>
          </li>
        )}
      </ul>
    </section>
  );
}
