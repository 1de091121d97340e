import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { Dialog } from './dialog';
import { FormError, TextAreaField } from './form-fields';

export const REASON_MAX_LENGTH = 500;

const ReasonSchema = z.object({
  reason: z.string().trim().min(1, 'form.reasonRequired').max(REASON_MAX_LENGTH, 'form.reasonTooLong'),
});

type ReasonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** Runs the action with the reason; a VALIDATION_FAILED on `reason` shows under the field. */
  onConfirm: (reason: string) => Promise<unknown>;
  danger?: boolean;
  testId?: string;
};

/** A confirmation that needs a written reason (reject, lock, adjust): the reason goes to the audit log. */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  danger = false,
  testId = 'reason-dialog',
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const form = useZodForm(ReasonSchema, { reason: '' });
  const submit = useFormSubmit(form, ({ reason }) => onConfirm(reason), { onSuccess: () => onOpenChange(false) });
  useEffect(() => {
    if (!open) submit.reset();
    // Only when the dialog closes: a reopened dialog starts empty.
  }, [open]);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !submit.busy && onOpenChange(next)}
      title={title}
      description={description}
      testId={testId}
    >
      <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
        <TextAreaField
          label={t('form.reason')}
          required
          rows={3}
          maxLength={REASON_MAX_LENGTH}
          testId={`${testId}-reason`}
          error={submit.fieldError('reason')}
          {...form.register('reason')}
        />
        <FormError message={submit.formError} testId={`${testId}-error`} />
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={submit.busy}
            onClick={() => onOpenChange(false)}
          >
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={danger ? 'button button--danger' : 'button button--primary'}
            data-testid={`${testId}-confirm`}
            disabled={submit.busy}
            aria-busy={submit.busy || undefined}
          >
            {submit.busy ? t('common.working') : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
