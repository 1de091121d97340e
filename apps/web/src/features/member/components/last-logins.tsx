import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SectionState } from '@/components/section-state';
import { formatDateTime, useLocale } from '@/lib/i18n/use-locale';
import { getLogins, loginsQueryKey } from '../api/logins';
import { deviceOf } from '../utils/device';
import { TableHead } from '@platform/ui';

/** The last logins (GET /wps/member/logins): time, IP and device, so a member can spot a login that was not theirs. */
export function LastLogins() {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  const logins = useQuery({ queryKey: loginsQueryKey, queryFn: ({ signal }) => getLogins(signal) });
  return (
    <section aria-labelledby={headingId} className="member-section" data-testid="last-logins">
      <h3 id={headingId} className="member-centre__subheading">
        {t('member.lastLogins')}
      </h3>
      <SectionState query={logins} emptyText={t('member.lastLoginsEmpty')} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <div className="table-scroll stack-table-scroll">
            <table className="table stack-table">
              <TableHead
                headers={[t('member.loginTime'), t('member.loginIp'), t('member.loginDevice'), t('member.loginMethod')]}
              />
              <tbody>
                {list.map((login) => (
                  <tr key={`${login.loggedInAt}-${login.ip}`}>
                    <td data-label={t('member.loginTime')}>{formatDateTime(login.loggedInAt, locale)}</td>
                    <td data-label={t('member.loginIp')}>{login.ip}</td>
                    <td data-label={t('member.loginDevice')}>
                      {login.userAgent ? deviceOf(login.userAgent) : t('member.unknownDevice')}
                    </td>
                    <td data-label={t('member.loginMethod')}>{t(`member.loginMethods.${login.method}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SectionState>
    </section>
  );
}
