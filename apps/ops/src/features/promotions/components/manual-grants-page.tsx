import './promotions.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ManualGrantRequestSchema, type ManualGrant, type ManualGrantRequest } from '@platform/contracts';
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
  approveManualGrant,
  getManualGrants,
  promotionKeys,
  rejectManualGrant,
  requestManualGrant,
} from '../api/promotions-api';

const TONES: Record<ManualGrant['status'], BadgeTone> = { PENDING: 'warning', APPROVED: 'success', REJECTED: 'danger' };
const newRequestId = () => `grant-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

type GrantForm = { username: string; amount: string; turnoverMultiple: string; expiryHours: string; reason: string };
const numberOf = (value: string): number => Number(value.trim() === '' ? NaN : value);
/** The form's text checked by the contracts' rules (the request id is the form's own, added when sent). */
const GrantFormSchema = z
  .custom<GrantForm>()
  .transform((v) => ({
    ...v,
    turnoverMultiple: numberOf(v.turnoverMultiple),
    expiryHours: numberOf(v.expiryHours),
    requestId: 'form-check',
  }))
  .pipe(ManualGrantRequestSchema) as unknown as z.ZodType<ManualGrantRequest, GrantForm>;

/** The maker's form: a bonus for one member, paid only once another staff member approves it. */
function GrantRequestForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [requestId, setRequestId] = useState(newRequestId);
  const form = useZodForm(GrantFormSchema, {
    ...{ username: '', amount: '', turnoverMultiple: '5', expiryHours: '72', reason: '' },
  });
  const submit = useFormSubmit(form, (values) => requestManualGrant({ ...values, requestId }), {
    onSuccess: (grant) => {
      showToast(t('promotions.grants.requested', { username: grant.username, amount: grant.amount }));
      setRequestId(newRequestId());
      form.reset();
      void queryClient.invalidateQueries({ queryKey: promotionKeys.grants });
    },
  });
  return (
    <form className="form promotions__grant-form" noValidate onSubmit={(e) => void submit.onSubmit(e)}>
      <h2>{t('promotions.grants.newTitle')}</h2>
      <p className="field__hint">{t('promotions.grants.newHint')}</p>
      <div className="form__grid">
        <TextField
          label={t('promotions.grants.member')}
          required
          testId="grant-username"
          error={submit.fieldError('username')}
          {...form.register('username')}
        />
        <TextField
          label={t('promotions.grants.amount')}
          required
          inputMode="decimal"
          testId="grant-amount"
          error={submit.fieldError('amount')}
          {...form.register('amount')}
        />
        <TextField
          label={t('promotions.fields.turnoverMultiple')}
          required
          inputMode="numeric"
          testId="grant-turnover"
          error={submit.fieldError('turnoverMultiple')}
          {...form.register('turnoverMultiple')}
        />
        <TextField
          label={t('promotions.fields.expiryHours')}
          required
          inputMode="numeric"
          testId="grant-expiry"
          error={submit.fieldError('expiryHours')}
          {...form.register('expiryHours')}
        />
      </div>
      <TextField
        label={t('promotions.grants.reason')}
        required
        testId="grant-reason"
        error={submit.fieldError('reason')}
        {...form.register('reason')}
      />
      <FormError message={submit.formError} testId="grant-form-error" />
      <SubmitButton busy={submit.busy} label={t('promotions.grants.request')} testId="grant-submit" />
    </form>
  );
}

/**
 * Manual bonus grants (promotions.manage, issue 20, ADR 0037): the maker's form and the list. Approve and reject show
 * on other staff members' pending requests only; one's own request says it waits for someone else.
 */
export function ManualGrantsPage() {
  const { t } = useTranslation();
  const me = useStaff();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: promotionKeys.grants, queryFn: ({ signal }) => getManualGrants(signal) });
  const [approving, setApproving] = useState<ManualGrant | null>(null);
  const [rejecting, setRejecting] = useState<ManualGrant | null>(null);
  const mine = (row: ManualGrant) => row.requestedBy.toLowerCase() === me.username.toLowerCase();
  const refresh = () => queryClient.invalidateQueries({ queryKey: promotionKeys.grants });

  const columns: Column<ManualGrant>[] = [
    { key: 'member', header: t('promotions.grants.member'), cell: (row) => row.username },
    {
      key: 'amount',
      header: t('promotions.grants.amount'),
      align: 'end',
      cell: (row) => <Money amount={row.amount} />,
    },
    {
      key: 'terms',
      header: t('promotions.wagering'),
      cell: (row) =>
        `${t('promotions.turnoverShort', { multiple: row.turnoverMultiple })} · ${t('promotions.expiryShort', {
          hours: row.expiryHours,
        })}`,
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
            label={t(`promotions.grants.states.${row.status}`)}
            testId="grant-status"
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
          <span className="field__hint" data-testid="grant-own">
            {t('promotions.grants.ownRequest')}
          </span>
        ) : (
          <div className="promotions__actions">
            <button
              type="button"
              className="button button--primary button--small"
              data-testid="grant-approve"
              onClick={() => setApproving(row)}
            >
              {t('promotions.grants.approve')}
            </button>
            <button
              type="button"
              className="button button--danger button--small"
              data-testid="grant-reject"
              onClick={() => setRejecting(row)}
            >
              {t('promotions.grants.reject')}
            </button>
          </div>
        ),
    },
  ];

  return (
    <section className="page promotions-page" data-testid="grants-page">
      <PageHeader title={t('nav.bonusGrants')} />
      <GrantRequestForm />
      <DataTable
        query={query}
        rows={(data) => data.list}
        rowKey={(row) => row.id}
        columns={columns}
        caption={t('nav.bonusGrants')}
        emptyTitle={t('promotions.grants.empty')}
        testId="grants"
      />
      <ConfirmDialog
        open={approving !== null}
        onOpenChange={(open) => !open && setApproving(null)}
        title={t('promotions.grants.approveTitle')}
        description={t('promotions.grants.approveText', {
          amount: approving?.amount ?? '',
          username: approving?.username ?? '',
          requestedBy: approving?.requestedBy ?? '',
        })}
        confirmLabel={t('promotions.grants.approve')}
        onConfirm={async () => {
          if (!approving) return;
          await approveManualGrant(approving.id);
          await refresh();
          showToast(t('promotions.grants.approved', { username: approving.username, amount: approving.amount }));
        }}
        testId="grant-approve-dialog"
      />
      <ReasonDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={t('promotions.grants.rejectTitle')}
        description={t('promotions.grants.rejectText', { username: rejecting?.username ?? '' })}
        confirmLabel={t('promotions.grants.reject')}
        onConfirm={async (reason) => {
          if (!rejecting) return;
          await rejectManualGrant(rejecting.id, reason.slice(0, 200));
          await refresh();
          showToast(t('promotions.grants.rejected', { username: rejecting.username }));
        }}
        danger
        testId="grant-reject-dialog"
      />
    </section>
  );
}
