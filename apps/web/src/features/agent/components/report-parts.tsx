import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedPeriod } from '@platform/contracts';
import { Pager } from '@platform/ui';
import { dateTimeFormat, useLocale } from '@/lib/i18n/use-locale';
import { groupDigits } from '@/lib/wallet';

/** "+1250.00" → "+1,250.00": a wire amount grouped, never through a float. */
export const amountText = (amount: string): string =>
  amount.startsWith('+') ? `+${groupDigits(amount.slice(1))}` : groupDigits(amount);

export function Amount({ amount, testId }: { amount: string; testId?: string }) {
  return <span data-testid={testId}>{amountText(amount)}</span>;
}

/** Profit and loss, coloured and named (colour is never the only signal). */
export function Profit({ amount, testId }: { amount: string; testId?: string }) {
  const { t } = useTranslation();
  const tone = amount.startsWith('-') ? 'down' : /[1-9]/.test(amount) ? 'up' : 'even';
  return (
    <span className={`agent-profit agent-profit--${tone}`} data-testid={testId} data-tone={tone}>
      {amountText(amount)}
      {tone !== 'even' && <span className="visually-hidden"> {t(`bets.tone.${tone}`)}</span>}
    </span>
  );
}

export function DateTime({ iso }: { iso: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (iso === null) return <span className="muted">{t('agent.never')}</span>;
  const text = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return <time dateTime={iso}>{text}</time>;
}

/** The business days the server resolved the period to ("2026-11-23 – 2026-11-26"). */
export function PeriodDays({ period, testId }: { period: ResolvedPeriod; testId: string }) {
  const { t } = useTranslation();
  return (
    <p className="muted agent-report__days" data-testid={testId}>
      {period.from === period.to
        ? t('records.periodDay', { day: period.from })
        : t('records.periodDays', { from: period.from, to: period.to })}
    </p>
  );
}

export type Column<Row> = {
  key: string;
  label: string;
  /** A money or count column: right-aligned figures. */
  num?: boolean;
  cell: (row: Row) => ReactNode;
  /** This column's cell in the totals row. */
  total?: ReactNode;
};

type ReportTableProps<Row> = {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The first cell of the totals row ("Totals · 12 members"); no totals row when absent. */
  totalsLabel?: string;
  testId: string;
  busy?: boolean;
};

/**
 * A report as the shared stack table (packages/ui table.css, ADR 0024): a table wider than 640 px, a card per row on a
 * phone. The totals row sums everything the filters select (the server computes it), not only this page.
 * Test ids: `<testId>`, rows `<testId>-row`, totals `<testId>-totals`, each totals cell `<testId>-total-<key>`.
 */
export function ReportTable<Row>({ columns, rows, rowKey, totalsLabel, testId, busy }: ReportTableProps<Row>) {
  const numClass = (column: Column<Row>) => (column.num ? 'stack-table__num' : undefined);
  return (
    <div className="stack-table-scroll">
      <table className="stack-table agent-report__table" data-testid={testId} aria-busy={busy || undefined}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.key} className={numClass(column)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={`${testId}-row`}>
              {columns.map((column) => (
                <td key={column.key} data-label={column.label} className={numClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {totalsLabel !== undefined && (
          <tfoot>
            <tr className="agent-report__totals" data-testid={`${testId}-totals`}>
              <th scope="row">{totalsLabel}</th>
              {columns.slice(1).map((column) =>
                column.total === undefined ? (
                  <td key={column.key} className="agent-report__pad" />
                ) : (
                  <td
                    key={column.key}
                    data-label={column.label}
                    className={numClass(column)}
                    data-testid={`${testId}-total-${column.key}`}
                  >
                    {column.total}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** Previous and next around "Page n of m" (packages/ui Pager), under every agent list. */
export function ReportPager({
  pageNo,
  totalPages,
  onPage,
  testId,
}: {
  pageNo: number;
  totalPages: number;
  onPage: (pageNo: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Pager
      pageNo={pageNo}
      totalPages={totalPages}
      onPage={onPage}
      testId={testId}
      labels={{
        name: t('records.pages'),
        previous: t('records.previous'),
        next: t('records.next'),
        page: t('records.pageOf', { page: pageNo, total: Math.max(totalPages, 1) }),
      }}
    />
  );
}
