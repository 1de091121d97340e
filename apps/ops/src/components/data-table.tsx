import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { EmptyState, Pager } from '@platform/ui';

export type Column<Row> = {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers and money align to the end. */
  align?: 'start' | 'end';
};

/** The parts of a TanStack `useQuery` result a list reads. */
export type ListQuery<Data> = {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching?: boolean;
  refetch: () => unknown;
};

type DataTableProps<Data, Row> = {
  query: ListQuery<Data>;
  /** The rows of a loaded page (`(page) => page.list`). */
  rows: (data: Data) => readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  /** Names the table for screen readers. */
  caption: string;
  emptyTitle: string;
  /** Under the empty state's title: what to do (e.g. clear filters). */
  emptyHint?: ReactNode;
  /** Paging of a loaded page; omit for lists that come whole. */
  paging?: { pageNo: number; totalPages: (data: Data) => number; onPage: (pageNo: number) => void };
  testId: string;
  skeletonRows?: number;
};

/**
 * The list pattern (DESIGN.md §9): a loading skeleton, an error with retry, an empty state, else the table and its
 * pager. The table is the shared stack table (packages/ui table.css, ADR 0024): rows become cards on a phone. Rows carry data-testid `${testId}-row`; states carry `${testId}-loading|error|empty`.
 */
export function DataTable<Data, Row>({
  query,
  rows,
  columns,
  rowKey,
  caption,
  emptyTitle,
  emptyHint,
  paging,
  testId,
  skeletonRows = 5,
}: DataTableProps<Data, Row>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="table-wrap" data-testid={`${testId}-loading`} aria-busy="true">
        <table className="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: skeletonRows }, (_, index) => (
              <tr key={index} className="table__skeleton-row">
                {columns.map((column) => (
                  <td key={column.key}>
                    <span className="skeleton" />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <span className="visually-hidden" role="status">
          {t('common.loading')}
        </span>
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} testId={`${testId}-error`} />;
  }
  const list = rows(query.data);
  if (list.length === 0) {
    return (
      <div data-testid={`${testId}-empty`}>
        <EmptyState title={emptyTitle}>{emptyHint}</EmptyState>
      </div>
    );
  }
  return (
    <>
      <div className="table-wrap stack-table-scroll" data-testid={testId} aria-busy={query.isFetching || undefined}>
        <table className="table stack-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.align === 'end' ? 'table__end' : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.map((row) => (
              <tr key={rowKey(row)} data-testid={`${testId}-row`} data-key={rowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    data-label={column.header}
                    className={column.align === 'end' ? 'table__end' : undefined}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {paging && (
        <Pagination
          pageNo={paging.pageNo}
          totalPages={paging.totalPages(query.data)}
          onPage={paging.onPage}
          testId={`${testId}-pager`}
        />
      )}
    </>
  );
}

/** A failed load: what went wrong and a retry button. */
export function ErrorState({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="error-state" role="alert" data-testid={testId}>
      <p>{errorText(t, error)}</p>
      <button type="button" className="button button--ghost" onClick={onRetry} data-testid={`${testId}-retry`}>
        {t('common.retry')}
      </button>
    </div>
  );
}

type PaginationProps = { pageNo: number; totalPages: number; onPage: (pageNo: number) => void; testId: string };

export function Pagination({ pageNo, totalPages, onPage, testId }: PaginationProps) {
  const { t } = useTranslation();
  const labels = {
    name: t('list.pages'),
    previous: t('list.previous'),
    next: t('list.next'),
    page: t('list.pageOf', { pageNo, totalPages }),
  };
  return <Pager {...{ pageNo, totalPages, onPage, labels, testId }} small />;
}

type FilterBarProps = {
  /** Called with every named control's value (FormData) when the staff member presses Search. */
  onApply: (values: Record<string, string>) => void;
  onReset: () => void;
  children: ReactNode;
  testId?: string;
};

/**
 * The filters above a list: named, uncontrolled controls (defaultValue from the applied filters) applied together
 * with Search. Give the bar a `key` that changes on reset (e.g. JSON of the filters) so the controls show the reset.
 */
export function FilterBar({ onApply, onReset, children, testId = 'filters' }: FilterBarProps) {
  const { t } = useTranslation();
  return (
    <form
      className="filter-bar"
      role="search"
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        const values: Record<string, string> = {};
        new FormData(event.currentTarget).forEach((value, key) => {
          if (typeof value === 'string') values[key] = value.trim();
        });
        onApply(values);
      }}
    >
      {children}
      <div className="filter-bar__actions">
        <button type="submit" className="button button--primary" data-testid={`${testId}-apply`}>
          {t('filters.search')}
        </button>
        <button type="button" className="button button--ghost" onClick={onReset} data-testid={`${testId}-reset`}>
          {t('filters.reset')}
        </button>
      </div>
    </form>
  );
}

/** A page's title row with its actions (Create, Export CSV). */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <div className="page-header title-row">
      <h1 className="page-header__title">{title}</h1>
      {actions && <div className="page-header__actions">{actions}</div>}
    </div>
  );
}
