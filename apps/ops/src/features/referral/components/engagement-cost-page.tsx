import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EngagementCost } from '@platform/contracts';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { DateRangeFilter, lastDays, type DateRange } from '@/components/date-range-filter';
import { Money } from '@/components/money';
import { getEngagementCost } from '../api/get-engagement-cost';
import { referralKeys } from '../api/keys';
import './referral.css';

type Row = EngagementCost['rows'][number];

/**
 * What invite friends and raffles cost (reports.view, issue 21): the rewards offered over the days chosen (business
 * days in the merchant's time zone, by the day each was offered) and how much of it members claimed and were paid.
 */
export function EngagementCostPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRange>(() => lastDays(30));
  const query = useQuery({
    queryKey: referralKeys.cost(range.from, range.to),
    queryFn: ({ signal }) => getEngagementCost(range.from, range.to, signal),
    enabled: range.from !== '' && range.to !== '',
  });
  const columns: Column<Row>[] = [
    { key: 'kind', header: t('engagementCost.kind'), cell: (row) => t(`engagementCost.kinds.${row.kind}`) },
    { key: 'count', header: t('engagementCost.count'), align: 'end', cell: (row) => row.count },
    {
      key: 'offered',
      header: t('engagementCost.offered'),
      align: 'end',
      cell: (row) => <Money amount={row.offered} />,
    },
    { key: 'paidCount', header: t('engagementCost.paidCount'), align: 'end', cell: (row) => row.paidCount },
    { key: 'paid', header: t('engagementCost.paid'), align: 'end', cell: (row) => <Money amount={row.paid} /> },
  ];
  return (
    <section className="page referral" data-testid="engagement-cost-page">
      <PageHeader title={t('nav.engagementCost')} />
      <p className="field__hint">{t('engagementCost.hint')}</p>
      <DateRangeFilter value={range} onChange={setRange} testId="engagement-cost-range" />
      <DataTable
        query={query}
        rows={(data) => data.rows}
        columns={columns}
        rowKey={(row) => row.kind}
        caption={t('nav.engagementCost')}
        emptyTitle={t('engagementCost.empty')}
        testId="engagement-cost"
      />
    </section>
  );
}
