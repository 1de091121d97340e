import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlayTotals, TeamProfitRow } from '@platform/contracts';
import { RecordPeriodTabs, reportPeriodQuery, useReportPeriod } from '@/components/record-period';
import { SectionState } from '@/components/section-state';
import { agentQueryRoot, fetchTeamProfit, type TeamProfitFilter } from '../api/agent-api';
import { UsernameSearch } from './report-filters';
import { Amount, PeriodDays, Profit, ReportPager, ReportTable, type Column } from './report-parts';

const PAGE_SIZE = 20;

const profitColumns = (t: (key: string) => string, totals: PlayTotals): Column<TeamProfitRow>[] => [
  { key: 'username', label: t('agent.columns.username'), cell: (row) => row.username },
  { key: 'type', label: t('agent.columns.type'), cell: (row) => t(`agent.types.${row.type}`) },
  { key: 'level', label: t('agent.columns.level'), num: true, cell: (row) => row.level },
  {
    key: 'rounds',
    label: t('agent.columns.rounds'),
    num: true,
    cell: (row) => row.rounds,
    total: totals.rounds,
  },
  {
    key: 'bet',
    label: t('agent.columns.bet'),
    num: true,
    cell: (row) => <Amount amount={row.bet} />,
    total: <Amount amount={totals.bet} />,
  },
  {
    key: 'validBet',
    label: t('agent.columns.validBet'),
    num: true,
    cell: (row) => <Amount amount={row.validBet} />,
    total: <Amount amount={totals.validBet} />,
  },
  {
    key: 'payout',
    label: t('agent.columns.payout'),
    num: true,
    cell: (row) => <Amount amount={row.payout} />,
    total: <Amount amount={totals.payout} />,
  },
  {
    key: 'profit',
    label: t('agent.columns.profit'),
    num: true,
    cell: (row) => <Profit amount={row.profit} />,
    total: <Profit amount={totals.profit} />,
  },
];

/**
 * palStatementsAgentCopy (user profit and loss, spec §2): each downline at any depth who played in the period, with its
 * own rounds, stake, valid bet, payout and profit and loss; the totals are the whole team's.
 */
export function TeamProfit() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [username, setUsername] = useState('');
  const period = useReportPeriod(() => setPageNo(1));
  const filter: TeamProfitFilter = { ...reportPeriodQuery(period), pageNo, pageSize: PAGE_SIZE, username };
  const query = useQuery({
    queryKey: [...agentQueryRoot, 'profit', filter],
    queryFn: ({ signal }) => fetchTeamProfit(filter, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="agent-report" data-testid="team-profit">
      <UsernameSearch
        testId="team-profit"
        onSearch={(name) => {
          setUsername(name);
          setPageNo(1);
        }}
      />
      <RecordPeriodTabs state={period} testIdPrefix="team-profit">
        <SectionState
          query={query}
          errorTestId="team-profit-error"
          emptyText={t('agent.emptyProfit')}
          emptyTestId="team-profit-empty"
          isEmpty={(page) => page.list.length === 0}
        >
          {(page) => (
            <>
              <PeriodDays period={page.period} testId="team-profit-days" />
              <ReportTable
                testId="team-profit-table"
                columns={profitColumns(t, page.totals)}
                rows={page.list}
                rowKey={(row) => row.username}
                totalsLabel={t('agent.totals')}
                busy={query.isFetching}
              />
              <ReportPager pageNo={pageNo} totalPages={page.totalPages} onPage={setPageNo} testId="team-profit-pager" />
            </>
          )}
        </SectionState>
      </RecordPeriodTabs>
    </section>
  );
}
