import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, useLocale } from '@/lib/i18n/use-locale';
import { RecordTypeSchema, type RecordType } from '@platform/contracts';
import { SelectField } from '@/components/form-field';
import { SectionState } from '@/components/section-state';
import { RecordPeriodTabs, useRecordPeriod } from '@/components/record-period';
import { groupDigits } from '@/lib/wallet';
import { fetchTransactions, recordsQueryRoot, type RecordsFilter } from '../api/transfer';
import './records.css';

const PAGE_SIZE = 20;
const TYPES = RecordTypeSchema.options;

function TimeCell({ iso }: { iso: string }) {
  // The pack's locale (TY -> fil-PH): the pack code itself is no locale, and Intl would fall back to English.
  const locale = useLocale();
  const text = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
  return <time dateTime={iso}>{text}</time>;
}

/**
 * Member centre transactionHistory (spec: account record): type and period filters, rows, pages. The rows are the
 * shared stack table (cards on a phone, ADR 0024).
 */
export function TransactionHistory() {
  const { t } = useTranslation();
  const [type, setType] = useState<RecordType>('ALL');
  const [pageNo, setPageNo] = useState(1);
  const period = useRecordPeriod(() => setPageNo(1));
  const filter: RecordsFilter = { type, ...period.filter, pageNo, pageSize: PAGE_SIZE };
  const query = useQuery({
    queryKey: [...recordsQueryRoot, filter],
    queryFn: ({ signal }) => fetchTransactions(filter, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <section className="member-section records" data-testid="transaction-history">
      <SelectField
        label={t('records.type')}
        fieldClassName="records__type"
        testId="records-type"
        value={type}
        onChange={(event) => {
          setType(event.target.value as RecordType);
          setPageNo(1);
        }}
        options={TYPES.map((key) => ({ value: key, label: t(`records.types.${key}`) }))}
      />
      <RecordPeriodTabs state={period} testIdPrefix="records">
        <RecordsBody query={query} pageNo={pageNo} onPage={setPageNo} />
      </RecordPeriodTabs>
    </section>
  );
}

function RecordsBody({
  query,
  pageNo,
  onPage,
}: {
  query: ReturnType<typeof useQuery<Awaited<ReturnType<typeof fetchTransactions>>>>;
  pageNo: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <SectionState
      query={query}
      errorTestId="records-error"
      emptyText={t('records.empty')}
      emptyTestId="records-empty"
      isEmpty={(page) => page.list.length === 0}
    >
      {({ list, totalPages }) => (
        <>
          <div className="records__scroll stack-table-scroll">
            <table
              className="records__table stack-table"
              data-testid="records-table"
              aria-busy={query.isFetching || undefined}
            >
              <thead>
                <tr>
                  <th scope="col">{t('records.time')}</th>
                  <th scope="col">{t('records.code')}</th>
                  <th scope="col" className="records__num">
                    {t('records.amount')}
                  </th>
                  <th scope="col" className="records__num">
                    {t('records.balanceAfter')}
                  </th>
                  <th scope="col">{t('records.reference')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((row) => (
                  <tr key={row.id} data-testid="records-row" data-code={row.code}>
                    <td data-label={t('records.time')}>
                      <TimeCell iso={row.time} />
                    </td>
                    <td data-label={t('records.code')}>{t(`records.codes.${row.code}`, { defaultValue: row.code })}</td>
                    <td
                      data-label={t('records.amount')}
                      className={`records__num ${row.amount.startsWith('-') ? 'records__debit' : 'records__credit'}`}
                      data-testid="records-amount"
                    >
                      {row.amount.startsWith('+') ? `+${groupDigits(row.amount.slice(1))}` : groupDigits(row.amount)}
                    </td>
                    <td data-label={t('records.balanceAfter')} className="records__num" data-testid="records-balance">
                      {groupDigits(row.balanceAfter)}
                    </td>
                    <td data-label={t('records.reference')} className="records__reference stack-table__wrap">
                      {row.reference ?? ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="records__pager" aria-label={t('records.pages')}>
            <button
              type="button"
              className="button button--ghost"
              data-testid="records-prev"
              disabled={pageNo <= 1 || query.isFetching}
              onClick={() => onPage(pageNo - 1)}
            >
              {t('records.previous')}
            </button>
            <span data-testid="records-page">
              {t('records.pageOf', { page: pageNo, total: Math.max(totalPages, 1) })}
            </span>
            <button
              type="button"
              className="button button--ghost"
              data-testid="records-next"
              disabled={pageNo >= totalPages || query.isFetching}
              onClick={() => onPage(pageNo + 1)}
            >
              {t('records.next')}
            </button>
          </nav>
        </>
      )}
    </SectionState>
  );
}
