import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormError } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { closeAuthDialog, openAuthDialog } from '@/lib/auth-dialog';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { resetPassword } from '../api/reset-password';
import { trimAll } from '../utils/validators';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';

/** The emailed link `/?resetToken=...`: a new password, then the login dialog. */
export function ResetDialog({ token }: { token: string }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({ defaultValues: { newPassword: '', confirmNewPassword: '' } });
  const submit = async (raw: NewPasswordValues) => {
    const values = trimAll(raw);
    setFormError(null);
    try {
      await resetPassword({ token, ...values });
      showToast(t('reset.done'));
      openAuthDialog('login');
    } catch (error) {
      setFormError(errorText(t, error));
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeAuthDialog()}
      title={t('reset.title')}
      description={t('reset.description')}
      testId="reset-dialog"
    >
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <NewPasswordFields register={register} errors={errors} getValues={getValues} prefix="reset" />
        <FormError message={formError} testId="reset-error" />
        <SubmitButton busy={isSubmitting} label={t('reset.submit')} testId="reset-submit" block />
      </form>
    </Dialog>
  );
}
