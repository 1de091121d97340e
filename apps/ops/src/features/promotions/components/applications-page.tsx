import './promotions.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { PromotionApplicationSchema } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { ReasonDialog } from '@/components/reason-dialog';
import { formatDateTime } from '@/lib/dates';
import { showToast } from '@/lib/toast';
import {
  applicationImage,
  approveApplication,
  getApplications,
  promotionKeys,
  rejectApplication,
} from '../api/promotions-api';
import { BlobImage } from './blob-image';

type Application = z.infer<typeof PromotionApplicationSchema>;

/**
 * The application queue (promotions.manage, issue 20; spec §5 activity applications): each member's comment and images
 * beside the promotion, oldest first. Approve pays the promotion's bonus into the member's bonus wallet; reject asks
 * for a reason and pays nothing.
 */
export function ApplicationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: promotionKeys.applications, queryFn: ({ signal }) => getApplications(signal) });
  const [approving, setApproving] = useState<Application | null>(null);
  const [rejecting, setRejecting] = useState<Application | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: promotionKeys.all });

  const columns: Column<Application>[] = [
    {
      key: 'member',
      header: t('promotions.applications.member'),
      cell: (row) => (
        <div className="promotions__cell">
          <strong>{row.username}</strong>
          <span className="muted">{formatDateTime(row.createdAt)}</span>
        </div>
      ),
    },
    { key: 'promotion', header: t('promotions.applications.promotion'), cell: (row) => row.promotionTitle },
    {
      key: 'comment',
      header: t('promotions.applications.comment'),
      cell: (row) => (
        <div className="promotions__application">
          <p className="promotions__comment" data-testid="application-comment">
            {row.comment}
          </p>
          <div className="promotions__images">
            {Array.from({ length: row.images }, (_, i) => (
              <BlobImage
                key={`${row.claimId}-${i}`}
                load={() => applicationImage(row.claimId, i + 1)}
                alt={t('promotions.applications.image', { n: i + 1, username: row.username })}
              />
            ))}
          </div>
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (row) => (
        <div className="promotions__actions">
          <button
            type="button"
            className="button button--primary button--small"
            data-testid="application-approve"
            onClick={() => setApproving(row)}
          >
            {t('promotions.applications.approve')}
          </button>
          <button
            type="button"
            className="button button--danger button--small"
            data-testid="application-reject"
            onClick={() => setRejecting(row)}
          >
            {t('promotions.applications.reject')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="page promotions-page" data-testid="applications-page">
      <PageHeader title={t('nav.promotionApplications')} />
      <DataTable
        query={query}
        rows={(data) => data.list}
        rowKey={(row) => row.claimId}
        columns={columns}
        caption={t('nav.promotionApplications')}
        emptyTitle={t('promotions.applications.empty')}
        testId="applications"
      />
      <ConfirmDialog
        open={approving !== null}
        onOpenChange={(open) => !open && setApproving(null)}
        title={t('promotions.applications.approveTitle')}
        description={t('promotions.applications.approveText', {
          username: approving?.username ?? '',
          title: approving?.promotionTitle ?? '',
        })}
        confirmLabel={t('promotions.applications.approve')}
        onConfirm={async () => {
          if (!approving) return;
          await approveApplication(approving.claimId);
          await refresh();
          showToast(t('promotions.applications.approved', { username: approving.username }));
        }}
        testId="application-approve-dialog"
      />
      <ReasonDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={t('promotions.applications.rejectTitle')}
        description={t('promotions.applications.rejectText', { username: rejecting?.username ?? '' })}
        confirmLabel={t('promotions.applications.reject')}
        onConfirm={async (reason) => {
          if (!rejecting) return;
          await rejectApplication(rejecting.claimId, reason.slice(0, 200));
          await refresh();
          showToast(t('promotions.applications.rejected', { username: rejecting.username }));
        }}
        danger
        testId="application-reject-dialog"
      />
    </section>
  );
}
