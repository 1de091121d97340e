import './promotions.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromotionCostReport } from '@platform/contracts';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { DateRangeFilter, lastDays, type DateRange } from '@/components/date-range-filter';
import { Money } from '@/components/money';
import { getPromotionCosts, promotionKeys } from '../api/promotions-api';

type Row = PromotionCostReport['rows'][number];

/**
 * Cost per promotion (promotions.manage, issue 20): of the bonuses granted over the days chosen, how much was granted,
 * converted to cash, forfeited or expired, and is still being wagered, by promotion (manual grants on their own line).
 */
export function PromotionCostsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRange>(() => lastDays(30));
  const query = useQuery({
    queryKey: promotionKeys.costs(range.from, range.to),
    queryFn: ({ signal }) => getPromotionCosts(range.from, range.to, signal),
  });
  const money = (pick: (row: Row) => string) => (row: Row) => <Money amount={pick(row)} />;
  const columns: Column<Row>[] = [
    {
      key: 'promotion',
      header: t('promotions.costs.promotion'),
      cell: (row) => (row.promotionId === null ? t('promotions.costs.manual') : row.title),
    },
    { key: 'grants', header: t('promotions.costs.grants'), align: 'end', cell: (row) => row.grants },
    { key: 'granted', header: t('promotions.costs.granted'), align: 'end', cell: money((r) => r.granted) },
    { key: 'converted', header: t('promotions.costs.converted'), align: 'end', cell: money((r) => r.converted) },
    { key: 'forfeited', header: t('promotions.costs.forfeited'), align: 'end', cell: money((r) => r.forfeited) },
    { key: 'outstanding', header: t('promotions.costs.outstanding'), align: 'end', cell: money((r) => r.outstanding) },
  ];
  const total = query.data?.total;
  return (
    <section className="page promotions-page" data-testid="promotion-costs-page">
      <PageHeader title={t('nav.promotionCosts')} />
      <p className="field__hint">{t('promotions.costs.hint')}</p>
      <DateRangeFilter value={range} onChange={setRange} testId="costs-range" />
      <DataTable
        query={query}
        rows={(data) => data.rows}
        rowKey={(row) => row.promotionId ?? 'manual'}
        columns={columns}
        caption={t('nav.promotionCosts')}
        emptyTitle={t('promotions.costs.empty')}
        testId="costs"
      />
      {total && total.grants > 0 && (
        <dl className="promotions__totals" data-testid="costs-total">
          <dt>{t('promotions.costs.granted')}</dt>
          <dd>
            <Money amount={total.granted} />
          </dd>
          <dt>{t('promotions.costs.converted')}</dt>
          <dd>
            <Money amount={total.converted} />
          </dd>
          <dt>{t('promotions.costs.forfeited')}</dt>
          <dd>
            <Money amount={total.forfeited} />
          </dd>
          <dt>{t('promotions.costs.outstanding')}</dt>
          <dd>
            <Money amount={total.outstanding} />
          </dd>
        </dl>
      )}
    </section>
  );
}
