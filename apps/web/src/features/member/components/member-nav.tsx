import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberPageKey } from '@platform/contracts';
import { paths } from '@/config/paths';
import { availableMemberPages, type BadgeCounts, type BadgePageKey, type MemberPages } from './member-pages';

const badgeOf = (key: MemberPageKey, counts: BadgeCounts): number => counts[key as BadgePageKey] ?? 0;

/** Left navigation of the member centre (tabs above the page on a phone), with room for badge counts (spec §2). */
export function MemberNav({
  pages,
  active,
  badgeCounts,
}: {
  pages: MemberPages;
  active: MemberPageKey;
  badgeCounts: BadgeCounts;
}) {
  const { t } = useTranslation();
  const currentRef = useRef<HTMLAnchorElement>(null);
  // On a phone the list is a row of tabs that scrolls sideways: the current page's tab is brought into view.
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  return (
    <nav className="member-centre__nav" aria-label={t('member.navLabel')}>
      <ul>
        {availableMemberPages(pages).map((key) => {
          const badge = badgeOf(key, badgeCounts);
          return (
            <li key={key}>
              <Link
                to={paths.memberPage(key)}
                ref={key === active ? currentRef : undefined}
                className="member-centre__link"
                aria-current={key === active ? 'page' : undefined}
              >
                <span>{t(pages[key]?.titleKey ?? key)}</span>
                {badge > 0 && (
                  <span className="badge">
                    {badge > 99 ? '99+' : badge}
                    <span className="visually-hidden"> {t('member.newItems')}</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
