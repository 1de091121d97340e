import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '@/lib/config';
import { decodeEntry } from '@/lib/customer-service';
import { useSession } from '@/lib/session';
import { ChatPanel } from './chat-panel';
import { FeedbackPanel } from './feedback-panel';

/**
 * The customer service window (spec §9: opened at 440x750 by the LIVECHAT entry): our live chat and, for members, the
 * feedback form; the merchant's other service links (Telegram, WhatsApp...) stay one tap away.
 */
export function ServiceWindow() {
  const { t } = useTranslation();
  const { isLogin, isTrial } = useSession();
  const config = useConfig();
  const [tab, setTab] = useState<'chat' | 'feedback'>('chat');
  const others = config.customerService
    .filter((entry) => entry.csType.toUpperCase() !== 'LIVECHAT')
    .map((entry) => ({ kind: entry.csType, url: decodeEntry(entry) }))
    .filter((entry): entry is { kind: string; url: string } => entry.url !== null);
  const canFeedback = isLogin && !isTrial;
  return (
    <section className="service" aria-label={t('pages.service')}>
      <header className="service__head">
        <h1 className="service__title">{t('pages.service')}</h1>
        {others.length > 0 && (
          <nav className="service__links" aria-label={t('service.otherChannels')}>
            {others.map((entry) => (
              <a key={entry.kind} href={entry.url} target="_blank" rel="noopener noreferrer">
                {entry.kind.charAt(0) + entry.kind.slice(1).toLowerCase()}
              </a>
            ))}
          </nav>
        )}
      </header>
      {canFeedback && (
        <div role="tablist" className="service__tabs">
          {(['chat', 'feedback'] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={tab === key ? 'service__tab service__tab--active' : 'service__tab'}
              onClick={() => setTab(key)}
            >
              {t(`service.tabs.${key}`)}
            </button>
          ))}
        </div>
      )}
      {tab === 'chat' || !canFeedback ? <ChatPanel /> : <FeedbackPanel />}
    </section>
  );
}
