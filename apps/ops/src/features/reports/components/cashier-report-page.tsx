import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  OpsCashierReportQuerySchema,
  type CashierFigures,
  type CountAmount,
  type OpsCashierReport,
} from '@platform/contracts';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { Money } from '@/components/money';
import { downloadCashierCsv, getCashierReport, reportKeys } from '../api/reports-api';
import { CsvButton, ReportBar, useReportParams } from './report-range';

type Row = CashierFigures & { day: string; total?: boolean };

const rowsOf = (report: OpsCashierReport, totalLabel: string): Row[] => [
  ...report.rows,
  { ...report.totals, day: totalLabel, total: true },
];

/** A count and its amount in one cell: "3 · 1,250.00"; zero rows stay quiet. */
function Figure({ value, strong }: { value: CountAmount; strong: boolean }) {
  const text = (
    <span className={value.count === 0 ? 'muted' : undefined}>
      {value.count.toLocaleString()} · <Money amount={value.amount} />
    </span>
  );
  return strong ? <strong>{text}</strong> : text;
}

/**
 * Deposits and withdrawals per day (approved, pending, rejected) and manual adjustments (credits, debits, waiting for
 * approval), by the day each was made; totals last; CSV (permission reports.view).
 */
export function CashierReportPage() {
  const { t } = useTranslation();
  const params = useReportParams(OpsCashierReportQuerySchema, {});
  const { filters, query } = params;
  const report = useQuery({
    queryKey: reportKeys.cashier(query ?? { from: '', to: '' }),
    queryFn: ({ signal }) => getCashierReport(query ?? { from: '', to: '' }, signal),
    enabled: query !== null,
  });

  const figure = (key: string, header: string, pick: (row: Row) => CountAmount): Column<Row> => ({
    key,
    header,
    align: 'end',
    cell: (row) => <Figure value={pick(row)} strong={row.total === true} />,
  });
  const columns: Column<Row>[] = [
    { key: 'day', header: t('reports.day'), cell: (row) => (row.total ? <strong>{row.day}</strong> : row.day) },
    figure('depositsApproved', t('reports.cashier.depositsApproved'), (row) => row.deposits.approved),
    figure('depositsPending', t('reports.cashier.depositsPending'), (row) => row.deposits.pending),
    figure('depositsRejected', t('reports.cashier.depositsRejected'), (row) => row.deposits.rejected),
    figure('withdrawalsApproved', t('reports.cashier.withdrawalsApproved'), (row) => row.withdrawals.approved),
    figure('withdrawalsPending', t('reports.cashier.withdrawalsPending'), (row) => row.withdrawals.pending),
    figure('withdrawalsRejected', t('reports.cashier.withdrawalsRejected'), (row) => row.withdrawals.rejected),
    figure('adjustmentsCredit', t('reports.cashier.adjustmentsCredit'), (row) => row.adjustments.credit),
    figure('adjustmentsDebit', t('reports.cashier.adjustmentsDebit'), (row) => row.adjustments.debit),
    figure('adjustmentsPending', t('reports.cashier.adjustmentsPending'), (row) => row.adjustments.pending),
  ];

  return (
    <section className="page" data-testid="cashier-report-page">
      <PageHeader
        title={t('nav.reportsCashier')}
        actions={
          <CsvButton
            testId="cashier-report-csv"
            disabled={query === null}
            download={() => (query === null ? Promise.resolve() : downloadCashierCsv(query))}
          />
        }
      />
      <ReportBar
        testId="cashier-report-filters"
        from={filters.from}
        to={filters.to}
        onRange={(range) => params.setFilters(range)}
        errors={params.errors}
      />
      <p className="muted">{t('reports.cashier.hint')}</p>
      {query !== null && (
        <DataTable
          query={report}
          rows={(data) => rowsOf(data, t('reports.total'))}
          rowKey={(row) => row.day}
          columns={columns}
          caption={t('nav.reportsCashier')}
          emptyTitle={t('reports.empty')}
          testId="cashier-report"
        />
      )}
    </section>
  );
}
