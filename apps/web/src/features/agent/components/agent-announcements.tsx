import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SectionState } from '@/components/section-state';
import { useLanguage } from '@/lib/i18n/i18n';
import { agentQueryRoot, fetchAnnouncements } from '../api/agent-api';
import { DateTime, ReportPager } from './report-parts';

const PAGE_SIZE = 10;

/**
 * agentAnnouncement (spec §2): the announcements staff wrote for agents in the back office, live ones only, in the
 * language in use, newest first, with their publication date and paging.
 */
export function AgentAnnouncements() {
  const { t } = useTranslation();
  const { code: language } = useLanguage();
  const [pageNo, setPageNo] = useState(1);
  const filter = { pageNo, pageSize: PAGE_SIZE, language };
  const query = useQuery({
    queryKey: [...agentQueryRoot, 'announcements', filter],
    queryFn: ({ signal }) => fetchAnnouncements(filter, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="agent-report" data-testid="agent-announcements">
      <SectionState
        query={query}
        errorTestId="agent-announcements-error"
        emptyText={t('agent.emptyAnnouncements')}
        emptyTestId="agent-announcements-empty"
        isEmpty={(page) => page.list.length === 0}
      >
        {(page) => (
          <>
            <ul className="agent-announcements">
              {page.list.map((item) => (
                <li key={item.id} className="agent-announcement" data-testid="agent-announcement">
                  <h3 className="agent-announcement__title">{item.title}</h3>
                  <p className="muted">
                    <DateTime iso={item.publishedAt} />
                  </p>
                  <p className="agent-announcement__content">{item.content}</p>
                </li>
              ))}
            </ul>
            <p className="muted" data-testid="agent-announcements-total">
              {t('agent.announcementsTotal', { count: page.total })}
            </p>
            <ReportPager
              pageNo={pageNo}
              totalPages={page.totalPages}
              onPage={setPageNo}
              testId="agent-announcements-pager"
            />
          </>
        )}
      </SectionState>
    </section>
  );
}
