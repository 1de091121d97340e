import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormError, PasswordField } from '@/components/form-field';
import { closeAuthDialog, openAuthDialog } from '@/lib/auth-dialog';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { resetPassword } from '../api/reset-password';
import { useNewPasswordRules } from '../hooks/use-new-password-rules';
import { trimAll } from '../utils/validators';

type Values = { newPassword: string; confirmNewPassword: string };

/** The emailed link `/?resetToken=...`: a new password, then the login dialog. */
export function ResetDialog({ token }: { token: string }) {
  const { t } = useTranslation();
  const rules = useNewPasswordRules();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { newPassword: '', confirmNewPassword: '' } });
  const submit = async (raw: Values) => {
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
        <PasswordField
          label={t('form.newPassword')}
          required
          testId="reset-new-password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword', { validate: rules.newPassword })}
        />
        <PasswordField
          label={t('form.confirmPassword')}
          required
          testId="reset-confirm-password"
          autoComplete="new-password"
          error={errors.confirmNewPassword?.message}
          {...register('confirmNewPassword', { validate: rules.confirmation(() => getValues('newPassword')) })}
        />
        <FormError message={formError} testId="reset-error" />
        <button
          type="submit"
          className="button button--primary button--block"
          data-testid="reset-submit"
          disabled={isSubmitting}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? t('common.loading') : t('reset.submit')}
        </button>
      </form>
    </Dialog>
  );
}
