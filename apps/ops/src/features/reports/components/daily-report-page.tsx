import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsDailyReportQuerySchema, type OpsDailyReport, type OpsDailyReportRow } from '@platform/contracts';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { Money } from '@/components/money';
import { downloadDailyCsv, getDailyReport, reportKeys } from '../api/reports-api';
import { CsvButton, ReportBar, useReportParams } from './report-range';

type Row = OpsDailyReportRow & { total?: boolean };

const TOTAL_KEY = 'total';

/** Rows of the report then its totals row (distinct players over the whole period). */
const rowsOf = (report: OpsDailyReport, totalLabel: string): Row[] =>
  report.rows.length === 0
    ? []
    : [...report.rows, { ...report.totals, day: totalLabel, vendorCode: TOTAL_KEY, vendorName: '', total: true }];

/** Bets, wins, GGR and players per day and vendor (permission reports.view), with a vendor filter and CSV. */
export function DailyReportPage() {
  const { t } = useTranslation();
  const params = useReportParams(OpsDailyReportQuerySchema, { vendor: '' });
  const { filters, query } = params;
  const report = useQuery({
    queryKey: reportKeys.daily(query ?? { from: '', to: '' }),
    queryFn: ({ signal }) => getDailyReport(query ?? { from: '', to: '' }, signal),
    enabled: query !== null,
  });
  // The vendor choices: every vendor with rounds in the period (the report without the vendor filter).
  const allVendors = useQuery({
    queryKey: reportKeys.daily({ from: query?.from ?? '', to: query?.to ?? '' }),
    queryFn: ({ signal }) => getDailyReport({ from: query?.from ?? '', to: query?.to ?? '' }, signal),
    enabled: query !== null && query.vendor !== undefined,
  });
  const vendorSource = query?.vendor === undefined ? report.data : allVendors.data;
  const vendors = new Map<string, string>();
  for (const row of vendorSource?.rows ?? []) vendors.set(row.vendorCode, row.vendorName);
  if (filters.vendor !== '' && !vendors.has(filters.vendor)) vendors.set(filters.vendor, filters.vendor);

  const strong = (row: Row, text: ReactNode) => (row.total ? <strong>{text}</strong> : text);
  const columns: Column<Row>[] = [
    { key: 'day', header: t('reports.day'), cell: (row) => strong(row, row.day) },
    { key: 'vendor', header: t('reports.vendor'), cell: (row) => (row.total ? '' : row.vendorName) },
    {
      key: 'rounds',
      header: t('reports.rounds'),
      align: 'end',
      cell: (row) => strong(row, row.rounds.toLocaleString()),
    },
    { key: 'bets', header: t('reports.bets'), align: 'end', cell: (row) => strong(row, <Money amount={row.bets} />) },
    { key: 'wins', header: t('reports.wins'), align: 'end', cell: (row) => strong(row, <Money amount={row.wins} />) },
    { key: 'ggr', header: t('reports.ggr'), align: 'end', cell: (row) => strong(row, <Money amount={row.ggr} />) },
    {
      key: 'players',
      header: t('reports.players'),
      align: 'end',
      cell: (row) => strong(row, row.players.toLocaleString()),
    },
  ];

  return (
    <section className="page" data-testid="daily-report-page">
      <PageHeader
        title={t('nav.reportsDaily')}
        actions={
          <CsvButton
            testId="daily-report-csv"
            disabled={query === null}
            download={() => (query === null ? Promise.resolve() : downloadDailyCsv(query))}
          />
        }
      />
      <ReportBar
        testId="daily-report-filters"
        from={filters.from}
        to={filters.to}
        onRange={(range) => params.setFilters(range)}
        errors={params.errors}
      >
        <div className="field">
          <label htmlFor="daily-report-vendor" className="field__label">
            {t('reports.vendor')}
          </label>
          <select
            id="daily-report-vendor"
            className="field__control"
            data-testid="daily-report-vendor"
            value={filters.vendor}
            onChange={(event) => params.setFilters({ vendor: event.target.value })}
          >
            <option value="">{t('reports.allVendors')}</option>
            {[...vendors].map(([code, name]) => (
              <option key={code} value={code}>
                {name === code ? code : `${name} (${code})`}
              </option>
            ))}
          </select>
        </div>
      </ReportBar>
      {query !== null && (
        <DataTable
          query={report}
          rows={(data) => rowsOf(data, t('reports.total'))}
          rowKey={(row) => `${row.day}|${row.vendorCode}`}
          columns={columns}
          caption={t('nav.reportsDaily')}
          emptyTitle={t('reports.empty')}
          emptyHint={t('reports.emptyHint')}
          testId="daily-report"
        />
      )}
    </section>
  );
}
