import './promotions.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsPromotion } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { Money } from '@/components/money';
import { StatusBadge, type BadgeTone } from '@/components/status-badge';
import { formatDateTime } from '@/lib/dates';
import { showToast } from '@/lib/toast';
import { getPromotions, promotionKeys, setPromotionStatus } from '../api/promotions-api';
import { PromotionDialog } from './promotion-dialog';
import { PromotionPreview } from './promotion-preview';

const TONES: Record<OpsPromotion['status'], BadgeTone> = { ACTIVE: 'success', STOPPED: 'danger', DRAFT: 'neutral' };

/** The reward in a word: "12.50", "100% up to 1,000.00", or "7.5% of each week's net loss up to 50.00". */
function Reward({ row }: { row: OpsPromotion }) {
  const { t } = useTranslation();
  if (row.percent === null) return <Money amount={row.bonus ?? '0'} />;
  return (
    <span data-testid="promotion-reward">
      {row.cashbackWindow === null
        ? `${row.percent}%`
        : t(`promotions.cashbackRate.${row.cashbackWindow}`, { percent: row.percent })}
      {row.maxBonus !== null && (
        <>
          {' '}
          {t('promotions.upTo')} <Money amount={row.maxBonus} />
        </>
      )}
    </span>
  );
}

/**
 * Promotions (promotions.manage, issue 20): every promotion with its reward, wagering terms, claims and state; create,
 * edit, and suspend or resume after a confirmation. Grants already paid keep the terms they were paid with.
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: promotionKeys.list, queryFn: ({ signal }) => getPromotions(signal) });
  const [editing, setEditing] = useState<{ row: OpsPromotion | null } | null>(null);
  const [switching, setSwitching] = useState<OpsPromotion | null>(null);
  const [previewing, setPreviewing] = useState<OpsPromotion | null>(null);
  const next = switching?.status === 'ACTIVE' ? 'STOPPED' : 'ACTIVE';

  const confirmSwitch = async () => {
    if (!switching) return;
    await setPromotionStatus(switching.id, next);
    await queryClient.invalidateQueries({ queryKey: promotionKeys.list });
    showToast(t(next === 'STOPPED' ? 'promotions.suspended' : 'promotions.resumed', { title: switching.title.EN }));
  };

  const columns: Column<OpsPromotion>[] = [
    {
      key: 'title',
      header: t('promotions.fields.title'),
      cell: (row) => (
        <div className="promotions__cell">
          <strong>{row.title.EN}</strong>
          <span className="muted">{t(`promotions.kinds.${row.kind}`)}</span>
          <span className="muted" data-testid="promotion-schedule">
            {formatDateTime(row.startsAt)} – {row.endsAt === null ? t('promotions.noEnd') : formatDateTime(row.endsAt)}
          </span>
        </div>
      ),
    },
    { key: 'reward', header: t('promotions.reward'), cell: (row) => <Reward row={row} /> },
    {
      key: 'wagering',
      header: t('promotions.wagering'),
      cell: (row) =>
        row.cashbackPayAs !== null ? (
          <span data-testid="promotion-wagering">
            {row.cashbackPayAs === 'CASH'
              ? t('promotions.cashbackPayAs.CASH')
              : t('promotions.turnoverShort', { multiple: row.turnoverMultiple })}
            {row.cashbackMinLoss !== null && Number(row.cashbackMinLoss) > 0 && (
              <>
                {' · '}
                {t('promotions.minLossShort')} <Money amount={row.cashbackMinLoss} />
              </>
            )}
          </span>
        ) : (
          <span data-testid="promotion-wagering">
            {t('promotions.turnoverShort', { multiple: row.turnoverMultiple })}
            {row.maxBet !== null && (
              <>
                {' · '}
                {t('promotions.maxBetShort')} <Money amount={row.maxBet} />
              </>
            )}
            {' · '}
            {t('promotions.expiryShort', { hours: row.expiryHours })}
          </span>
        ),
    },
    {
      key: 'claims',
      header: t('promotions.claims'),
      align: 'end',
      cell: (row) => (row.totalLimit === null ? row.claimedCount : `${row.claimedCount} / ${row.totalLimit}`),
    },
    {
      key: 'status',
      header: t('promotions.fields.status'),
      cell: (row) => (
        <StatusBadge tone={TONES[row.status]} label={t(`promotions.states.${row.status}`)} testId="promotion-status" />
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (row) => (
        <div className="promotions__actions">
          <button
            type="button"
            className="button button--ghost button--small"
            data-testid="promotion-preview-open"
            onClick={() => setPreviewing(row)}
          >
            {t('promotions.preview.open')}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            data-testid="promotion-edit"
            onClick={() => setEditing({ row })}
          >
            {t('promotions.edit')}
          </button>
          <button
            type="button"
            className={`button button--small ${row.status === 'ACTIVE' ? 'button--danger' : 'button--ghost'}`}
            data-testid="promotion-switch"
            onClick={() => setSwitching(row)}
          >
            {t(row.status === 'ACTIVE' ? 'promotions.suspend' : 'promotions.resume')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="page promotions-page" data-testid="promotions-page">
      <PageHeader
        title={t('nav.promotions')}
        actions={
          <button
            type="button"
            className="button button--primary"
            data-testid="promotion-create"
            onClick={() => setEditing({ row: null })}
          >
            {t('promotions.create')}
          </button>
        }
      />
      <DataTable
        query={query}
        rows={(data) => data.list}
        rowKey={(row) => row.id}
        columns={columns}
        caption={t('nav.promotions')}
        emptyTitle={t('promotions.empty')}
        testId="promotions"
      />
      {editing && <PromotionDialog promotion={editing.row} onClose={() => setEditing(null)} />}
      {previewing && <PromotionPreview promotion={previewing} onClose={() => setPreviewing(null)} />}
      <ConfirmDialog
        open={switching !== null}
        onOpenChange={(open) => !open && setSwitching(null)}
        title={t(next === 'STOPPED' ? 'promotions.suspendTitle' : 'promotions.resumeTitle')}
        description={t(next === 'STOPPED' ? 'promotions.suspendText' : 'promotions.resumeText', {
          title: switching?.title.EN ?? '',
        })}
        confirmLabel={t(next === 'STOPPED' ? 'promotions.suspend' : 'promotions.resume')}
        onConfirm={confirmSwitch}
        danger={next === 'STOPPED'}
        testId="promotion-switch-dialog"
      />
    </section>
  );
}
