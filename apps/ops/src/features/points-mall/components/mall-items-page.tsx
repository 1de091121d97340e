import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsMallItem } from '@platform/contracts';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import { getMallItems, mallKeys } from '../api/points-api';
import { ItemDialog } from './item-dialog';
import { PointsSettingsPanel } from './points-settings';
import './points-mall.css';

/** Mall items with their stock (promotions.manage, issue 21), and the earning rates and conversion rule below. */
export function MallItemsPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: mallKeys.items, queryFn: ({ signal }) => getMallItems(signal) });
  const [editing, setEditing] = useState<OpsMallItem | 'new' | null>(null);
  const columns: Column<OpsMallItem>[] = [
    {
      key: 'name',
      header: t('pointsMall.name'),
      cell: (row) => (
        <div className="mall-ops__cell">
          <strong>{row.name}</strong>
          <span className="muted">{t(`pointsMall.kinds.${row.kind}`)}</span>
        </div>
      ),
    },
    { key: 'price', header: t('pointsMall.price'), cell: (row) => row.pricePoints },
    { key: 'value', header: t('pointsMall.value'), cell: (row) => (row.kind === 'GOODS' ? '—' : row.value) },
    {
      key: 'stock',
      header: t('pointsMall.stock'),
      cell: (row) => (row.stock === null ? t('pointsMall.unlimited') : String(row.stock)),
    },
    { key: 'redeemed', header: t('pointsMall.redeemed'), cell: (row) => String(row.redeemed) },
    {
      key: 'status',
      header: t('pointsMall.status'),
      cell: (row) => (
        <StatusBadge
          tone={row.status === 'ACTIVE' ? 'success' : 'neutral'}
          label={t(`pointsMall.itemStatus.${row.status}`)}
        />
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (row) => (
        <button type="button" className="button button--ghost button--small" onClick={() => setEditing(row)}>
          {t('pointsMall.edit')}
        </button>
      ),
    },
  ];
  return (
    <section className="page mall-ops" data-testid="mall-items-page">
      <PageHeader
        title={t('nav.pointsMall')}
        actions={
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            {t('pointsMall.newItem')}
          </button>
        }
      />
      <DataTable
        query={query}
        rows={(data) => data.list}
        rowKey={(row) => row.id}
        columns={columns}
        caption={t('nav.pointsMall')}
        emptyTitle={t('pointsMall.noItems')}
        testId="mall-items"
      />
      <PointsSettingsPanel />
      {editing !== null && <ItemDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
