import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerServiceButton } from '@/components/customer-service-button';
import { ExternalLink } from '@/components/external-link';
import { ChatIcon, CloseIcon, FacebookIcon, TelegramIcon } from '@/components/icons';
import { useConfig } from '@/lib/config';
import { customerServiceUrl } from '@/lib/customer-service';
import { firstResourceUrl } from '../utils/social';

/**
 * Floating service icons fixed at the page edge (spec §2): live chat, Facebook, Telegram. On a phone they fold behind
 * one small button in the corner, and the page keeps a free strip at its end, so they never sit on a game card's play
 * button or heart for good (ADR 0024); wider screens show them all in the gutter the page leaves for them.
 */
export function FloatingService() {
  const { t } = useTranslation();
  const config = useConfig();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const facebook = firstResourceUrl(config, 'FACEBOOK');
  const telegram = firstResourceUrl(config, 'TELEGRAM');
  if (!customerServiceUrl(config.customerService) && !facebook && !telegram) return null;
  return (
    <aside className={`floating-service${open ? ' floating-service--open' : ''}`} aria-label={t('floating.label')}>
      <div className="floating-service__items" id={listId}>
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
      </div>
      <button
        type="button"
        className="floating-service__item floating-service__toggle"
        data-testid="floating-service-toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={open ? t('floating.close') : t('floating.open')}
        onClick={() => setOpen(!open)}
      >
        {open ? <CloseIcon /> : <ChatIcon />}
      </button>
    </aside>
  );
}
