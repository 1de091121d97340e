import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REDEEM_STATUSES, type OpsRedemption, type RedeemStatus } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { SelectField } from '@/components/form-fields';
import { ReasonDialog } from '@/components/reason-dialog';
import { StatusBadge, type BadgeTone } from '@/components/status-badge';
import { formatDateTime } from '@/lib/dates';
import { showToast } from '@/lib/toast';
import { approveRedemption, getRedemptions, mallKeys, rejectRedemption } from '../api/points-api';
import { PointsReportPanel } from './points-report';
import './points-mall.css';

const TONES: Record<RedeemStatus, BadgeTone> = { IN_PROCESS: 'warning', APPROVED: 'success', REJECTED: 'danger' };

/**
 * Redemptions (promotions.manage, issue 21; spec §4 redeem statuses): goods wait in process with their delivery
 * address; approve marks them fulfilled, reject gives a reason, refunds the points and returns the stock. The cost
 * report sits above the queue.
 */
export function RedemptionsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RedeemStatus | 'ALL'>('IN_PROCESS');
  const query = useQuery({
    queryKey: mallKeys.redemptions(status),
    queryFn: ({ signal }) => getRedemptions(status, signal),
  });
  const [approving, setApproving] = useState<OpsRedemption | null>(null);
  const [rejecting, setRejecting] = useState<OpsRedemption | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: mallKeys.all });

  const columns: Column<OpsRedemption>[] = [
    {
      key: 'member',
      header: t('pointsMall.member'),
      cell: (row) => (
        <div className="mall-ops__cell">
          <strong>{row.username}</strong>
          <span className="muted">{formatDateTime(row.createdAt)}</span>
        </div>
      ),
    },
    {
      key: 'item',
      header: t('pointsMall.item'),
      cell: (row) => (
        <div className="mall-ops__cell">
          <strong>{row.itemName}</strong>
          <span className="muted">
            {t(`pointsMall.kinds.${row.kind}`)} · {t('pointsMall.pointsOf', { points: row.points })}
          </span>
        </div>
      ),
    },
    {
      key: 'address',
      header: t('pointsMall.address'),
      cell: (row) =>
        row.address ? (
          <div className="mall-ops__cell" data-testid="redemption-address">
            <span>
              {row.address.name} · {row.address.phone}
            </span>
            <span className="muted">{row.address.address}</span>
          </div>
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      key: 'status',
      header: t('pointsMall.status'),
      cell: (row) => (
        <div className="mall-ops__cell">
          <StatusBadge tone={TONES[row.status]} label={t(`pointsMall.statuses.${row.status}`)} />
          {row.reason && <span className="muted">{row.reason}</span>}
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (row) =>
        row.status === 'IN_PROCESS' ? (
          <div className="mall-ops__actions">
            <button
              type="button"
              className="button button--primary button--small"
              data-testid="redemption-approve"
              onClick={() => setApproving(row)}
            >
              {t('pointsMall.fulfil')}
            </button>
            <button
              type="button"
              className="button button--danger button--small"
              data-testid="redemption-reject"
              onClick={() => setRejecting(row)}
            >
              {t('pointsMall.reject')}
            </button>
          </div>
        ) : null,
    },
  ];

  return (
    <section className="page mall-ops" data-testid="redemptions-page">
      <PageHeader title={t('nav.pointsRedemptions')} />
      <PointsReportPanel />
      <div className="mall-ops__filter">
        <SelectField
          label={t('pointsMall.status')}
          testId="redemptions-status"
          value={status}
          onChange={(event) => setStatus(event.target.value as RedeemStatus | 'ALL')}
          options={[
            { value: 'ALL', label: t('pointsMall.all') },
            ...REDEEM_STATUSES.map((value) => ({ value, label: t(`pointsMall.statuses.${value}`) })),
          ]}
        />
      </div>
      <DataTable
        query={query}
        rows={(data) => data.list}
        rowKey={(row) => row.id}
        columns={columns}
        caption={t('nav.pointsRedemptions')}
        emptyTitle={t('pointsMall.noRedemptions')}
        testId="redemptions"
      />
      <ConfirmDialog
        open={approving !== null}
        onOpenChange={(open) => !open && setApproving(null)}
        title={t('pointsMall.fulfilTitle')}
        description={t('pointsMall.fulfilText', {
          item: approving?.itemName ?? '',
          username: approving?.username ?? '',
        })}
        confirmLabel={t('pointsMall.fulfil')}
        onConfirm={async () => {
          if (!approving) return;
          await approveRedemption(approving.id);
          await refresh();
          showToast(t('pointsMall.fulfilled', { item: approving.itemName }));
        }}
        testId="redemption-approve-dialog"
      />
      <ReasonDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={t('pointsMall.rejectTitle')}
        description={t('pointsMall.rejectText', {
          points: rejecting?.points ?? '',
          username: rejecting?.username ?? '',
        })}
        confirmLabel={t('pointsMall.reject')}
        onConfirm={async (reason) => {
          if (!rejecting) return;
          await rejectRedemption(rejecting.id, reason.slice(0, 200));
          await refresh();
          showToast(t('pointsMall.rejected', { item: rejecting.itemName }));
        }}
        danger
        testId="redemption-reject-dialog"
      />
    </section>
  );
}
