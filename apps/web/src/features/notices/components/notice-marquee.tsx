import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@platform/contracts';
import { openAnnouncements } from '../hooks/announcements';
import { useNotices } from '../hooks/use-notices';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { snippetOf } from '../utils/notice-lists';

/** Reading speed of the scrolling line: about 7 characters a second, never faster than a 20 s loop. */
const SECONDS_PER_CHARACTER = 0.14;
const MIN_LOOP_SECONDS = 20;

const loopSeconds = (notices: readonly Notice[]): number =>
  Math.max(
    MIN_LOOP_SECONDS,
    Math.round(
      notices.reduce((sum, notice) => sum + notice.title.length + snippetOf(notice.content).length + 4, 0) *
        SECONDS_PER_CHARACTER,
    ),
  );

function MarqueeItems({ notices, copy = false }: { notices: readonly Notice[]; copy?: boolean }) {
  return (
    <ul className="notice-marquee__list" {...(copy ? { 'aria-hidden': true } : {})}>
      {notices.map((notice) => (
        <li key={notice.id} className="notice-marquee__item">
          <button
            type="button"
            className="notice-marquee__button"
            data-testid={copy ? undefined : 'notice-marquee-item'}
            {...(copy ? { tabIndex: -1 } : {})}
            onClick={() => openAnnouncements('all', notice.id)}
          >
            <strong className="notice-marquee__title">{notice.title}</strong>{' '}
            <span className="notice-marquee__text">{snippetOf(notice.content)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The notice marquee under the banner (spec §2 home lobby): the player notices (PL) scroll sideways, a pure CSS
 * animation that pauses under the pointer or the keyboard focus; with reduced motion the notices stand still as a
 * list. A click opens the announcement popup on that notice. The bar keeps its height in every state, so its content
 * arriving moves nothing below it.
 */
export function NoticeMarquee() {
  const { t } = useTranslation();
  const { query, lists } = useNotices();
  const reducedMotion = useReducedMotion();
  const notices = lists?.marquee ?? [];
  let body;
  if (query.isPending) {
    body = <span className="notice-marquee__status">{t('common.loading')}</span>;
  } else if (query.isError) {
    body = (
      <span className="notice-marquee__status" data-testid="notice-marquee-error">
        {t('notices.unavailable')}
      </span>
    );
  } else if (notices.length === 0) {
    body = (
      <span className="notice-marquee__status" data-testid="notice-marquee-empty">
        {t('notices.marqueeEmpty')}
      </span>
    );
  } else if (reducedMotion) {
    body = <MarqueeItems notices={notices} />;
  } else {
    // Two copies side by side, moved by half their width: the line runs on without a gap.
    body = (
      <div
        className="notice-marquee__track"
        data-testid="notice-marquee-track"
        style={{ '--marquee-duration': `${loopSeconds(notices)}s` } as CSSProperties}
      >
        <MarqueeItems notices={notices} />
        <MarqueeItems notices={notices} copy />
      </div>
    );
  }
  return (
    <section
      className="notice-marquee"
      aria-label={t('notices.marqueeLabel')}
      data-testid="notice-marquee"
      data-motion={reducedMotion ? 'static' : 'scroll'}
    >
      <svg
        className="notice-marquee__icon"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M3 10v4a1 1 0 0 0 1 1h3l5 4V5L7 9H4a1 1 0 0 0-1 1zm13.5 2A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z"
          fill="currentColor"
        />
      </svg>
      <div className="notice-marquee__viewport">{body}</div>
    </section>
  );
}
