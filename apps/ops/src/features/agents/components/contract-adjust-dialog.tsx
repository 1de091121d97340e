import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { OpsContractAdjustmentSchema, type OpsSettlementPage } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { FormError, SelectField, SubmitButton, TextAreaField, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { adjustContractIncome, contractKeys } from '../api/contracts-api';

type Row = OpsSettlementPage['list'][number];

/** The form's direction and unsigned amount as the API's signed adjustment; `requestId` makes a retry pay once. */
const AdjustFormSchema = (base: { username: string; type: Row['type']; requestId: string }) =>
  z
    .object({ direction: z.enum(['CREDIT', 'DEBIT']), amount: z.string().trim(), reason: z.string() })
    .transform((form) => ({
      ...base,
      amount: `${form.direction === 'DEBIT' ? '-' : ''}${form.amount}`,
      reason: form.reason,
    }))
    .pipe(OpsContractAdjustmentSchema);

/**
 * An adjustment of an agent's contract income (adjustment.approve): a new ledger transfer between the merchant's
 * COMMISSIONS account and the agent's cash with its reason; the settled window itself is never rewritten.
 */
export function AdjustDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [requestId] = useState(() => `adj-${row.id}-${crypto.randomUUID().slice(0, 12)}`);
  const form = useZodForm(AdjustFormSchema({ username: row.username, type: row.type, requestId }), {
    direction: 'CREDIT',
    amount: '',
    reason: '',
  });
  const submit = useFormSubmit(form, adjustContractIncome, {
    onSuccess: async () => {
      showToast(t('contracts.adjust.done'));
      await queryClient.invalidateQueries({ queryKey: contractKeys.root });
      onClose();
    },
  });
  const type = t(`contracts.types.${row.type}`);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !submit.busy && onClose()}
      title={t('contracts.adjust.title', { username: row.username, type })}
      description={t('contracts.adjust.description')}
      testId="adjust-dialog"
    >
      <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
        <SelectField
          label={t('contracts.adjust.direction')}
          testId="adjust-direction"
          options={[
            { value: 'CREDIT', label: t('contracts.adjust.credit') },
            { value: 'DEBIT', label: t('contracts.adjust.debit') },
          ]}
          {...form.register('direction')}
        />
        <TextField
          label={t('contracts.adjust.amount')}
          inputMode="decimal"
          testId="adjust-amount"
          error={submit.fieldError('amount')}
          {...form.register('amount')}
        />
        <TextAreaField
          label={t('contracts.adjust.reason')}
          rows={3}
          testId="adjust-reason"
          error={submit.fieldError('reason')}
          {...form.register('reason')}
        />
        <FormError message={submit.formError} testId="adjust-error" />
        <div className="dialog__actions">
          <SubmitButton busy={submit.busy} label={t('contracts.adjust.submit')} testId="adjust-submit" />
        </div>
      </form>
    </Dialog>
  );
}
