import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState, PageHeader } from '@/components/data-table';
import './members.css';
import { getMember, memberKeys } from '../api/members-api';
import { MemberActions } from './member-actions';
import { MemberBalances } from './member-balances';
import { MemberBets, MemberTransactions } from './member-records';
import { MemberLogins } from './member-logins';
import { MemberNotes } from './member-notes';
import { MemberProfileView } from './member-profile';
import { MemberStatusBadge, userTypeLabel } from './member-format';

const TABS = ['profile', 'balances', 'logins', 'transactions', 'bets', 'notes'] as const;

/** One member or agent: profile, balances, history and notes in tabs; status and password actions in the header. */
export function MemberDetailPage() {
  const { t } = useTranslation();
  const memberId = useParams().memberId ?? '';
  const query = useQuery({
    queryKey: memberKeys.member(memberId),
    queryFn: ({ signal }) => getMember(memberId, signal),
  });
  const member = query.data;

  return (
    <section className="page" data-testid="member-detail-page">
      <p>
        <Link to="/members" data-testid="back-to-members">
          {t('members.back')}
        </Link>
      </p>
      {query.isPending && (
        <p className="page-spinner" role="status" data-testid="member-loading">
          {t('common.loading')}
        </p>
      )}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="member-error" />}
      {member && (
        <>
          <PageHeader title={member.username} actions={<MemberActions member={member} />} />
          <p className="member-summary" data-testid="member-summary">
            <MemberStatusBadge status={member.status} testId="member-status" /> {userTypeLabel(t, member.userType)}
          </p>
          <Tabs.Root defaultValue="profile" className="tabs">
            <Tabs.List className="tabs__list" aria-label={t('members.tabs.label')}>
              {TABS.map((tab) => (
                <Tabs.Trigger key={tab} value={tab} className="tabs__tab" data-testid={`member-tab-${tab}`}>
                  {t(`members.tabs.${tab}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="profile" className="tabs__panel">
              <MemberProfileView member={member} />
            </Tabs.Content>
            <Tabs.Content value="balances" className="tabs__panel">
              <MemberBalances balances={member.balances} />
            </Tabs.Content>
            <Tabs.Content value="logins" className="tabs__panel">
              <MemberLogins memberId={member.id} />
            </Tabs.Content>
            <Tabs.Content value="transactions" className="tabs__panel">
              <MemberTransactions memberId={member.id} />
            </Tabs.Content>
            <Tabs.Content value="bets" className="tabs__panel">
              <MemberBets memberId={member.id} />
            </Tabs.Content>
            <Tabs.Content value="notes" className="tabs__panel">
              <MemberNotes memberId={member.id} />
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </section>
  );
}
