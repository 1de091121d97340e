import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANNER_GROUPS, type OpsBanner } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, FilterBar, PageHeader, type Column } from '@/components/data-table';
import { SelectField } from '@/components/form-fields';
import { StatusBadge } from '@/components/status-badge';
import { useListParams } from '@/lib/list-params';
import { showToast } from '@/lib/toast';
import { contentKeys, deleteBanner, listBanners } from '../api/content-api';
import { BannerDialog } from './banner-dialog';
import { languageLabel, previewable } from './content-form';
import { Schedule } from './schedule';
import './content.css';

const FILTERS = { groupName: '' };

type Editing = { banner: OpsBanner | null } | null;

/** Banners by group (permission content.manage): list with previews, create, edit, delete; order and schedule. */
export function BannersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams(FILTERS);
  const query = useQuery({
    queryKey: [...contentKeys.banners, list.query],
    queryFn: ({ signal }) => listBanners(list.query, signal),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<OpsBanner | null>(null);

  const remove = async () => {
    if (!deleting) return;
    await deleteBanner(deleting.id);
    await queryClient.invalidateQueries({ queryKey: contentKeys.banners });
    showToast(t('content.banners.deleted', { title: deleting.title }));
  };

  const columns: Column<OpsBanner>[] = [
    {
      key: 'image',
      header: t('content.banners.image'),
      cell: (row) =>
        previewable(row.imageUrl) ? (
          <img className="content-thumb" src={row.imageUrl} alt="" loading="lazy" />
        ) : (
          row.imageUrl
        ),
    },
    { key: 'title', header: t('content.banners.title'), cell: (row) => row.title },
    { key: 'group', header: t('content.banners.group'), cell: (row) => t(`content.banners.groups.${row.groupName}`) },
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
          testId="banner-status"
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
            data-testid="banner-edit"
            onClick={() => setEditing({ banner: row })}
          >
            {t('content.edit')}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            data-testid="banner-delete"
            onClick={() => setDeleting(row)}
          >
            {t('content.delete')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <section className="page" data-testid="banners-page">
      <PageHeader
        title={t('nav.banners')}
        actions={
          <button
            type="button"
            className="button button--primary"
            data-testid="banner-create"
            onClick={() => setEditing({ banner: null })}
          >
            {t('content.banners.create')}
          </button>
        }
      />
      <FilterBar
        key={JSON.stringify(list.filters)}
        onApply={list.setFilters}
        onReset={list.resetFilters}
        testId="banner-filters"
      >
        <SelectField
          name="groupName"
          label={t('content.banners.group')}
          defaultValue={list.filters.groupName}
          testId="banner-filter-group"
          options={[
            { value: '', label: t('content.banners.anyGroup') },
            ...BANNER_GROUPS.map((group) => ({ value: group, label: t(`content.banners.groups.${group}`) })),
          ]}
        />
      </FilterBar>
      <DataTable
        query={query}
        rows={(page) => page.list}
        rowKey={(row) => row.id}
        columns={columns}
        caption={t('nav.banners')}
        emptyTitle={t('content.banners.empty')}
        paging={{ pageNo: list.pageNo, totalPages: (page) => page.totalPages, onPage: list.setPageNo }}
        testId="banners"
      />
      {editing && (
        <BannerDialog
          banner={editing.banner}
          groupName={list.filters.groupName || undefined}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('content.banners.deleteTitle')}
        description={t('content.banners.deleteText', { title: deleting?.title ?? '' })}
        confirmLabel={t('content.delete')}
        onConfirm={remove}
        danger
        testId="banner-delete-dialog"
      />
    </section>
  );
}
