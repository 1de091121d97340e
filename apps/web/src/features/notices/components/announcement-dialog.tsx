import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Notice, NoticeGroups } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { SectionState } from '@/components/section-state';
import { formatDateTime, useLocale } from '@/lib/i18n/use-locale';
import type { AnnouncementView } from '../hooks/announcements';
import { noticeLists, pageCount, pageItems, pageOf } from '../utils/notice-lists';
import { rewardCentrePath } from '../utils/reward-centre';

const listOf = (groups: NoticeGroups, view: AnnouncementView): Notice[] => {
  const lists = noticeLists(groups);
  return view === 'popup' ? lists.popup : lists.all;
};

function NoticeDetail({ notice, onGo }: { notice: Notice; onGo: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  return (
    <article className="announcements__detail" aria-labelledby={headingId} data-testid="announcement-detail">
      <h3 id={headingId} className="announcements__detail-title">
        {notice.title}
      </h3>
      <p className="announcements__meta">
        <span className="announcements__type">{t(`notices.types.${notice.type}`)}</span>{' '}
        <time dateTime={notice.publishedAt}>{formatDateTime(notice.publishedAt, locale)}</time>
      </p>
      <div className="announcements__content">{notice.content}</div>
      {notice.type === 'PR' && (
        <Link
          to={rewardCentrePath(notice)}
          className="button button--primary announcements__go"
          data-testid="announcement-go"
          onClick={onGo}
        >
          {t('notices.go')}
        </Link>
      )}
    </article>
  );
}

/** List on the left, 9 per page with a pager, the chosen notice on the right (spec §2 announcement popup). */
function AnnouncementList({
  list,
  initialId,
  onGo,
}: {
  list: readonly Notice[];
  initialId: string | null;
  onGo: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [chosenPage, setChosenPage] = useState(() => pageOf(list, initialId));
  const [selectedId, setSelectedId] = useState(initialId);
  const total = pageCount(list.length);
  const page = Math.min(chosenPage, total);
  const items = pageItems(list, page);
  const selected = items.find((notice) => notice.id === selectedId) ?? items[0];
  const goTo = (next: number) => {
    setChosenPage(next);
    setSelectedId(null);
  };
  return (
    <div className="announcements">
      <div className="announcements__side">
        <ul className="announcements__list" aria-label={t('notices.listLabel')} data-testid="announcement-list">
          {items.map((notice) => (
            <li key={notice.id}>
              <button
                type="button"
                className="announcements__item"
                aria-current={notice.id === selected?.id ? 'true' : undefined}
                data-testid="announcement-item"
                data-type={notice.type}
                onClick={() => setSelectedId(notice.id)}
              >
                <span className="announcements__item-title">{notice.title}</span>
                <span className="announcements__item-date">{formatDateTime(notice.publishedAt, locale)}</span>
              </button>
            </li>
          ))}
        </ul>
        {total > 1 && (
          <nav className="announcements__pager" aria-label={t('notices.pagerLabel')}>
            <button
              type="button"
              className="button button--ghost"
              disabled={page <= 1}
              data-testid="announcement-prev"
              onClick={() => goTo(page - 1)}
            >
              {t('notices.previousPage')}
            </button>
            <span className="announcements__page" aria-live="polite" data-testid="announcement-page">
              {t('notices.pageOf', { page, total })}
            </span>
            <button
              type="button"
              className="button button--ghost"
              disabled={page >= total}
              data-testid="announcement-next"
              onClick={() => goTo(page + 1)}
            >
              {t('notices.nextPage')}
            </button>
          </nav>
        )}
      </div>
      {selected && <NoticeDetail notice={selected} onGo={onGo} />}
    </div>
  );
}

/**
 * The announcement popup (spec §2 noticeModal): the audience's popup and promotion notices (`popup`), or every notice
 * (`all`, from the bell or a marquee item). The project's dialog: focus trap, Escape and outside click close it.
 */
export function AnnouncementDialog({
  view,
  noticeId,
  query,
  onClose,
}: {
  view: AnnouncementView;
  noticeId: string | null;
  query: UseQueryResult<NoticeGroups>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={view === 'popup' ? t('notices.popupTitle') : t('notices.allTitle')}
      description={view === 'popup' ? t('notices.popupDescription') : t('notices.allDescription')}
      testId="announcement-dialog"
      className="dialog--announcements"
      // It opens by itself while the page is still settling: its first layout belongs to the browser's own frame.
      focusAfterPaint
    >
      <SectionState
        query={query}
        isEmpty={(groups) => listOf(groups, view).length === 0}
        emptyText={t('notices.empty')}
        emptyTestId="announcement-empty"
        errorTestId="announcement-error"
      >
        {(groups) => <AnnouncementList list={listOf(groups, view)} initialId={noticeId} onGo={onClose} />}
      </SectionState>
    </Dialog>
  );
}
