import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openAnnouncements } from '../hooks/announcements';
import { useNotices } from '../hooks/use-notices';
import { markSeen, readSeenIds, unreadCount } from '../utils/seen-notices';

/** Shown as a number up to this; more reads "99+". */
const BADGE_MAX = 99;

/**
 * The header's notice bell (spec §2 header): the number of notices not seen since it was last opened, and a click
 * opens the announcement popup on the full list (B, PL, PU, PR, H).
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const { lists } = useNotices();
  const [seen, setSeen] = useState(readSeenIds);
  const ids = lists?.all.map((notice) => notice.id) ?? [];
  const unread = unreadCount(ids, seen);
  const open = () => {
    markSeen(ids);
    setSeen(readSeenIds());
    openAnnouncements('all');
  };
  return (
    <button
      type="button"
      className="icon-button notice-bell"
      aria-label={unread > 0 ? t('notices.bellUnread', { unread }) : t('notices.bell')}
      data-testid="notice-bell"
      onClick={open}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.8V3.5a1.5 1.5 0 0 0-3 0v.7A7 7 0 0 0 5 11v5l-2 2v1h18v-1z"
          fill="currentColor"
        />
      </svg>
      {unread > 0 && (
        <span className="badge notice-bell__count" aria-hidden="true" data-testid="notice-bell-count">
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      )}
    </button>
  );
}
