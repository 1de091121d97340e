import './promotions.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BonusForfeitRequestSchema, type BonusForfeit, type BonusForfeitRequest } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { FormError, SubmitButton, TextField } from '@/components/form-fields';
import { Money } from '@/components/money';
import { ReasonDialog } from '@/components/reason-dialog';
import { StatusBadge, type BadgeTone } from '@/components/status-badge';
import { formatDateTime } from '@/lib/dates';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { useStaff } from '@/lib/session';
import { showToast } from '@/lib/toast';
import {
  approveBonusForfeit,
  getBonusForfeits,
  promotionKeys,
  rejectBonusForfeit,
  requestBonusForfeit,
} from '../api/promotions-api';

const TONES: Record<BonusForfeit['status'], BadgeTone> = {
  PENDING: 'warning',
  FORFEITED: 'danger',
  REJECTED: 'neutral',
  LAPSED: 'neutral',
};
const newRequestId = () => `forfeit-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
type ForfeitForm = { username: string; reason: string };
const ForfeitFormSchema = z
  .custom<ForfeitForm>()
  .transform((v) => ({ ...v, requestId: 'form-check' }))
  .pipe(BonusForfeitRequestSchema) as unknown as z.ZodType<BonusForfeitRequest, ForfeitForm>;

/** The maker's form: forfeits the member's bonus being wagered (at once up to the threshold, else after approval). */
function ForfeitRequestForm({ approvalAbove }: { approvalAbove: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [requestId, setRequestId] = useState(newRequestId);
  const form = useZodForm(ForfeitFormSchema, { username: '', reason: '' });
  const submit = useFormSubmit(form, (values) => requestBonusForfeit({ ...values, requestId }), {
    onSuccess: (row) => {
      showToast(
        t(row.status === 'PENDING' ? 'promotions.forfeits.requested' : 'promotions.forfeits.done', {
          username: row.username,
          amount: row.balance,
        }),
      );
      setRequestId(newRequestId());
      form.reset();
      void queryClient.invalidateQueries({ queryKey: promotionKeys.forfeits });
    },
  });
  return (
    <form className="form promotions__grant-form" noValidate onSubmit={(e) => void submit.onSubmit(e)}>
      <h2>{t('promotions.forfeits.newTitle')}</h2>
      <p className="field__hint">{t('promotions.forfeits.newHint', { amount: approvalAbove })}</p>
      <div className="form__grid">
        <TextField
          label={t('promotions.grants.member')}
          required
          testId="forfeit-username"
          error={submit.fieldError('username')}
          {...form.register('username')}
        />
        <TextField
          label={t('promotions.grants.reason')}
          required
          testId="forfeit-reason"
          error={submit.fieldError('reason')}
          {...form.register('reason')}
        />
      </div>
      <FormError message={submit.formError} testId="forfeit-form-error" />
      <SubmitButton busy={submit.busy} label={t('promotions.forfeits.request')} testId="forfeit-submit" />
    </form>
  );
}

/**
 * Bonus forfeits (promotions.manage, issue 20, ADR 0042): the maker's form and the list; a forfeit above the threshold
 * waits for another staff member, who approves or rejects it; one's own request says it waits for someone else.
 */
export function BonusForfeitsPage() {
  const { t } = useTranslation();
  const me = useStaff();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: promotionKeys.forfeits, queryFn: ({ signal }) => getBonusForfeits(signal) });
  const [approving, setApproving] = useState<BonusForfeit | null>(null);
  const [rejecting, setRejecting] = useState<BonusForfeit | null>(null);
  const mine = (row: BonusForfeit) => row.requestedBy.toLowerCase() === me.username.toLowerCase();
  const refresh = () => queryClient.invalidateQueries({ queryKey: promotionKeys.forfeits });
  const columns: Column<BonusForfeit>[] = [
    { key: 'member', header: t('promotions.grants.member'), cell: (row) => row.username },
    {
      key: 'balance',
      header: t('promotions.forfeits.balance'),
      align: 'end',
      cell: (row) => <Money amount={row.forfeited ?? row.balance} />,
    },
    { key: 'reason', header: t('promotions.grants.reason'), cell: (row) => row.reason },
    {
      key: 'requested',
      header: t('promotions.grants.requestedBy'),
      cell: (row) => `${row.requestedBy} · ${formatDateTime(row.createdAt)}`,
    },
    {
      key: 'status',
      header: t('promotions.fields.status'),
      cell: (row) => (
        <span>
          <StatusBadge
            tone={TONES[row.status]}
            label={t(`promotions.forfeits.states.${row.status}`)}
            testId="forfeit-status"
          />
          {row.decidedBy !== null && ` ${row.decidedBy}`}
          {row.rejectReason !== null && ` — ${row.rejectReason}`}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (row) =>
        row.status !== 'PENDING' ? null : mine(row) ? (
          <span className="field__hint" data-testid="forfeit-own">
            {t('promotions.grants.ownRequest')}
          </span>
        ) : (
          <div className="promotions__actions">
            <button
              type="button"
              className="button button--danger button--small"
              data-testid="forfeit-approve"
              onClick={() => setApproving(row)}
            >
              {t('promotions.forfeits.approve')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              data-testid="forfeit-reject"
              onClick={() => setRejecting(row)}
            >
              {t('promotions.grants.reject')}
            </button>
          </div>
        ),
    },
  ];
  return (
    <section className="page promotions-page" data-testid="forfeits-page">
      <PageHeader title={t('nav.bonusForfeits')} />
      <ForfeitRequestForm approvalAbove={query.data?.approvalAbove ?? '100.00'} />
      <DataTable
        query={query}
        rows={(data) => data.list}
        rowKey={(row) => row.id}
        columns={columns}
        caption={t('nav.bonusForfeits')}
        emptyTitle={t('promotions.forfeits.empty')}
        testId="forfeits"
      />
      <ConfirmDialog
        open={approving !== null}
        onOpenChange={(open) => !open && setApproving(null)}
        title={t('promotions.forfeits.approveTitle')}
        description={t('promotions.forfeits.approveText', {
          amount: approving?.balance ?? '',
          username: approving?.username ?? '',
          requestedBy: approving?.requestedBy ?? '',
        })}
        confirmLabel={t('promotions.forfeits.approve')}
        onConfirm={async () => {
          if (!approving) return;
          const row = await approveBonusForfeit(approving.id);
          await refresh();
          showToast(t('promotions.forfeits.done', { username: row.username, amount: row.forfeited ?? row.balance }));
        }}
        danger
        testId="forfeit-approve-dialog"
      />
      <ReasonDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={t('promotions.forfeits.rejectTitle')}
        description={t('promotions.forfeits.rejectText', { username: rejecting?.username ?? '' })}
        confirmLabel={t('promotions.grants.reject')}
        onConfirm={async (reason) => {
          if (!rejecting) return;
          await rejectBonusForfeit(rejecting.id, reason.slice(0, 200));
          await refresh();
          showToast(t('promotions.forfeits.rejected', { username: rejecting.username }));
        }}
        testId="forfeit-reject-dialog"
      />
    </section>
  );
}
