import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffCreateSchema, type StaffAccount } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { FormError, PasswordField, SelectField, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { useStaff } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { createStaff, staffKeys } from '../api/staff-api';
import { assignableRoles, roleOptions } from './role-options';

type CreateStaffDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** A new staff account: username, display name, role and an initial password (TOTP is enrolled at first sign-in). */
export function CreateStaffDialog({ open, onOpenChange }: CreateStaffDialogProps) {
  const { t } = useTranslation();
  const caller = useStaff();
  const queryClient = useQueryClient();
  const form = useZodForm(StaffCreateSchema, { username: '', displayName: '', password: '', role: 'support' });
  const submit = useFormSubmit(form, createStaff, {
    onSuccess: (account: StaffAccount) => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
      showToast(t('staff.created', { username: account.username }));
      onOpenChange(false);
    },
  });
  useEffect(() => {
    if (!open) submit.reset();
    // Only when the dialog closes: a reopened dialog starts empty.
  }, [open]);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !submit.busy && onOpenChange(next)}
      title={t('staff.createTitle')}
      description={t('staff.createHint')}
      testId="staff-create-dialog"
    >
      <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
        <TextField
          label={t('staff.username')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          required
          testId="staff-create-username"
          error={submit.fieldError('username')}
          {...form.register('username')}
        />
        <TextField
          label={t('staff.displayName')}
          autoComplete="off"
          required
          testId="staff-create-display-name"
          error={submit.fieldError('displayName')}
          {...form.register('displayName')}
        />
        <SelectField
          label={t('staff.role')}
          required
          testId="staff-create-role"
          options={roleOptions(t, assignableRoles(caller.role))}
          error={submit.fieldError('role')}
          {...form.register('role')}
        />
        <PasswordField
          label={t('staff.initialPassword')}
          autoComplete="new-password"
          required
          hint={t('staff.passwordHint')}
          testId="staff-create-password"
          error={submit.fieldError('password')}
          {...form.register('password')}
        />
        <FormError message={submit.formError} testId="staff-create-error" />
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={submit.busy}
            onClick={() => onOpenChange(false)}
          >
            {t('common.cancel')}
          </button>
          <SubmitButton busy={submit.busy} label={t('staff.create')} testId="staff-create-submit" />
        </div>
      </form>
    </Dialog>
  );
}
