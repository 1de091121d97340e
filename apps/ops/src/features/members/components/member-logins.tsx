import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { getMemberLogins, memberKeys } from '../api/members-api';
import { formatTime } from './member-format';

/** The member's logins, newest first. */
export function MemberLogins({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const params = { pageNo, pageSize: 20 };
  const query = useQuery({
    queryKey: memberKeys.part(memberId, 'logins', params),
    queryFn: ({ signal }) => getMemberLogins(memberId, params, signal),
  });
  return (
    <DataTable
      query={query}
      rows={(page) => page.list}
      rowKey={(login) => `${login.loggedInAt}:${login.ip}`}
      caption={t('members.tabs.logins')}
      emptyTitle={t('members.noLogins')}
      paging={{ pageNo, totalPages: (page) => page.totalPages, onPage: setPageNo }}
      testId="member-logins"
      columns={[
        { key: 'time', header: t('members.fields.time'), cell: (l) => formatTime(l.loggedInAt) },
        { key: 'ip', header: t('members.fields.ip'), cell: (l) => l.ip },
        { key: 'method', header: t('members.fields.method'), cell: (l) => t(`members.loginMethods.${l.method}`) },
        { key: 'agent', header: t('members.fields.userAgent'), cell: (l) => l.userAgent ?? '—' },
      ]}
    />
  );
}
