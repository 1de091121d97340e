import { useTranslation } from 'react-i18next';
import { FormError, PasswordField, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { StaffLoginRequestSchema } from '@platform/contracts';
import { login, type LoginResult } from '../api/auth-api';

/** Step 1: username and password. The answer says whether a code (MFA) or an enrolment comes next. */
export function PasswordStep({ notice, onResult }: { notice: string | null; onResult: (result: LoginResult) => void }) {
  const { t } = useTranslation();
  const form = useZodForm(StaffLoginRequestSchema, { username: '', password: '' });
  const submit = useFormSubmit(form, login, { onSuccess: onResult });
  return (
    <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)} data-testid="sign-in-form">
      <h1 className="auth-card__title">{t('auth.signInTitle')}</h1>
      {notice && (
        <p className="notice" role="status" data-testid="sign-in-notice">
          {notice}
        </p>
      )}
      <TextField
        label={t('auth.username')}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        required
        testId="sign-in-username"
        error={submit.fieldError('username')}
        {...form.register('username')}
      />
      <PasswordField
        label={t('auth.password')}
        autoComplete="current-password"
        required
        testId="sign-in-password"
        error={submit.fieldError('password')}
        {...form.register('password')}
      />
      <FormError message={submit.formError} testId="sign-in-error" />
      <SubmitButton busy={submit.busy} label={t('auth.signIn')} testId="sign-in-submit" block />
    </form>
  );
}
