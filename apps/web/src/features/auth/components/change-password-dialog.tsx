import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { FormError, PasswordField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { closeAuthDialog } from '@/lib/auth-dialog';
import { errorText } from '@/lib/error-text';
import { mustChangePassword, useSessionUser } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useEndSession } from '@/lib/use-logout';
import { changePassword } from '../api/change-password';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { trimAll } from '../utils/validators';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';

type Values = NewPasswordValues & { oldPassword: string };

/**
 * changePassModal (spec §2, §4, §5): on a login with the weak default or an expired password, and from the member
 * centre. A forced change asks no old password (the server knows the session came from one) and cannot be skipped:
 * closing it ends the session. Success stores the fresh token of the new login and goes home (spec §4).
 */
export function ChangePasswordDialog() {
  const { t } = useTranslation();
  const [forced] = useState(mustChangePassword);
  const user = useSessionUser();
  const completeLogin = useCompleteLogin();
  const endSession = useEndSession();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' } });

  const submit = async (raw: Values) => {
    const values = trimAll(raw);
    setFormError(null);
    try {
      const response = await changePassword({
        ...(forced ? {} : { oldPassword: values.oldPassword }),
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      });
      showToast(t('changePassword.done'));
      // A forced change finishes the login it interrupted (agents on to their centre); otherwise home (spec §2).
      await completeLogin(response, forced ? {} : { destination: ROUTES.home });
    } catch (error) {
      setFormError(errorText(t, error));
    }
  };

  const onOpenChange = (open: boolean) => {
    if (open) return;
    if (forced) void endSession();
    else closeAuthDialog();
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={t('changePassword.title')}
      description={forced ? t('changePassword.forcedDescription') : t('changePassword.description')}
      testId="change-password-dialog"
    >
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        {!forced && (
          <PasswordField
            label={t('form.oldPassword')}
            required
            testId="change-old-password"
            autoComplete="current-password"
            error={errors.oldPassword?.message}
            {...register('oldPassword', { validate: (value) => value.trim() !== '' || t('validation.required') })}
          />
        )}
        <NewPasswordFields
          register={register}
          errors={errors}
          getValues={getValues}
          prefix="change"
          username={user?.account}
        />
        <FormError message={formError} testId="change-error" />
        <SubmitButton busy={isSubmitting} label={t('changePassword.submit')} testId="change-submit" block />
      </form>
    </Dialog>
  );
}
