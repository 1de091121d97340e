import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Column } from '@/components/data-table';
import type { Query } from '@/lib/api-client';
import { cashierKeys } from '../api/cashier-api';
import { useCheckedQuery } from './queue-filters';

type QueueKind = 'deposits' | 'withdrawals';
type Row<Page extends { list: unknown[] }> = Page['list'][number];

/**
 * What the deposit and withdrawal queues share: the page of orders for the filters in the URL (asked only when the
 * filters pass the schema the server checks with), the filters' field errors, the selected order, the open decision
 * dialog, a refresh after a decision, and the order-number column that selects an order.
 */
export function useQueue<Page extends { list: { orderNo: string }[] }>(options: {
  kind: QueueKind;
  schema: z.ZodType;
  apiQuery: Query;
  fetchPage: (query: Query, signal: AbortSignal) => Promise<Page>;
  /** data-testid of the order-number buttons. */
  selectTestId: string;
}) {
  const { t } = useTranslation();
  const { kind, schema, apiQuery, fetchPage, selectTestId } = options;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: cashierKeys[kind](apiQuery),
    queryFn: ({ signal }) => fetchPage(apiQuery, signal),
    enabled: schema.safeParse(apiQuery).success,
  });
  const checked = useCheckedQuery(schema, apiQuery, query.error);
  const [selectedNo, setSelectedNo] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const rows: Row<Page>[] = query.data?.list ?? [];
  const selected = rows.find((row) => row.orderNo === selectedNo) ?? null;
  // Every page of this queue: a decision moves an order between the filters' pages.
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['cashier', kind] });
  const orderNoColumn: Column<Row<Page>> = {
    key: 'orderNo',
    header: t('cashier.fields.orderNo'),
    cell: (row) => (
      <button
        type="button"
        className="link-button"
        aria-pressed={row.orderNo === selectedNo}
        onClick={() => setSelectedNo(row.orderNo)}
        data-testid={selectTestId}
      >
        {row.orderNo}
      </button>
    ),
  };
  return { query, checked, selected, setSelectedNo, dialog, setDialog, refresh, orderNoColumn };
}
