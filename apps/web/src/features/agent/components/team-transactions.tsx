import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  TEAM_TRANSACTION_TYPES,
  type TeamTransaction,
  type TeamTransactionTotals,
  type TeamTransactionType,
} from '@platform/contracts';
import { SelectField } from '@/components/form-field';
import { RecordPeriodTabs, reportPeriodQuery, useReportPeriod } from '@/components/record-period';
import { SectionState } from '@/components/section-state';
import { agentQueryRoot, fetchTeamTransactions, type TeamTransactionsFilter } from '../api/agent-api';
import { UsernameSearch } from './report-filters';
import { Amount, DateTime, PeriodDays, ReportPager, ReportTable, type Column } from './report-parts';

const PAGE_SIZE = 20;

/** The team's totals by kind over everything selected: one line each, under the table. */
function TransactionTotals({ totals }: { totals: TeamTransactionTotals }) {
  const { t } = useTranslation();
  const items = [
    ['deposits', t('agent.figures.deposits'), totals.deposits],
    ['withdrawals', t('agent.figures.withdrawals'), totals.withdrawals],
    ['transfers', t('agent.figures.transfers'), totals.transfers],
    ['bonuses', t('agent.figures.bonuses'), totals.bonuses],
  ] as const;
  return (
    <dl className="agent-figures agent-figures--compact" data-testid="team-tx-totals">
      {items.map(([key, label, amount]) => (
        <div key={key} className="agent-figures__item">
          <dt>{label}</dt>
          <dd data-testid={`team-tx-total-${key}`}>
            <Amount amount={amount} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * agentDownlineTransactionDetailsCopy (transaction details, spec §2): the team's deposits, withdrawals, transfers and
 * bonuses from the ledger, by kind and member, with the totals of each kind over the whole selection.
 */
export function TeamTransactions() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [username, setUsername] = useState('');
  const [type, setType] = useState<TeamTransactionType>('ALL');
  const period = useReportPeriod(() => setPageNo(1));
  const filter: TeamTransactionsFilter = { ...reportPeriodQuery(period), pageNo, pageSize: PAGE_SIZE, type, username };
  const query = useQuery({
    queryKey: [...agentQueryRoot, 'transactions', filter],
    queryFn: ({ signal }) => fetchTeamTransactions(filter, signal),
    placeholderData: keepPreviousData,
  });
  const columns: Column<TeamTransaction>[] = [
    { key: 'time', label: t('agent.columns.time'), cell: (row) => <DateTime iso={row.time} /> },
    { key: 'username', label: t('agent.columns.username'), cell: (row) => row.username },
    {
      key: 'code',
      label: t('agent.columns.kind'),
      cell: (row) => t(`records.codes.${row.code}`, { defaultValue: row.code }),
    },
    { key: 'amount', label: t('agent.columns.amount'), num: true, cell: (row) => <Amount amount={row.amount} /> },
    {
      key: 'balanceAfter',
      label: t('agent.columns.balanceAfter'),
      num: true,
      cell: (row) => <Amount amount={row.balanceAfter} />,
    },
  ];
  return (
    <section className="agent-report" data-testid="team-transactions">
      <UsernameSearch
        testId="team-tx"
        onSearch={(name) => {
          setUsername(name);
          setPageNo(1);
        }}
      >
        <SelectField
          label={t('records.type')}
          testId="team-tx-type"
          value={type}
          onChange={(event) => {
            setType(event.target.value as TeamTransactionType);
            setPageNo(1);
          }}
          options={TEAM_TRANSACTION_TYPES.map((value) => ({ value, label: t(`records.types.${value}`) }))}
        />
      </UsernameSearch>
      <RecordPeriodTabs state={period} testIdPrefix="team-tx">
        <SectionState
          query={query}
          errorTestId="team-tx-error"
          emptyText={t('agent.emptyTransactions')}
          emptyTestId="team-tx-empty"
          isEmpty={(page) => page.list.length === 0}
        >
          {(page) => (
            <>
              <PeriodDays period={page.period} testId="team-tx-days" />
              <ReportTable
                testId="team-tx-table"
                columns={columns}
                rows={page.list}
                rowKey={(row) => row.id}
                totalsLabel={t('agent.totalsCount', { count: page.totals.count })}
                busy={query.isFetching}
              />
              <TransactionTotals totals={page.totals} />
              <ReportPager pageNo={pageNo} totalPages={page.totalPages} onPage={setPageNo} testId="team-tx-pager" />
            </>
          )}
        </SectionState>
      </RecordPeriodTabs>
    </section>
  );
}
