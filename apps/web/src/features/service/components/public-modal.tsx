import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatHours } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { ExternalLink } from '@/components/external-link';
import { ChatIcon, FacebookIcon, TelegramIcon, WhatsappIcon } from '@/components/icons';
import { useConfig } from '@/lib/config';
import { customerServiceUrl, decodeEntry, openCustomerService } from '@/lib/customer-service';
import { closeSiteModal, openHelpModal } from '@/lib/site-modals';
import { getHours } from '../api/chat-api';

const ICONS: Record<string, ReactNode> = {
  TELEGRAM: <TelegramIcon />,
  FACEBOOK: <FacebookIcon />,
  WHATSAPP: <WhatsappIcon />,
};
const pad = (n: number) => String(n).padStart(2, '0');
/** Minutes of the day as a clock shows them (1440, the end of the day, as 24:00). */
export const clockOf = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

/** Consecutive ISO days as runs: [1,2,3,4,5,7] → [[1,5],[7,7]]. */
export const dayRuns = (days: readonly number[]): [number, number][] => {
  const runs: [number, number][] = [];
  for (const day of [...days].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && day === last[1] + 1) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
};

function HoursLine({ hours }: { hours: ChatHours }) {
  const { t } = useTranslation();
  if (hours.days.length === 0) return <p data-testid="public-hours">{t('publicModal.noHours')}</p>;
  const day = (n: number) => t(`publicModal.days.${n}`);
  const days = dayRuns(hours.days)
    .map(([from, to]) => (from === to ? day(from) : t('publicModal.dayRange', { from: day(from), to: day(to) })))
    .join(', ');
  return (
    <p data-testid="public-hours">
      {t('publicModal.hours', {
        days,
        opens: clockOf(hours.opensMinute),
        closes: clockOf(hours.closesMinute),
        timezone: hours.timezone,
      })}
    </p>
  );
}

/**
 * publicModal (spec §2 Popups): customer service at a glance. Whether support is in its consulting hours now, the
 * hours themselves, our live chat (outside the hours it takes a message that waits for staff), the merchant's other
 * channels (Telegram, WhatsApp...) and the help centre. Closed by its button, Escape or a tap outside.
 */
export function PublicModal() {
  const { t } = useTranslation();
  const config = useConfig();
  const [blocked, setBlocked] = useState(false);
  const hours = useQuery({ queryKey: ['chat-hours'], queryFn: getHours, staleTime: 30_000 });
  const chatUrl = config.customerService.some((entry) => entry.csType.toUpperCase() === 'LIVECHAT')
    ? customerServiceUrl(config.customerService)
    : null;
  const channels = config.customerService
    .filter((entry) => entry.csType.toUpperCase() !== 'LIVECHAT')
    .map((entry) => ({ kind: entry.csType.toUpperCase(), url: decodeEntry(entry) }))
    .filter((entry): entry is { kind: string; url: string } => entry.url !== null);
  const open = hours.data?.open;
  return (
    <Dialog
      open
      onOpenChange={(value) => !value && closeSiteModal()}
      title={t('publicModal.title')}
      description={t('publicModal.description')}
      className="public-modal"
      testId="public-modal"
    >
      {hours.isPending && (
        <p role="status" className="muted">
          {t('common.loading')}
        </p>
      )}
      {hours.isError && (
        <p role="alert" className="inline-error">
          {t('errors.network')}
        </p>
      )}
      {hours.data && (
        <div className="public-modal__hours">
          <p
            className={`public-modal__status public-modal__status--${open ? 'open' : 'closed'}`}
            data-testid="public-status"
          >
            {open ? t('publicModal.online') : t('publicModal.offline')}
          </p>
          <HoursLine hours={hours.data} />
          {!open && <p className="muted">{t('publicModal.offlineNote')}</p>}
        </div>
      )}
      <ul className="public-modal__channels">
        {chatUrl && (
          <li>
            <button
              type="button"
              className="button button--primary public-modal__channel"
              data-testid="public-live-chat"
              onClick={() => {
                const opened = openCustomerService(chatUrl);
                setBlocked(!opened);
                if (opened) closeSiteModal();
              }}
            >
              <ChatIcon />
              <span>{open === false ? t('publicModal.leaveMessage') : t('sideMenu.liveChat')}</span>
            </button>
          </li>
        )}
        {channels.map((channel) => (
          <li key={channel.kind}>
            <ExternalLink href={channel.url} className="button button--ghost public-modal__channel">
              {ICONS[channel.kind] ?? <ChatIcon />}
              <span>
                {t(`publicModal.channels.${channel.kind}`, {
                  defaultValue: channel.kind.charAt(0) + channel.kind.slice(1).toLowerCase(),
                })}
              </span>
            </ExternalLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="button button--ghost public-modal__channel"
            data-testid="public-help"
            onClick={() => openHelpModal(null)}
          >
            <span>{t('publicModal.help')}</span>
          </button>
        </li>
      </ul>
      {blocked && (
        <p role="alert" className="inline-alert">
          {t('errors.popupBlocked')}
        </p>
      )}
    </Dialog>
  );
}
