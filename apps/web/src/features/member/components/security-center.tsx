import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';

/**
 * securityCenter ("my account", the default member page). Account details come from member info, which
 * the identity feature loads; until then the section says plainly that there is nothing to show.
 */
export function SecurityCenter() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="member-centre__subheading">
        {t('member.accountBasics')}
      </h3>
      <EmptyState title={t('member.accountBasicsEmpty')} />
    </section>
  );
}
