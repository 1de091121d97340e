import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/dates';
import { getMemberBrief, supportKeys } from '../api/support-api';

/** The member beside a chat (issue 22): who, status, balances and the latest account records. */
export function MemberBrief({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const brief = useQuery({
    queryKey: supportKeys.member(memberId),
    queryFn: ({ signal }) => getMemberBrief(memberId, signal),
  });
  if (brief.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (brief.isError) return <p className="muted">{t('support.noMember')}</p>;
  const { profile, records } = brief.data;
  return (
    <aside className="support__member" aria-label={t('support.member')}>
      <h2>
        <Link to={`/ops/members/${profile.id}`}>{profile.username}</Link>
      </h2>
      <p>
        {t('support.status')}: {profile.status} · {t('support.type')}: {profile.userType}
      </p>
      <ul className="support__balances">
        {profile.balances.map((balance) => (
          <li key={`${balance.purpose}-${balance.currency}`}>
            {balance.purpose}: <strong>{balance.balance}</strong> {balance.currency}
          </li>
        ))}
      </ul>
      <h3>{t('support.recent')}</h3>
      {records.length === 0 ? (
        <p className="muted">{t('support.noRecords')}</p>
      ) : (
        <ul className="support__records">
          {records.map((record) => (
            <li key={record.id}>
              {formatDateTime(record.time)} · {record.code} · <strong>{record.amount}</strong>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
