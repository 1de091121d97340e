import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionState } from '@/components/section-state';
import { openAuthDialog } from '@/lib/auth-dialog';
import { formatDateTime, useLocale } from '@/lib/i18n/use-locale';
import { useMemberInfo } from '../hooks/use-member-info';

/** The account at a glance (spec §3 member info): who, how to reach them, and the password action. */
export function AccountSummary() {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  const info = useMemberInfo();
  const notSet = <span className="muted">{t('member.notBound')}</span>;
  return (
    <section aria-labelledby={headingId} className="member-section" data-testid="account-summary">
      <h3 id={headingId} className="member-centre__subheading">
        {t('member.accountBasics')}
      </h3>
      <SectionState query={info} emptyText={t('member.accountBasicsEmpty')}>
        {(member) => (
          <>
            <dl className="details">
              <dt>{t('form.username')}</dt>
              <dd data-testid="account-username">{member.account}</dd>
              <dt>{t('form.fields.nickname')}</dt>
              <dd>{member.nickname || notSet}</dd>
              <dt>{t('form.fields.mobileNum')}</dt>
              <dd data-testid="account-mobile">
                {member.mobileNum ? `${member.countryDialingCode ?? ''} ${member.mobileNum}`.trim() : notSet}
              </dd>
              <dt>{t('form.fields.email')}</dt>
              <dd data-testid="account-email">{member.email || notSet}</dd>
              <dt>{t('member.lastLogin')}</dt>
              <dd>{member.lastLoginAt ? formatDateTime(member.lastLoginAt, locale) : notSet}</dd>
            </dl>
            {!member.mobileNum && <p className="muted">{t('member.bindMobileHint')}</p>}
            <div className="member-section__actions">
              <button
                type="button"
                className="button button--ghost"
                data-testid="open-change-password"
                onClick={() => openAuthDialog('changePassword')}
              >
                {t('changePassword.title')}
              </button>
            </div>
          </>
        )}
      </SectionState>
    </section>
  );
}
