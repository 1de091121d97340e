import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError, PasswordField, SubmitButton } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { StaffPasswordSchema } from '@platform/contracts';
import { acceptInvitation, type LoginResult } from '../api/auth-api';

/** The link's token travels in the fragment (`#invite=…`), which no server and no Referer ever sees. */
export const INVITE_FRAGMENT = /^#invite=([A-Za-z0-9_-]{16,128})$/;

type InviteStepProps = { token: string; onResult: (result: LoginResult) => void };

/** An enrolment link (`npm run create-owner`): choose the password, then the enrolment step follows. */
export function InviteStep({ token, onResult }: InviteStepProps) {
  const { t } = useTranslation();
  const InviteFormSchema = z
    .object({ password: StaffPasswordSchema, confirm: z.string() })
    .refine((form) => form.password === form.confirm, { path: ['confirm'], message: t('auth.inviteMismatch') });
  const form = useZodForm(InviteFormSchema, { password: '', confirm: '' });
  const submit = useFormSubmit(form, ({ password }) => acceptInvitation(token, password), { onSuccess: onResult });
  return (
    <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)} data-testid="invite-form">
      <h1 className="auth-card__title">{t('auth.inviteTitle')}</h1>
      <p className="muted">{t('auth.inviteHint')}</p>
      <PasswordField
        label={t('auth.newPassword')}
        autoComplete="new-password"
        required
        testId="invite-password"
        error={submit.fieldError('password')}
        {...form.register('password')}
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        required
        testId="invite-confirm"
        error={submit.fieldError('confirm')}
        {...form.register('confirm')}
      />
      <FormError message={submit.formError} testId="invite-error" />
      <SubmitButton busy={submit.busy} label={t('auth.continue')} testId="invite-submit" block />
    </form>
  );
}
