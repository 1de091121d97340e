import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionState } from '@/components/section-state';
import { formatDateTime, useLocale } from '@/lib/i18n/use-locale';
import { useNotices } from '../hooks/use-notices';
import { markSeen } from '../utils/seen-notices';

/**
 * The agent centre's messages entry (spec §2 "the agent nav also has ... messages"): the notices the site has for the
 * logged-in account, the same the header bell opens in the lobby, each opened in place; opening the page marks them
 * seen for the bell.
 */
export function AgentMessages() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { query, lists } = useNotices();
  const ids = lists?.all.map((notice) => notice.id).join(',') ?? '';
  useEffect(() => {
    if (ids) markSeen(ids.split(','));
  }, [ids]);
  return (
    <section className="agent-report" data-testid="agent-messages">
      <SectionState
        query={query}
        errorTestId="agent-messages-error"
        emptyText={t('notices.empty')}
        emptyTestId="agent-messages-empty"
        isEmpty={() => (lists?.all.length ?? 0) === 0}
      >
        {() => (
          <ul className="agent-announcements">
            {(lists?.all ?? []).map((notice) => (
              <li key={notice.id} className="agent-announcement" data-testid="agent-message">
                <details>
                  <summary className="agent-announcement__title">
                    {notice.title}{' '}
                    <time className="muted" dateTime={notice.publishedAt}>
                      {formatDateTime(notice.publishedAt, locale)}
                    </time>
                  </summary>
                  <p className="agent-announcement__content">{notice.content}</p>
                </details>
              </li>
            ))}
          </ul>
        )}
      </SectionState>
    </section>
  );
}
