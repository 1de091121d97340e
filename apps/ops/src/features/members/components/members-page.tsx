import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberSearchQuerySchema, type MemberSummary } from '@platform/contracts';
import { DataTable, FilterBar, PageHeader, type Column } from '@/components/data-table';
import { FilterField } from '@/components/filter-field';
import { isApiError, type Query } from '@/lib/api-client';
import { useListParams } from '@/lib/list-params';
import { translateMessage } from '@/lib/messages';
import { memberKeys, searchMembers } from '../api/members-api';
import { formatTime, MemberStatusBadge, mobileText, userTypeLabel } from './member-format';

const FILTERS = {
  username: '',
  mobile: '',
  realName: '',
  type: '',
  status: '',
  registeredFrom: '',
  registeredTo: '',
  agent: '',
};
type Filters = typeof FILTERS;

const KINDS = ['MEMBER', 'TRIAL', 'AGENT'];
const TYPES = ['1', '2', '41', '42'];

/** The one "type" select as the API's two filters: a kind (members, trials, any agent) or an exact agent type. */
const toApiQuery = (filters: Filters, pageNo: number): Query => {
  const { type, ...rest } = filters;
  return {
    ...rest,
    kind: KINDS.includes(type) ? type : '',
    userType: TYPES.includes(type) ? type : '',
    pageNo,
  };
};

/** Where each API field's error shows in the filter bar. */
const FIELD_OF: Record<string, keyof Filters> = { kind: 'type', userType: 'type' };

function MemberSearch({ presetType, titleKey, testId }: { presetType: string; titleKey: string; testId: string }) {
  const { t } = useTranslation();
  const list = useListParams({ ...FILTERS, type: presetType });
  const apiQuery = toApiQuery(list.filters, list.pageNo);
  // The server's schema, checked here first: a filter it would refuse is never sent, its message shows in place.
  const checked = MemberSearchQuerySchema.safeParse(apiQuery);
  const query = useQuery({
    queryKey: memberKeys.search(apiQuery),
    queryFn: ({ signal }) => searchMembers(apiQuery, signal),
    enabled: checked.success,
  });
  const issues = checked.success
    ? isApiError(query.error)
      ? query.error.fields
      : []
    : checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const fieldError = (name: keyof Filters) => {
    const issue = issues.find((i) => (FIELD_OF[i.path] ?? i.path) === name);
    return issue === undefined ? undefined : translateMessage(t, issue.message);
  };
  const f = list.filters;
  const source = { values: f, fieldError };

  const columns: Column<MemberSummary>[] = [
    {
      key: 'username',
      header: t('members.fields.username'),
      cell: (m) => (
        <Link to={`/members/${m.id}`} data-testid="member-link">
          {m.username}
        </Link>
      ),
    },
    { key: 'realName', header: t('members.fields.realName'), cell: (m) => m.realName ?? m.nickname ?? '—' },
    { key: 'type', header: t('members.fields.userType'), cell: (m) => userTypeLabel(t, m.userType) },
    { key: 'status', header: t('members.fields.status'), cell: (m) => <MemberStatusBadge status={m.status} /> },
    { key: 'mobile', header: t('members.fields.mobile'), cell: (m) => mobileText(m.countryDialingCode, m.mobileNum) },
    { key: 'upline', header: t('members.fields.upline'), cell: (m) => m.upline ?? '—' },
    { key: 'registered', header: t('members.fields.registeredAt'), cell: (m) => formatTime(m.registeredAt) },
    { key: 'lastLogin', header: t('members.fields.lastLoginAt'), cell: (m) => formatTime(m.lastLoginAt) },
  ];

  return (
    <section className="page" data-testid={testId}>
      <PageHeader title={t(titleKey)} />
      <FilterBar
        key={JSON.stringify(f)}
        onApply={(values) => list.setFilters(values as Partial<Filters>)}
        onReset={list.resetFilters}
        testId="member-filters"
      >
        <FilterField source={source} name="username" label={t('members.fields.username')} testId="filter-username" />
        <FilterField
          source={source}
          name="mobile"
          type="tel"
          label={t('members.fields.mobile')}
          testId="filter-mobile"
        />
        <FilterField source={source} name="realName" label={t('members.fields.realName')} testId="filter-real-name" />
        <FilterField
          source={source}
          name="type"
          label={t('members.fields.userType')}
          testId="filter-type"
          options={[
            { value: '', label: t('members.filters.anyType') },
            { value: 'MEMBER', label: t('members.kinds.MEMBER') },
            { value: 'TRIAL', label: t('members.kinds.TRIAL') },
            { value: 'AGENT', label: t('members.kinds.AGENT') },
            ...TYPES.map((type) => ({ value: type, label: userTypeLabel(t, Number(type)) })),
          ]}
        />
        <FilterField
          source={source}
          name="status"
          label={t('members.fields.status')}
          testId="filter-status"
          options={[
            { value: '', label: t('members.filters.anyStatus') },
            ...['ACTIVE', 'LOCKED', 'CLOSED'].map((s) => ({ value: s, label: t(`members.status.${s}`) })),
          ]}
        />
        <FilterField
          source={source}
          name="registeredFrom"
          type="date"
          label={t('members.filters.registeredFrom')}
          testId="filter-registered-from"
        />
        <FilterField
          source={source}
          name="registeredTo"
          type="date"
          label={t('members.filters.registeredTo')}
          testId="filter-registered-to"
        />
        <FilterField source={source} name="agent" label={t('members.filters.agent')} testId="filter-agent" />
      </FilterBar>
      {checked.success && (
        <DataTable
          query={query}
          rows={(page) => page.list}
          rowKey={(m) => m.id}
          columns={columns}
          caption={t(titleKey)}
          emptyTitle={t('members.empty')}
          emptyHint={t('members.emptyHint')}
          paging={{ pageNo: list.pageNo, totalPages: (page) => page.totalPages, onPage: list.setPageNo }}
          testId="members"
        />
      )}
    </section>
  );
}

/** Members and agents: search by username, mobile, real name, type, status, registration date and upline. */
export function MembersPage() {
  return <MemberSearch presetType="" titleKey="nav.members" testId="members-page" />;
}

/** The same search, opened on agents (their downline is one click away on each agent's profile). */
export function AgentsPage() {
  return <MemberSearch presetType="AGENT" titleKey="nav.agents" testId="agents-page" />;
}
