import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MerchantStaffRoleSchema, type StaffAccount } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { FormError, SelectField, SubmitButton } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { useStaff } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { staffKeys, updateStaff } from '../api/staff-api';
import { assignableRoles, roleOptions } from './role-options';

const ChangeRoleSchema = z.object({ role: MerchantStaffRoleSchema });

type ChangeRoleDialogProps = { account: StaffAccount | null; onClose: () => void };

/** A new role for another staff member; the change takes effect on their next call (permissions are per call). */
export function ChangeRoleDialog({ account, onClose }: ChangeRoleDialogProps) {
  const { t } = useTranslation();
  const caller = useStaff();
  const queryClient = useQueryClient();
  const form = useZodForm(ChangeRoleSchema, { role: 'support' });
  const submit = useFormSubmit(form, ({ role }) => updateStaff(account?.id ?? '', { role }), {
    onSuccess: (updated: StaffAccount) => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
      showToast(t('staff.roleChanged', { username: updated.username, role: t(`roles.${updated.role}`) }));
      onClose();
    },
  });
  useEffect(() => {
    if (account && account.role !== 'super') form.reset({ role: account.role });
  }, [account]);
  return (
    <Dialog
      open={account !== null}
      onOpenChange={(next) => !next && !submit.busy && onClose()}
      title={t('staff.changeRoleTitle', { username: account?.username ?? '' })}
      description={t('staff.changeRoleHint')}
      testId="staff-role-dialog"
    >
      <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
        <SelectField
          label={t('staff.role')}
          required
          testId="staff-role-select"
          options={roleOptions(t, assignableRoles(caller.role))}
          error={submit.fieldError('role')}
          {...form.register('role')}
        />
        <FormError message={submit.formError} testId="staff-role-error" />
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" disabled={submit.busy} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton busy={submit.busy} label={t('common.save')} testId="staff-role-submit" />
        </div>
      </form>
    </Dialog>
  );
}
