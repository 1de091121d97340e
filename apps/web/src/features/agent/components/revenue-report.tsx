import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RevenueReport } from '@platform/contracts';
import { RecordPeriodTabs, reportPeriodQuery, useReportPeriod } from '@/components/record-period';
import { SectionState } from '@/components/section-state';
import { contractsQueryRoot } from '../api/contracts/contract-query';
import { fetchRevenue } from '../api/contracts/get-revenue';
import { Amount, PeriodDays, ReportTable, type Column } from './report-parts';

type Row = RevenueReport['rows'][number];

const columnsOf = (t: (key: string) => string, total: RevenueReport['total']): Column<Row>[] => [
  {
    key: 'type',
    label: t('contracts.columns.type'),
    cell: (row) => <span data-testid="revenue-type">{t(`contracts.types.${row.type}`)}</span>,
  },
  {
    key: 'gross',
    label: t('contracts.columns.gross'),
    num: true,
    cell: (row) => <Amount amount={row.gross} testId={`revenue-gross-${row.type}`} />,
    total: <Amount amount={total.gross} />,
  },
  {
    key: 'downlines',
    label: t('contracts.columns.downlines'),
    num: true,
    cell: (row) => <Amount amount={row.downlineShare} testId={`revenue-downlines-${row.type}`} />,
    total: <Amount amount={total.downlineShare} />,
  },
  {
    key: 'net',
    label: t('contracts.columns.net'),
    num: true,
    cell: (row) => <Amount amount={row.net} testId={`revenue-net-${row.type}`} />,
    total: <Amount amount={total.net} testId="revenue-total-net" />,
  },
];

/**
 * agentRevenueReport (my income, spec §2): per contract type over the period, what the agent's rate earned on its
 * whole team (gross), what its downline agents' own contracts took of it, and what is the agent's (net).
 */
export function RevenueReportPage() {
  const { t } = useTranslation();
  const period = useReportPeriod(() => undefined);
  const filter = reportPeriodQuery(period);
  const query = useQuery({
    queryKey: [...contractsQueryRoot, 'revenue', filter],
    queryFn: ({ signal }) => fetchRevenue(filter, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="agent-report" data-testid="revenue-report">
      <p className="muted">{t('contracts.revenue.note')}</p>
      <RecordPeriodTabs state={period} testIdPrefix="revenue">
        <SectionState
          query={query}
          errorTestId="revenue-error"
          emptyText={t('contracts.revenue.empty')}
          emptyTestId="revenue-empty"
          isEmpty={(report) => report.rows.length === 0}
        >
          {(report) => (
            <>
              <PeriodDays period={report.period} testId="revenue-days" />
              <ReportTable
                testId="revenue-table"
                columns={columnsOf(t, report.total)}
                rows={report.rows}
                rowKey={(row) => row.type}
                totalsLabel={t('contracts.revenue.totals')}
                busy={query.isFetching}
              />
            </>
          )}
        </SectionState>
      </RecordPeriodTabs>
    </section>
  );
}
