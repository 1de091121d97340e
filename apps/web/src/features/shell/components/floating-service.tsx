import { useTranslation } from 'react-i18next';
import { CustomerServiceButton } from '@/components/customer-service-button';
import { ExternalLink } from '@/components/external-link';
import { ChatIcon, FacebookIcon, TelegramIcon } from '@/components/icons';
import { useConfig } from '@/lib/config';
import { customerServiceUrl } from '@/lib/customer-service';
import { firstResourceUrl } from '../utils/social';

/** Floating service icons fixed at the page edge (spec §2): live chat, Facebook, Telegram. */
export function FloatingService() {
  const { t } = useTranslation();
  const config = useConfig();
  const facebook = firstResourceUrl(config, 'FACEBOOK');
  const telegram = firstResourceUrl(config, 'TELEGRAM');
  if (!customerServiceUrl(config.customerService) && !facebook && !telegram) return null;
  return (
    <aside className="floating-service" aria-label={t('floating.label')}>
      <CustomerServiceButton
        entries={config.customerService}
        className="floating-service__item"
        label={t('sideMenu.liveChat')}
      >
        <ChatIcon />
      </CustomerServiceButton>
      {facebook && (
        <ExternalLink href={facebook} className="floating-service__item" label="Facebook">
          <FacebookIcon />
        </ExternalLink>
      )}
      {telegram && (
        <ExternalLink href={telegram} className="floating-service__item" label="Telegram">
          <TelegramIcon />
        </ExternalLink>
      )}
    </aside>
  );
}
