import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_EXECUTIONS, NOTICE_TYPES, type OpsNotice } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, FilterBar, PageHeader, type Column } from '@/components/data-table';
import { SelectField } from '@/components/form-fields';
import { StatusBadge } from '@/components/status-badge';
import { useListParams } from '@/lib/list-params';
import { showToast } from '@/lib/toast';
import { contentKeys, deleteNotice, listNotices } from '../api/content-api';
import { languageLabel } from './content-form';
import { NoticeDialog } from './notice-dialog';
import { Schedule } from './schedule';
import './content.css';

const FILTERS = { type: '', execution: '' };

type Editing = { notice: OpsNotice | null } | null;

/**
 * Notices (permission content.manage): announcements for the popup, promotions, the marquee's player notices, banner
 * notices and history; each for an audience (members, guests, first login), a language and a schedule.
 */
export function NoticesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams(FILTERS);
  const query = useQuery({
    queryKey: [...contentKeys.notices, list.query],
    queryFn: ({ signal }) => listNotices(list.query, signal),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<OpsNotice | null>(null);

  const remove = async () => {
    if (!deleting) return;
    await deleteNotice(deleting.id);
    await queryClient.invalidateQueries({ queryKey: contentKeys.notices });
    showToast(t('content.notices.deleted', { title: deleting.title }));
  };

  const columns: Column<OpsNotice>[] = [
    {
      key: 'title',
      header: t('content.notices.title'),
      cell: (row) => (
        <span className="content-text" title={row.content}>
          {row.title}
        </span>
      ),
    },
    { key: 'type', header: t('content.notices.type'), cell: (row) => t(`content.notices.types.${row.type}`) },
    {
      key: 'audience',
      header: t('content.notices.audience'),
      cell: (row) => t(`content.notices.audiences.${row.execution}`),
    },
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
          testId="notice-status"
        />
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (row) => (
        <span className="table__actions">
          <button
            type="button"
            className="button button--ghost button--small"
            data-testid="notice-edit"
            onClick={() => setEditing({ notice: row })}
          >
            {t('content.edit')}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            data-testid="notice-delete"
            onClick={() => setDeleting(row)}
          >
            {t('content.delete')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <section className="page" data-testid="notices-page">
      <PageHeader
        title={t('nav.notices')}
        actions={
          <button
            type="button"
            className="button button--primary"
            data-testid="notice-create"
            onClick={() => setEditing({ notice: null })}
          >
            {t('content.notices.create')}
          </button>
        }
      />
      <FilterBar
        key={JSON.stringify(list.filters)}
        onApply={list.setFilters}
        onReset={list.resetFilters}
        testId="notice-filters"
      >
        <SelectField
          name="type"
          label={t('content.notices.type')}
          defaultValue={list.filters.type}
          testId="notice-filter-type"
          options={[
            { value: '', label: t('content.notices.anyType') },
            ...NOTICE_TYPES.map((value) => ({ value, label: t(`content.notices.types.${value}`) })),
          ]}
        />
        <SelectField
          name="execution"
          label={t('content.notices.audience')}
          defaultValue={list.filters.execution}
          testId="notice-filter-audience"
          options={[
            { value: '', label: t('content.notices.anyAudience') },
            ...NOTICE_EXECUTIONS.map((value) => ({ value, label: t(`content.notices.audiences.${value}`) })),
          ]}
        />
      </FilterBar>
      <DataTable
        query={query}
        rows={(page) => page.list}
        rowKey={(row) => row.id}
        columns={columns}
        caption={t('nav.notices')}
        emptyTitle={t('content.notices.empty')}
        paging={{ pageNo: list.pageNo, totalPages: (page) => page.totalPages, onPage: list.setPageNo }}
        testId="notices"
      />
      {editing && <NoticeDialog notice={editing.notice} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('content.notices.deleteTitle')}
        description={t('content.notices.deleteText', { title: deleting?.title ?? '' })}
        confirmLabel={t('content.delete')}
        onConfirm={remove}
        danger
        testId="notice-delete-dialog"
      />
    </section>
  );
}
