import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FilterBar } from '@/components/data-table';
import { FilterField } from '@/components/filter-field';
import { isApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';

/** The status filter's "any" (the URL leaves out empty values, so an empty status would fall back to PENDING). */
export const ANY_STATUS = 'ALL';

/** The list query as the API takes it: "any status" is no status filter. */
export const withoutAnyStatus = <Q extends { status?: string }>(query: Q): Q => {
  if (query.status !== ANY_STATUS) return query;
  const { status: _any, ...rest } = query;
  return rest as Q;
};

/** The filters both queues share (cashier-ops.ts), as the URL holds them. */
export const QUEUE_FILTERS = {
  status: 'PENDING',
  username: '',
  orderNo: '',
  from: '',
  to: '',
  minAmount: '',
  maxAmount: '',
};

/**
 * Checks a queue query with the server's own schema before it is sent: a filter the server would refuse shows its
 * message under the field and is never sent; a refusal the server still makes lands there too.
 */
export function useCheckedQuery(schema: z.ZodType, query: Record<string, unknown>, error: unknown) {
  const { t } = useTranslation();
  const checked = schema.safeParse(query);
  const issues = checked.success
    ? isApiError(error)
      ? error.fields
      : []
    : checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return {
    valid: checked.success,
    fieldError: (name: string) => {
      const issue = issues.find((one) => one.path === name);
      return issue === undefined ? undefined : translateMessage(t, issue.message);
    },
  };
}

type QueueFilterBarProps = {
  filters: Partial<Record<string, string>>;
  statuses: readonly string[];
  onApply: (values: Record<string, string>) => void;
  onReset: () => void;
  fieldError: (name: string) => string | undefined;
  testId: string;
  /** The queue's own filter (deposit channel, payout bank). */
  children?: ReactNode;
  /** The shared fields to show (default: all). */
  only?: readonly (keyof typeof QUEUE_FILTERS)[];
};

export function QueueFilterBar(props: QueueFilterBarProps) {
  const { filters: f, statuses, onApply, onReset, fieldError, testId, children, only } = props;
  const { t } = useTranslation();
  const shows = (name: keyof typeof QUEUE_FILTERS) => only === undefined || only.includes(name);
  const source = { values: f, fieldError };
  return (
    <FilterBar key={JSON.stringify(f)} onApply={onApply} onReset={onReset} testId={testId}>
      <FilterField
        source={source}
        name="status"
        label={t('cashier.filters.status')}
        testId="filter-status"
        options={[
          { value: ANY_STATUS, label: t('cashier.filters.anyStatus') },
          ...statuses.map((status) => ({ value: status, label: t(`cashier.status.${status}`) })),
        ]}
      />
      {shows('username') && (
        <FilterField source={source} name="username" label={t('cashier.filters.username')} testId="filter-username" />
      )}
      {shows('orderNo') && (
        <FilterField source={source} name="orderNo" label={t('cashier.filters.orderNo')} testId="filter-order-no" />
      )}
      {shows('from') && (
        <FilterField source={source} name="from" type="date" label={t('filters.from')} testId="filter-from" />
      )}
      {shows('to') && <FilterField source={source} name="to" type="date" label={t('filters.to')} testId="filter-to" />}
      {shows('minAmount') && (
        <FilterField
          source={source}
          name="minAmount"
          inputMode="decimal"
          label={t('cashier.filters.minAmount')}
          testId="filter-min-amount"
        />
      )}
      {shows('maxAmount') && (
        <FilterField
          source={source}
          name="maxAmount"
          inputMode="decimal"
          label={t('cashier.filters.maxAmount')}
          testId="filter-max-amount"
        />
      )}
      {children}
    </FilterBar>
  );
}
