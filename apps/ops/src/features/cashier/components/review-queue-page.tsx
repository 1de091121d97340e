import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { ReasonDialog } from '@/components/reason-dialog';
import type { Query } from '@/lib/api-client';
import { useListParams } from '@/lib/list-params';
import { showToast } from '@/lib/toast';
import { cashierKeys } from '../api/cashier-api';
import { formatTime } from './cashier-format';
import type { QUEUE_FILTERS } from './queue-filters';
import { QueueFilterBar, useCheckedQuery, withoutAnyStatus } from './queue-filters';
import './cashier.css';

type Page<Row> = { list: Row[] };
type Decision = 'approve' | 'reject';
type FilterValues = Record<string, string>;

/** One fact of the selected item in the side panel. */
export type QueueFact = { label: string; value: ReactNode; testId?: string };

/** What the page hands a queue's own parts: the list filters (for the queue's own filter field) and field errors. */
export type QueueContext = {
  filters: Partial<FilterValues>;
  fieldError: (name: string) => string | undefined;
};

/**
 * A cashier review queue (issue 7): the orders or requests waiting for staff, filtered by the URL, approved after a
 * confirmation or rejected with a required reason. Deposits, withdrawals and adjustments are one page configured here.
 * Test ids and texts come from `one` and `many` (`deposit`/`deposits`: `deposit-approve`, `cashier.deposits.empty`).
 */
export type ReviewQueue<Row, P extends Page<Row>> = {
  kind: 'deposits' | 'withdrawals' | 'adjustments';
  one: string;
  many: string;
  /** The filters in the URL and their defaults. */
  filters: FilterValues;
  statuses: readonly string[];
  /** The shared filter fields to show (default: all); `ownFilter` adds the queue's own. */
  only?: readonly (keyof typeof QUEUE_FILTERS)[];
  ownFilter?: (context: QueueContext) => ReactNode;
  /** The schema the server checks the query with: a query it would refuse is never sent. */
  schema: z.ZodType;
  /** The list query as the API takes it (default: as the URL holds it, "any status" left out). */
  apiQuery?: (query: Query & { pageNo: number }) => Query;
  fetchPage: (query: Query, signal: AbortSignal) => Promise<P>;
  rowKey: (row: Row) => string;
  totalPages: (page: P) => number;
  columns: Column<Row>[];
  emptyHint?: string;
  /** Whether this staff member may decide on the row now. */
  decidable: (row: Row) => boolean;
  approve: (row: Row) => Promise<string>;
  reject: (row: Row, reason: string) => Promise<string>;
  /** Texts of the decision dialogs for the row (`approveText`'s and `rejectText`'s values). */
  describe: (row: Row, decision: Decision) => Record<string, string>;
  /** A side panel with the selected row (select by its key in the first column) and its decision buttons. */
  panel?: { selectColumn: keyof Row & string; facts: (row: Row) => QueueFact[]; more: (row: Row) => ReactNode };
  /** Decisions as a last column of each row, for a queue without a panel; `blocked` explains a row one may not decide. */
  rowActions?: { blocked: (row: Row) => ReactNode };
  /** Above the filters (the new-adjustment form), given the page loaded. */
  above?: (page: P | undefined) => ReactNode;
  /** A heading between `above` and the filters. */
  listTitle?: string;
};

type DecisionButtonsProps = { one: string; many: string; small: boolean; onDecide: (decision: Decision) => void };

function DecisionButtons({ one, many, small, onDecide }: DecisionButtonsProps) {
  const { t } = useTranslation();
  const size = small ? ' button--small' : '';
  return (
    <div className="cashier-actions">
      <button
        type="button"
        className={`button button--primary${size}`}
        onClick={() => onDecide('approve')}
        data-testid={`${one}-approve`}
      >
        {t(`cashier.${many}.approve`)}
      </button>
      <button
        type="button"
        className={`button button--danger${size}`}
        onClick={() => onDecide('reject')}
        data-testid={`${one}-reject`}
      >
        {t('cashier.reject')}
      </button>
    </div>
  );
}

function SidePanel<Row>(props: {
  one: string;
  row: Row | null;
  title: string;
  facts: QueueFact[];
  actions: ReactNode;
  more: ReactNode;
}) {
  const { t } = useTranslation();
  const { one, row, title, facts, actions, more } = props;
  return (
    <aside className="cashier-panel" aria-label={t('cashier.selected')} data-testid={`${one}-panel`}>
      {row === null ? (
        <p className="field__hint">{t('cashier.selectHint')}</p>
      ) : (
        <>
          <section className="cashier-panel__section" data-testid={`${one}-detail`}>
            <h2 className="cashier-panel__title">{title}</h2>
            <dl className="cashier-facts">
              {facts.map((fact) => (
                <div className="cashier-facts__row" key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd data-testid={fact.testId}>{fact.value}</dd>
                </div>
              ))}
            </dl>
            {actions}
          </section>
          {more}
        </>
      )}
    </aside>
  );
}

export function ReviewQueuePage<Row, P extends Page<Row>>({ queue }: { queue: ReviewQueue<Row, P> }) {
  const { t } = useTranslation();
  const { kind, one, many, panel, rowActions } = queue;
  const queryClient = useQueryClient();
  const list = useListParams(queue.filters);
  const urlQuery: Query & { pageNo: number; status?: string } = list.query;
  const apiQuery = queue.apiQuery ? queue.apiQuery(urlQuery) : withoutAnyStatus(urlQuery);
  const query = useQuery({
    queryKey: cashierKeys[kind](apiQuery),
    queryFn: ({ signal }) => queue.fetchPage(apiQuery, signal),
    enabled: queue.schema.safeParse(apiQuery).success,
  });
  const checked = useCheckedQuery(queue.schema, apiQuery, query.error);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [action, setAction] = useState<{ decision: Decision; row: Row } | null>(null);
  const rows: Row[] = query.data?.list ?? [];
  const selected = rows.find((row) => queue.rowKey(row) === selectedKey) ?? null;
  // Every page of this queue: a decision moves an item between the filters' pages.
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['cashier', kind] });

  const selectColumn: Column<Row>[] = panel
    ? [
        {
          key: panel.selectColumn,
          header: t(`cashier.fields.${panel.selectColumn}`),
          cell: (row) => (
            <button
              type="button"
              className="link-button"
              aria-pressed={queue.rowKey(row) === selectedKey}
              onClick={() => setSelectedKey(queue.rowKey(row))}
              data-testid={`${one}-select`}
            >
              {queue.rowKey(row)}
            </button>
          ),
        },
      ]
    : [];
  const actionsColumn: Column<Row>[] = rowActions
    ? [
        {
          key: 'actions',
          header: t('common.actions'),
          cell: (row) =>
            rowActions.blocked(row) ??
            (queue.decidable(row) ? (
              <DecisionButtons one={one} many={many} small onDecide={(decision) => setAction({ decision, row })} />
            ) : null),
        },
      ]
    : [];
  const table = (
    <DataTable
      query={query}
      rows={(page) => page.list}
      rowKey={queue.rowKey}
      columns={[...selectColumn, ...queue.columns, ...actionsColumn]}
      caption={queue.listTitle ?? t(`nav.${many}`)}
      emptyTitle={t(`cashier.${many}.empty`)}
      {...(queue.emptyHint ? { emptyHint: queue.emptyHint } : {})}
      paging={{ pageNo: list.pageNo, totalPages: queue.totalPages, onPage: list.setPageNo }}
      testId={many}
    />
  );
  const target = action?.row;

  return (
    <section className="page" data-testid={`${many}-page`}>
      <PageHeader title={t(`nav.${many}`)} />
      {queue.above?.(query.data)}
      {queue.listTitle !== undefined && <h2 className="cashier-panel__title">{queue.listTitle}</h2>}
      <QueueFilterBar
        filters={list.filters}
        statuses={queue.statuses}
        onApply={(values) => {
          setSelectedKey(null);
          list.setFilters(values);
        }}
        onReset={list.resetFilters}
        fieldError={checked.fieldError}
        testId={`${one}-filters`}
        {...(queue.only ? { only: queue.only } : {})}
      >
        {queue.ownFilter?.({ filters: list.filters, fieldError: checked.fieldError })}
      </QueueFilterBar>
      {checked.valid &&
        (panel ? (
          <div className="cashier-layout">
            <div className="cashier-layout__list">{table}</div>
            <SidePanel
              one={one}
              row={selected}
              title={selected === null ? '' : queue.rowKey(selected)}
              facts={selected === null ? [] : panel.facts(selected)}
              actions={
                selected !== null &&
                queue.decidable(selected) && (
                  <DecisionButtons
                    one={one}
                    many={many}
                    small={false}
                    onDecide={(decision) => setAction({ decision, row: selected })}
                  />
                )
              }
              more={selected === null ? null : panel.more(selected)}
            />
          </div>
        ) : (
          table
        ))}
      {target !== undefined && (
        <>
          <ConfirmDialog
            open={action?.decision === 'approve'}
            onOpenChange={(open) => !open && setAction(null)}
            title={t(`cashier.${many}.approveTitle`)}
            description={t(`cashier.${many}.approveText`, queue.describe(target, 'approve'))}
            confirmLabel={t(`cashier.${many}.approve`)}
            onConfirm={async () => {
              showToast(await queue.approve(target), 'success');
              await refresh();
            }}
            testId={`${one}-approve-dialog`}
          />
          <ReasonDialog
            open={action?.decision === 'reject'}
            onOpenChange={(open) => !open && setAction(null)}
            title={t(`cashier.${many}.rejectTitle`)}
            description={t(`cashier.${many}.rejectText`, queue.describe(target, 'reject'))}
            confirmLabel={t('cashier.reject')}
            danger
            onConfirm={async (reason) => {
              showToast(await queue.reject(target, reason), 'success');
              await refresh();
            }}
            testId={`${one}-reject-dialog`}
          />
        </>
      )}
    </section>
  );
}

/** Who decided and when, and the reason given, once there are. */
export const decidedFacts = (
  t: TFunction,
  decidedBy: string | null,
  decidedAt: string | null,
  reason: string | null,
): QueueFact[] => [
  ...(decidedBy === null
    ? []
    : [{ label: t('cashier.fields.decidedBy'), value: `${decidedBy} · ${formatTime(decidedAt)}` }]),
  ...(reason === null ? [] : [{ label: t('cashier.fields.reason'), value: reason }]),
];

/** Approve and reject by order number (deposits, withdrawals), each answered by `cashier.<many>.approved|rejected`. */
export const orderDecisions = <Row extends { orderNo: string }>(
  t: TFunction,
  many: string,
  approve: (orderNo: string) => Promise<unknown>,
  reject: (orderNo: string, reason: string) => Promise<unknown>,
) => ({
  approve: async (row: Row) => {
    await approve(row.orderNo);
    return t(`cashier.${many}.approved`, { orderNo: row.orderNo });
  },
  reject: async (row: Row, reason: string) => {
    await reject(row.orderNo, reason);
    return t(`cashier.${many}.rejected`, { orderNo: row.orderNo });
  },
});
