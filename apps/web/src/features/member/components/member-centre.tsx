import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { resolveMemberPage, type BadgeCounts, type MemberPages } from './member-pages';
import { MemberNav } from './member-nav';

/**
 * The member centre frame (spec §2 "Member centre pages (by page key)"). The page is chosen by
 * `/member?page=<key>`: one route in the table, and links that survive a reload.
 */
export function MemberCentre({
  title,
  pages,
  badgeCounts = {},
}: {
  title: string;
  pages: MemberPages;
  badgeCounts?: BadgeCounts;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const active = resolveMemberPage(pages, params.get('page'));
  const page = pages[active];
  return (
    <PageFrame title={title} testId="member-centre">
      <div className="member-centre">
        <MemberNav pages={pages} active={active} badgeCounts={badgeCounts} />
        <div className="member-centre__panel">
          {page && (
            <>
              <h2 className="member-centre__title">{t(page.titleKey)}</h2>
              <page.Component />
            </>
          )}
        </div>
      </div>
    </PageFrame>
  );
}
