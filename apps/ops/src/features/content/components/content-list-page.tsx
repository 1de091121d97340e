import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, FilterBar, PageHeader, type Column } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import type { Query } from '@/lib/api-client';
import type { ListFilters } from '@/lib/list-params';
import { showToast } from '@/lib/toast';
import { CONTENT_KINDS, languageLabel, type ContentKind } from './content-form';
import { Schedule } from './schedule';
import './content.css';

type RowActionsProps = { kind: ContentKind; onEdit: () => void; onDelete?: (() => void) | undefined };

/** A content row's Edit and (when it may be deleted) Delete buttons. */
export function ContentRowActions({ kind, onEdit, onDelete }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <span className="table__actions">
      <button
        type="button"
        className="button button--ghost button--small"
        data-testid={`${kind}-edit`}
        onClick={onEdit}
      >
        {t('content.edit')}
      </button>
      {onDelete && (
        <button
          type="button"
          className="button button--ghost button--small"
          data-testid={`${kind}-delete`}
          onClick={onDelete}
        >
          {t('content.delete')}
        </button>
      )}
    </span>
  );
}

/** What a banner and a notice both have (contracts content-ops.ts). */
type ScheduledContent = {
  id: string;
  title: string;
  language: string | null;
  sort: number;
  startsAt: string | null;
  endsAt: string | null;
  enabled: boolean;
};

type ContentListPageProps<Row extends ScheduledContent> = {
  kind: 'banner' | 'notice';
  /** The page's `useListParams`: the filter bar's controls take their values from its `filters`. */
  list: {
    filters: ListFilters;
    pageNo: number;
    query: Query;
    setFilters: (values: ListFilters) => void;
    resetFilters: () => void;
    setPageNo: (pageNo: number) => void;
  };
  load: (query: Query, signal: AbortSignal) => Promise<{ list: Row[]; totalPages: number }>;
  remove: (id: string) => Promise<unknown>;
  /** The kind's own columns, before language, order, schedule, status and actions. */
  columns: readonly Column<Row>[];
  /** The filter bar's controls (named, uncontrolled). */
  filters: ReactNode;
  /** The create (`row` null) or edit dialog. */
  dialog: (row: Row | null, onClose: () => void) => ReactNode;
};

/**
 * The list of a scheduled kind of content (banners, notices; permission content.manage): filters, a page of entries
 * with their language, order, schedule and status, create, edit, and delete after a confirmation.
 */
export function ContentListPage<Row extends ScheduledContent>(props: ContentListPageProps<Row>) {
  const { kind, list, load, remove, columns, filters, dialog } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { texts, nav, queryKey } = CONTENT_KINDS[kind];
  const query = useQuery({
    queryKey: [...queryKey, list.query],
    queryFn: ({ signal }) => load(list.query, signal),
  });
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);

  const confirmRemove = async () => {
    if (!deleting) return;
    await remove(deleting.id);
    await queryClient.invalidateQueries({ queryKey });
    showToast(t(`${texts}.deleted`, { title: deleting.title }));
  };

  const allColumns: Column<Row>[] = [
    ...columns,
    { key: 'language', header: t('common.language'), cell: (row) => languageLabel(t, row.language) },
    { key: 'sort', header: t('content.order'), align: 'end', cell: (row) => row.sort },
    { key: 'schedule', header: t('content.schedule'), cell: (row) => <Schedule from={row.startsAt} to={row.endsAt} /> },
    {
      key: 'enabled',
      header: t('content.status'),
      cell: (row) => (
        <StatusBadge
          tone={row.enabled ? 'success' : 'neutral'}
          label={row.enabled ? t('content.on') : t('content.off')}
          testId={`${kind}-status`}
        />
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (row) => (
        <ContentRowActions kind={kind} onEdit={() => setEditing({ row })} onDelete={() => setDeleting(row)} />
      ),
    },
  ];

  return (
    <section className="page" data-testid={`${kind}s-page`}>
      <PageHeader
        title={t(nav)}
        actions={
          <button
            type="button"
            className="button button--primary"
            data-testid={`${kind}-create`}
            onClick={() => setEditing({ row: null })}
          >
            {t(`${texts}.create`)}
          </button>
        }
      />
      <FilterBar
        key={JSON.stringify(list.filters)}
        onApply={list.setFilters}
        onReset={list.resetFilters}
        testId={`${kind}-filters`}
      >
        {filters}
      </FilterBar>
      <DataTable
        query={query}
        rows={(page) => page.list}
        rowKey={(row) => row.id}
        columns={allColumns}
        caption={t(nav)}
        emptyTitle={t(`${texts}.empty`)}
        paging={{ pageNo: list.pageNo, totalPages: (page) => page.totalPages, onPage: list.setPageNo }}
        testId={`${kind}s`}
      />
      {editing && dialog(editing.row, () => setEditing(null))}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t(`${texts}.deleteTitle`)}
        description={t(`${texts}.deleteText`, { title: deleting?.title ?? '' })}
        confirmLabel={t('content.delete')}
        onConfirm={confirmRemove}
        danger
        testId={`${kind}-delete-dialog`}
      />
    </section>
  );
}
