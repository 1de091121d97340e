import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { Dialog } from '@/components/dialog';
import { CheckboxField, FormError, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, type FormSubmit } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { CONTENT_KINDS, type ContentKind } from './content-form';

type ContentSubmitOptions = { editing: boolean; onClose: () => void };

/**
 * Sends a content dialog's form (useFormSubmit: the client's check first, then the server's field errors under the
 * fields); once saved, refreshes the kind's list, says so in a toast and closes the dialog.
 */
export function useContentSubmit<Input extends FieldValues, Output, Saved extends { title: string }>(
  kind: ContentKind,
  form: UseFormReturn<Input, unknown, Output>,
  send: (values: Output) => Promise<Saved>,
  { editing, onClose }: ContentSubmitOptions,
): FormSubmit {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { texts, queryKey } = CONTENT_KINDS[kind];
  return useFormSubmit(form, send, {
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey });
      showToast(t(`${texts}.${editing ? 'updated' : 'created'}`, { title: saved.title }));
      onClose();
    },
  });
}

type ContentDialogProps = {
  kind: ContentKind;
  editing: boolean;
  submit: FormSubmit;
  onClose: () => void;
  /** Instead of the kind's "create" or "edit" title. */
  title?: string;
  /** The form's fields. */
  children: ReactNode;
};

/** A content form in a wide dialog, with its form-level error, Cancel and Save; it cannot close while saving. */
export function ContentDialog({ kind, editing, submit, onClose, title, children }: ContentDialogProps) {
  const { t } = useTranslation();
  const { texts } = CONTENT_KINDS[kind];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !submit.busy && onClose()}
      title={title ?? t(`${texts}.${editing ? 'editTitle' : 'createTitle'}`)}
      description={t(`${texts}.formHint`)}
      className="dialog--wide"
      testId={`${kind}-dialog`}
    >
      <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
        {children}
        <FormError message={submit.formError} testId={`${kind}-form-error`} />
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" disabled={submit.busy} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton busy={submit.busy} label={t('common.save')} testId={`${kind}-submit`} />
        </div>
      </form>
    </Dialog>
  );
}

type ScheduleFieldName = 'sort' | 'startsAt' | 'endsAt' | 'enabled';

type ScheduleFieldsProps = {
  kind: 'banner' | 'notice';
  submit: FormSubmit;
  /** The form's `register` (the form has these four fields). */
  register: (name: ScheduleFieldName) => UseFormRegisterReturn;
};

/** The order, the schedule and the on/off switch of a banner or a notice. */
export function ScheduleFields({ kind, submit, register }: ScheduleFieldsProps) {
  const { t } = useTranslation();
  const { texts } = CONTENT_KINDS[kind];
  return (
    <>
      <div className="form__grid">
        <TextField
          label={t('content.order')}
          type="number"
          step={1}
          hint={t('content.orderHint')}
          testId={`${kind}-sort`}
          error={submit.fieldError('sort')}
          {...register('sort')}
        />
        <TextField
          label={t('content.startsAt')}
          type="datetime-local"
          hint={t(`${texts}.startsAtHint`)}
          testId={`${kind}-starts-at`}
          error={submit.fieldError('startsAt')}
          {...register('startsAt')}
        />
        <TextField
          label={t('content.endsAt')}
          type="datetime-local"
          hint={t('content.endsAtHint')}
          testId={`${kind}-ends-at`}
          error={submit.fieldError('endsAt')}
          {...register('endsAt')}
        />
      </div>
      <CheckboxField
        label={t('content.enabled')}
        testId={`${kind}-enabled`}
        error={submit.fieldError('enabled')}
        {...register('enabled')}
      />
    </>
  );
}
