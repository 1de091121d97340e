import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { MEMBER_PAGES, resolveMemberPage, type BadgeCounts } from './member-pages';
import { MemberNav } from './member-nav';

/**
 * The member centre frame (spec §2 "Member centre pages (by page key)"). The page is chosen by
 * `/member?page=<key>`: one route in the table, and links that survive a reload.
 */
export function MemberCentre({ title, badgeCounts = {} }: { title: string; badgeCounts?: BadgeCounts }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const active = resolveMemberPage(params.get('page'));
  const page = MEMBER_PAGES[active];
  return (
    <PageFrame title={title} testId="member-centre">
      <div className="member-centre">
        <MemberNav active={active} badgeCounts={badgeCounts} />
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
